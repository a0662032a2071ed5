import { normaliseSearch } from './listing.ts';

// The storefront's search rule (SPEC 4's ordering-bar search and the search listing): which words a
// text asks for, how a mistyped word is corrected against the catalogue's words, which words stand
// for a prefix still being typed, and how many candidates are ranked. The server's SQL executor
// (catalogue/search.service.ts: tsquery and pg_trgm's similarity) and its in-memory executor
// (catalogue/name-search.ts) both run the plan made here; the catalogue's words come from the
// database (catalogue/vocabulary.ts). docs/catalogue-rules.md.

/** Words of a search text: lower-case letters and digits only, so nothing typed reaches tsquery syntax. */
export function searchWords(text: string): string[] {
  // A decimal stays one word ('2.5'), as PostgreSQL's parser reads it.
  return (normaliseSearch(text).toLowerCase().match(/[\p{L}\p{N}]+(?:\.\p{N}+)?/gu) ?? []).slice(0, 16);
}

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

/** The vocabulary of the full-text index's words (ts_stat): those a typed word can be, as searchWords reads words. */
export function vocabularyOf(indexWords: readonly string[]): Vocabulary {
  const words = indexWords.filter((w) => /^[\p{L}\p{N}]+(?:\.\p{N}+)?$/u.test(w));
  return { words, has: new Set(words) };
}

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

/** Typo tolerance: no edit for words of 1-2 letters, one for 3-5, two for longer words. */
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
 * being typed. Without a vocabulary every word is taken as typed.
 */
export function planSearch(text: string, vocab: Vocabulary | null): SearchPlan | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
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

// ---- The dropdown's order (issue 38: declared once; search.service.ts's SQL and name-search.ts's memory executor derive theirs from it) ----

/**
 * What the dropdown orders by: the length of a product's name in characters (SQL's length(name)), its
 * id, the similarity of its name to the plan's phrase (pg_trgm's similarity, higher is closer) and
 * whether it is out of stock (stock 0: 1, else 0).
 */
export type SearchOrderField = 'name_length' | 'id' | 'similarity' | 'out_of_stock';
export interface SearchOrderKey {
  field: SearchOrderField;
  direction: 'asc' | 'desc';
}

/**
 * SPEC 2's ordering-bar dropdown (and quick order's search, issue 21), step one: of the active products
 * whose names have every word of the plan, the RANK_CANDIDATES taken in this order are ranked: the
 * shortest names first, then by id (the most similar names are short ones, RANK_CANDIDATES).
 */
export const SEARCH_CANDIDATE_ORDER: readonly SearchOrderKey[] = [
  { field: 'name_length', direction: 'asc' },
  { field: 'id', direction: 'asc' },
];

/**
 * Step two, the order shown: the names most similar to the corrected words first, then in stock before
 * out of stock, then by id; at most the dropdown's limit. When no name has every word, the words but
 * the last (fallbackGroups) are tried the same way.
 */
export const SEARCH_RESULT_ORDER: readonly SearchOrderKey[] = [
  { field: 'similarity', direction: 'desc' },
  { field: 'out_of_stock', direction: 'asc' },
  { field: 'id', direction: 'asc' },
];

/**
 * The comparator of a search order over items whose fields `value` reads as numbers: the in-memory
 * executor's (name-search.ts) and the tests' reference.
 */
export function compareSearchBy<T>(keys: readonly SearchOrderKey[], value: (item: T, field: SearchOrderField) => number): (a: T, b: T) => number {
  return (a, b) => {
    for (const k of keys) {
      const c = value(a, k.field) - value(b, k.field);
      if (c !== 0) return k.direction === 'desc' ? -c : c;
    }
    return 0;
  };
}

/** The plan's words but the last (it may be half typed), tried when no name has them all; null for a single word. */
export function fallbackGroups(plan: SearchPlan): string[][] | null {
  return plan.groups.length > 1 ? plan.groups.slice(0, -1) : null;
}
