import { type Vocabulary, vocabularyOf } from '@shop/domain/search-plan';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// The catalogue's words for the search rule's typo tolerance (packages/domain's search-plan.ts), read
// from the full-text index of product names.

const REFRESH_MS = 10 * 60_000;

export function createVocabularySource(db: Db) {
  let current: Vocabulary | null = null;
  let loadedAt = 0;
  let loading: Promise<Vocabulary> | null = null;
  const load = async (): Promise<Vocabulary> => {
    const result = await db.execute<{ word: string }>(
      sql`select word from ts_stat('select name_tsv from products')`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: { word: string }[] }).rows) as { word: string }[];
    current = vocabularyOf(rows.map((r) => r.word));
    loadedAt = Date.now();
    return current;
  };
  return {
    /** The vocabulary; loaded on first use, refreshed in the background when old. */
    async get(): Promise<Vocabulary> {
      if (current && Date.now() - loadedAt > REFRESH_MS && !loading) {
        loading = load().finally(() => {
          loading = null;
        });
      }
      if (current) return current;
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
  };
}
export type VocabularySource = ReturnType<typeof createVocabularySource>;
