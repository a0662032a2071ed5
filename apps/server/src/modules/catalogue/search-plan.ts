import { normaliseSearch } from '@shop/domain/listing';
import { correctWord, type Vocabulary, type VocabularySource } from './vocabulary.ts';

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

