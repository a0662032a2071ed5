import type { Product } from '@shop/domain/catalogue';
import { normaliseSearch } from '@shop/domain/listing';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/catalogue.ts';
import { productJsonColumns, productsAsJson } from './pricing.service.ts';
import type { CatalogueIndex } from './catalogue-index.ts';
import { correctWord, type Vocabulary, type VocabularySource } from './vocabulary.ts';

/** Words of a search text: lower-case letters and digits only, so nothing typed reaches tsquery syntax. */
export function searchWords(text: string): string[] {
  // A decimal stays one word ('2.5'), as PostgreSQL's parser reads it.
  return (normaliseSearch(text).toLowerCase().match(/[\p{L}\p{N}]+(?:\.\p{N}+)?/gu) ?? []).slice(0, 16);
}

// The stored to_tsvector('simple', name) of migration 0005, with its GIN index: matching reads the
// stored words instead of parsing every candidate's name again (the index's recheck did, 15 µs a row).
const document = sql`name_tsv`;

/**
 * The dropdown ranks at most this many candidates by similarity, the shortest names first. Every
 * candidate contains all the typed words, so among them trigram similarity falls as the name grows:
 * the most similar names are short ones. A broad word ('tea', 'rice') matches thousands of names,
 * and similarity costs about 10 µs a name on the embedded database; this bounds the cost.
 */
export const RANK_CANDIDATES = 300;

/** At most this many catalogue words stand for a prefix; a shorter prefix stays a tsquery prefix. */
const MAX_PREFIX_WORDS = 24;

/**
 * A word still being typed, as the catalogue words that begin with it ('ric' -> ric | rice | ricebran),
 * or as the tsquery prefix 'ric:*' when it begins more than MAX_PREFIX_WORDS of them (or there is no
 * vocabulary). The same matches either way, but planning a GIN prefix match cost about 9 ms on the
 * embedded database against 0.6 ms for whole words. (Words new in the last 10 minutes, before the
 * vocabulary refreshes, are found by their whole spelling only.)
 */
function prefixTerms(prefix: string, vocab: Vocabulary | null): string[] {
  if (vocab) {
    const words: string[] = [];
    for (const w of vocab.words) {
      if (w.startsWith(prefix) && words.push(w) > MAX_PREFIX_WORDS) break;
    }
    if (words.length > 0 && words.length <= MAX_PREFIX_WORDS) return words;
  }
  return [`${prefix}:*`];
}

export interface SearchSql {
  where: SQL;
  /** Higher is better. */
  rank: SQL;
  /** All words but the last (which may be half typed), for a second try when no name has them all. */
  loose: SQL;
}

/**
 * What a search text asks for: per typed word, its full-text terms (any of them may match; a
 * prefix as 'ric:*'), and the corrected words as one phrase for ranking. Null when nothing was
 * typed; no groups when nothing typed resembles any name.
 */
export interface SearchPlan {
  groups: string[][];
  phrase: string;
}

/**
 * Each typed word becomes its likely spellings (typo correction against the catalogue's words),
 * as full-text terms in any order; the last word also matches as a prefix, since it may still be
 * being typed.
 */
export async function searchPlan(text: string, vocabulary?: VocabularySource): Promise<SearchPlan | null> {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const vocab = vocabulary ? await vocabulary.get() : null;
  const groups: string[][] = [];
  const corrected: string[] = [];
  words.forEach((word, i) => {
    const isLast = i === words.length - 1;
    const { terms, prefix } = vocab ? correctWord(word, vocab, isLast) : { terms: [word], prefix: isLast };
    if (terms.length === 0) return;
    corrected.push(terms[0] as string);
    groups.push(terms.flatMap((t) => (prefix ? prefixTerms(t, vocab) : [t])));
  });
  return { groups, phrase: corrected.join(' ') };
}

/**
 * searchPlan as SQL. Ranking is pg_trgm similarity of the corrected text to the name, so the closest
 * names come first (ts_rank would rebuild every candidate's tsvector, several times slower). Text
 * reaches SQL only as bound parameters of letters and digits.
 */
export async function searchSql(text: string, vocabulary?: VocabularySource): Promise<SearchSql | null> {
  const plan = await searchPlan(text, vocabulary);
  if (!plan) return null;
  const groups = plan.groups.map((terms) => `(${terms.join(' | ')})`);
  // Nothing typed resembles any name: match nothing rather than everything.
  // (A bare 0 in ORDER BY would mean 'column 0', hence the cast.)
  if (groups.length === 0) return { where: sql`false`, rank: sql`cast(0 as real)`, loose: sql`false` };
  const strict = sql`to_tsquery('simple', ${groups.join(' & ')})`;
  const loose = groups.length > 1 ? sql`to_tsquery('simple', ${groups.slice(0, -1).join(' & ')})` : null;
  return {
    where: sql`${document} @@ ${strict}`,
    rank: sql`similarity(${plan.phrase}, ${products.name})`,
    loose: loose ? sql`${document} @@ ${loose}` : sql`false`,
  };
}

/** SPEC 2: the ordering-bar dropdown, at most `limit` (30) products ranked by relevance. */
export async function searchProducts(
  db: Db,
  businessId: number | null,
  text: string,
  limit: number,
  vocabulary?: VocabularySource,
  index?: CatalogueIndex,
): Promise<Product[]> {
  if (index) {
    const found = await index.search(text, limit, businessId, vocabulary);
    if (found) return found;
  }
  const s = await searchSql(text, vocabulary);
  if (!s) return [];
  const run = (where: SQL) =>
    productsAsJson(
      db,
      db
        .select(productJsonColumns(businessId))
      .from(products)
      .where(
        sql`${products.id} in (select c.id from ${products} c where ${where} order by length(c.name), c.id limit ${RANK_CANDIDATES})`,
      )
        .orderBy(sql`${s.rank} desc`, sql`${products.stock} = 0`, products.id)
        .limit(limit),
    );
  let rows = await run(s.where);
  if (rows.length === 0) rows = await run(s.loose);
  return rows;
}
