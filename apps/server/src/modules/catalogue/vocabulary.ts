import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The distinct words of product names, for typo correction. The catalogue has a few thousand
 * distinct words even at 100,000 products, so correcting a typed word against them in memory takes
 * microseconds, and the corrected words then go through the full-text index. (PostgreSQL's own
 * advice for pg_trgm spelling suggestions is the same: a separate table of words.)
 */
export interface Vocabulary {
  words: readonly string[];
  /** Lower-case word -> true, for exact hits. */
  has: ReadonlySet<string>;
}

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
    const words = rows.map((r) => r.word).filter((w) => /^[\p{L}\p{N}]+(?:\.\p{N}+)?$/u.test(w));
    current = { words, has: new Set(words) };
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

/** Optimal string alignment distance (a swap of two neighbours counts 1), stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Three rows reused (this runs for every vocabulary word a typo is compared with).
  const width = b.length + 1;
  let prev2 = new Int32Array(width);
  let prev = new Int32Array(width);
  let row = new Int32Array(width);
  for (let j = 0; j < width; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) v = Math.min(v, prev2[j - 2]! + 1);
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    [prev2, prev, row] = [prev, row, prev2];
  }
  return prev[b.length]!;
}

const allowedEdits = (length: number) => (length <= 2 ? 0 : length <= 5 ? 1 : 2);

/**
 * The spellings a typed word may stand for: itself when some name word starts with it, else the
 * closest vocabulary words (one edit for short words, two for long ones), also as a prefix for
 * the word still being typed. Empty when nothing is close: the word is then ignored.
 */
export function correctWord(word: string, vocabulary: Vocabulary, isLast: boolean): { terms: string[]; prefix: boolean } {
  if (vocabulary.has.has(word)) return { terms: [word], prefix: isLast };
  if (isLast && vocabulary.words.some((w) => w.startsWith(word))) return { terms: [word], prefix: true };
  const max = allowedEdits(word.length);
  if (max === 0) return { terms: [], prefix: false };
  const scored: Array<{ w: string; d: number }> = [];
  for (const w of vocabulary.words) {
    let d = editDistance(word, w, max);
    // The word being typed may be a misspelt beginning: one edit against the start of a longer word.
    if (d > max && isLast && w.length > word.length && editDistance(word, w.slice(0, word.length), 1) <= 1) d = max;
    if (d <= max) scored.push({ w, d });
  }
  scored.sort((x, y) => x.d - y.d || x.w.length - y.w.length);
  const best = scored[0]?.d;
  return { terms: scored.filter((s) => s.d === best).slice(0, 6).map((s) => s.w), prefix: false };
}
