// The ordering-bar search's words in memory (catalogue-index.ts holds one per catalogue copy).
import { compareSearchBy, fallbackGroups, RANK_CANDIDATES, SEARCH_CANDIDATE_ORDER, SEARCH_RESULT_ORDER, type SearchOrderField, type SearchPlan } from '@shop/domain/search-plan';
import { similarity, trigramCodes } from './trigram-similarity.ts';

/** A search group of at most this many lexemes is read as a merge of their postings (shortestMatches). */
const MERGE_LEXEMES = 16;

/**
 * Product names for search, as flat arrays (a handful of objects for the garbage collector, not one
 * per name), by product position:
 * the distinct lexemes of the stored name_tsv, sorted (a prefix 'ric:*' is a range of ids);
 * per lexeme id the products having it, as their places in name-length order, shortest first
 * (postingData from postingStart[id] to postingStart[id + 1]; byLength turns a place into a product);
 * per product its lexeme ids (wordStart / wordData) and its name's trigrams (trigramCodes).
 */
export interface NameSearch {
  n: number;
  lexemes: string[];
  lexemeIds: Map<string, number>;
  postingStart: Int32Array;
  postingData: Int32Array;
  wordStart: Int32Array;
  /** Lexeme ids: 16-bit while there are at most 65,536 lexemes (lexemeIdArray), else 32. */
  wordData: Int32Array | Uint16Array;
  trigramStart: Int32Array;
  trigramData: Uint16Array;
  /** Names' place in (length, id) order: the order in which search takes its candidates. */
  shortRank: Int32Array;
  /** The products in (length, id) order (shortRank's inverse). */
  byLength: Int32Array;
  /** Whether the name is plain ASCII (similarity in memory follows pg_trgm exactly only for it). */
  ascii: Uint8Array;
  /** The name's length in characters (code points), as SQL's length(name). */
  lengths: Int32Array;
  /** Per place in name-length order, the last search that marked it (shortestMatches). */
  stamp: Int32Array;
  epoch: number;
}

const isAscii = (text: string) => /^\p{ASCII}*$/u.test(text);

const noField = (field: SearchOrderField): never => {
  throw new Error(`name search: ${field} is not known here`);
};

/**
 * SEARCH_CANDIDATE_ORDER (search-plan.ts) over product positions, which are in id order: by the
 * names' lengths, then by position. The postings are laid out in this order (byLength), so the
 * candidates are read in it.
 */
const candidateOrder = (lengths: Int32Array) =>
  compareSearchBy<number>(SEARCH_CANDIDATE_ORDER, (i, field) => (field === 'name_length' ? lengths[i]! : field === 'id' ? i : noField(field)));

type NumberArray = Int32Array | Uint16Array;

/** The array type for lexeme ids: 2 bytes each while every id fits (issue 17: 3.5 MB to 1.7 MB at 100,000 names). */
const lexemeIdArray = (lexemes: number): { new (n: number): Int32Array | Uint16Array } => (lexemes <= 0x10000 ? Uint16Array : Int32Array);

/** A growing list of integers in one typed array (a JS array of millions of numbers is heap the load leaves behind). */
class NumberList<A extends NumberArray> {
  private data: A;
  length = 0;
  constructor(private readonly make: { new (n: number): A }) {
    this.data = new make(1024);
  }
  private room(extra: number) {
    if (this.length + extra <= this.data.length) return;
    const bigger = new this.make(Math.max(this.data.length * 2, this.length + extra));
    bigger.set(this.data.subarray(0, this.length));
    this.data = bigger;
  }
  push(value: number) {
    this.room(1);
    this.data[this.length++] = value;
  }
  append(values: ArrayLike<number>) {
    this.room(values.length);
    this.data.set(values, this.length);
    this.length += values.length;
  }
  /** The list as an array of its own length. */
  done(): A {
    return this.data.slice(0, this.length) as A;
  }
}

/** A structure for n names and these lexemes with every array sized and empty, for a build or a patch to fill. */
function emptyNameSearch(n: number, lexemes: string[], lexemeIds: Map<string, number>): NameSearch {
  return {
    n,
    lexemes,
    lexemeIds,
    postingStart: new Int32Array(lexemes.length + 1),
    postingData: new Int32Array(0),
    wordStart: new Int32Array(n + 1),
    wordData: new Int32Array(0),
    trigramStart: new Int32Array(n + 1),
    trigramData: new Uint16Array(0),
    shortRank: new Int32Array(n),
    byLength: new Int32Array(n),
    ascii: new Uint8Array(n),
    lengths: new Int32Array(n),
    stamp: new Int32Array(n),
    epoch: 0,
  };
}

/**
 * The search structure of names (in id order) and their stored name_tsv lexemes (space-separated,
 * as the database gives them).
 */
export function buildNameSearch(names: readonly string[], words: readonly string[]): NameSearch {
  const n = names.length;
  const ns: NameSearch = { ...emptyNameSearch(n, [], new Map()), ascii: Uint8Array.from(names, (name) => (isAscii(name) ? 1 : 0)), lengths: new Int32Array(0) };
  const byLength = new Int32Array(n);
  for (let i = 0; i < n; i++) byLength[i] = i;
  // length(name) counts characters (code points).
  const length = Int32Array.from(names, (name, i) => (ns.ascii[i] ? name.length : [...name].length));
  ns.lengths = length;
  byLength.sort(candidateOrder(length));
  byLength.forEach((i, rank) => {
    ns.shortRank[i] = rank;
  });
  ns.byLength = byLength;
  // Each product's lexemes are split twice (once for the sorted list, once for the ids) rather than
  // kept as 100,000 arrays of strings: what a load leaves behind in the heap stays in the resident size.
  const lexemesOf = (i: number) => words[i]!.split(' ').filter(Boolean);
  const distinct = new Set<string>();
  for (let i = 0; i < n; i++) for (const lexeme of lexemesOf(i)) distinct.add(lexeme);
  ns.lexemes = [...distinct].sort();
  ns.lexemes.forEach((lexeme, id) => {
    ns.lexemeIds.set(lexeme, id);
  });
  const wordData = new NumberList<Int32Array | Uint16Array>(lexemeIdArray(ns.lexemes.length));
  const postingCount = new Int32Array(ns.lexemes.length + 1);
  for (let i = 0; i < n; i++) {
    ns.wordStart[i] = wordData.length;
    for (const lexeme of lexemesOf(i)) {
      const id = ns.lexemeIds.get(lexeme)!;
      wordData.push(id);
      postingCount[id + 1]!++;
    }
  }
  ns.wordStart[n] = wordData.length;
  ns.wordData = wordData.done();
  ns.postingStart = new Int32Array(ns.lexemes.length + 1);
  for (let id = 0; id < ns.lexemes.length; id++) ns.postingStart[id + 1] = ns.postingStart[id]! + postingCount[id + 1]!;
  ns.postingData = new Int32Array(ns.wordData.length);
  const fill = ns.postingStart.slice(0, ns.lexemes.length);
  // Each lexeme's products as their places in name-length order, shortest first.
  for (let rank = 0; rank < n; rank++) {
    const i = byLength[rank]!;
    for (let x = ns.wordStart[i]!; x < ns.wordStart[i + 1]!; x++) ns.postingData[fill[ns.wordData[x]!]!++] = rank;
  }
  const trigramData = new NumberList(Uint16Array);
  names.forEach((name, i) => {
    ns.trigramStart[i] = trigramData.length;
    if (ns.ascii[i]) trigramData.append(trigramCodes(name));
  });
  ns.trigramStart[n] = trigramData.length;
  ns.trigramData = trigramData.done();
  return ns;
}

/**
 * The search structure after some products changed (catalogue-index.ts patchSnapshot), equal to
 * buildNameSearch of the new names and lexemes without computing them again for every product:
 * `moved` gives each old product's new position (-1: removed or changed), `fresh` the changed and new
 * products at their new positions (with their names and stored lexemes), `n` the new count. Unchanged
 * products keep their lexemes (renumbered when the sorted lexeme list gains or loses one), trigrams
 * and place in name-length order; the postings are laid out again from those (flat arrays, no strings).
 */
export function patchNameSearch(old: NameSearch, moved: Int32Array, n: number, fresh: readonly { at: number; name: string; words: string }[]): NameSearch {
  const freshAt = new Int32Array(n).fill(-1);
  fresh.forEach((f, k) => {
    freshAt[f.at] = k;
  });
  const freshWords = fresh.map((f) => f.words.split(' ').filter(Boolean));
  // Lexemes still used by a kept product, and the new ones of the fresh products.
  const used = new Uint8Array(old.lexemes.length);
  for (let i = 0; i < old.n; i++) if (moved[i]! >= 0) for (let x = old.wordStart[i]!; x < old.wordStart[i + 1]!; x++) used[old.wordData[x]!] = 1;
  const added = new Set<string>();
  for (const list of freshWords) for (const w of list) if (!old.lexemeIds.has(w)) added.add(w);
  for (const list of freshWords) for (const w of list) if (old.lexemeIds.has(w)) used[old.lexemeIds.get(w)!] = 1;
  let lexemes = old.lexemes;
  let lexemeIds = old.lexemeIds;
  let renumber: Int32Array | null = null;
  if (added.size > 0 || used.includes(0)) {
    lexemes = [...old.lexemes.filter((_, id) => used[id] === 1), ...added].sort();
    lexemeIds = new Map(lexemes.map((w, id) => [w, id]));
    renumber = Int32Array.from(old.lexemes, (w) => lexemeIds.get(w) ?? -1);
  }
  const ns = emptyNameSearch(n, lexemes, lexemeIds);
  const oldAt = new Int32Array(n).fill(-1);
  for (let i = 0; i < old.n; i++) if (moved[i]! >= 0) oldAt[moved[i]!] = i;
  const freshTrigrams = fresh.map((f) => (isAscii(f.name) ? trigramCodes(f.name) : new Uint16Array(0)));
  let words = 0;
  let trigrams = 0;
  for (let i = 0; i < n; i++) {
    const o = oldAt[i]!;
    if (o >= 0) {
      ns.ascii[i] = old.ascii[o]!;
      ns.lengths[i] = old.lengths[o]!;
      words += old.wordStart[o + 1]! - old.wordStart[o]!;
      trigrams += old.trigramStart[o + 1]! - old.trigramStart[o]!;
    } else {
      const k = freshAt[i]!;
      const name = fresh[k]!.name;
      ns.ascii[i] = isAscii(name) ? 1 : 0;
      ns.lengths[i] = ns.ascii[i] ? name.length : [...name].length;
      words += freshWords[k]!.length;
      trigrams += freshTrigrams[k]!.length;
    }
  }
  ns.wordData = new (lexemeIdArray(lexemes.length))(words);
  ns.trigramData = new Uint16Array(trigrams);
  const postingCount = new Int32Array(lexemes.length + 1);
  let w = 0;
  let t = 0;
  for (let i = 0; i < n; i++) {
    ns.wordStart[i] = w;
    ns.trigramStart[i] = t;
    const o = oldAt[i]!;
    if (o >= 0) {
      for (let x = old.wordStart[o]!; x < old.wordStart[o + 1]!; x++) ns.wordData[w++] = renumber ? renumber[old.wordData[x]!]! : old.wordData[x]!;
      ns.trigramData.set(old.trigramData.subarray(old.trigramStart[o]!, old.trigramStart[o + 1]!), t);
      t += old.trigramStart[o + 1]! - old.trigramStart[o]!;
    } else {
      const k = freshAt[i]!;
      for (const word of freshWords[k]!) ns.wordData[w++] = lexemeIds.get(word)!;
      ns.trigramData.set(freshTrigrams[k]!, t);
      t += freshTrigrams[k]!.length;
    }
    for (let x = ns.wordStart[i]!; x < w; x++) postingCount[ns.wordData[x]! + 1]!++;
  }
  ns.wordStart[n] = w;
  ns.trigramStart[n] = t;
  // (length, position) order: the kept products in their old order (positions keep their order), the
  // fresh ones sorted and merged in.
  const kept = new Int32Array(old.n);
  let size = 0;
  for (let rank = 0; rank < old.n; rank++) {
    const i = moved[old.byLength[rank]!]!;
    if (i >= 0) kept[size++] = i;
  }
  const byLengthOrder = candidateOrder(ns.lengths);
  const freshPlaces = Int32Array.from(fresh, (f) => f.at).sort(byLengthOrder);
  let x = 0;
  let y = 0;
  let o = 0;
  while (x < size && y < freshPlaces.length) ns.byLength[o++] = byLengthOrder(freshPlaces[y]!, kept[x]!) < 0 ? freshPlaces[y++]! : kept[x++]!;
  while (x < size) ns.byLength[o++] = kept[x++]!;
  while (y < freshPlaces.length) ns.byLength[o++] = freshPlaces[y++]!;
  ns.byLength.forEach((i, rank) => {
    ns.shortRank[i] = rank;
  });
  for (let id = 0; id < lexemes.length; id++) ns.postingStart[id + 1] = ns.postingStart[id]! + postingCount[id + 1]!;
  ns.postingData = new Int32Array(w);
  const fill = ns.postingStart.slice(0, lexemes.length);
  for (let rank = 0; rank < n; rank++) {
    const i = ns.byLength[rank]!;
    for (let z = ns.wordStart[i]!; z < ns.wordStart[i + 1]!; z++) ns.postingData[fill[ns.wordData[z]!]!++] = rank;
  }
  return ns;
}

/** A group of ORed terms (lexemes, or prefixes written 'ric:*') as ranges [from, to) of lexeme ids. */
function lexemeRanges(s: NameSearch, terms: readonly string[]): number[] {
  const firstAtLeast = (text: string) => {
    let lo = 0;
    let hi = s.lexemes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (s.lexemes[mid]! < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const ranges: number[] = [];
  for (const term of terms) {
    if (term.endsWith(':*')) {
      const prefix = term.slice(0, -2);
      // Every lexeme beginning with the prefix sorts between it and the prefix followed by U+FFFF.
      const from = firstAtLeast(prefix);
      const to = firstAtLeast(`${prefix}\uffff`);
      if (from < to) ranges.push(from, to);
    } else {
      const id = s.lexemeIds.get(term);
      if (id !== undefined) ranges.push(id, id + 1);
    }
  }
  return ranges;
}

/**
 * The RANK_CANDIDATES shortest names (length, then id) matching every group of a tsquery of ANDed
 * groups of ORed terms. Postings are kept shortest name first, so the group with the fewest
 * postings is read in that order (its lexemes' lists merged) and each name is checked against the
 * other groups by its own few lexemes, stopping at RANK_CANDIDATES: a broad word ('rice', 16,000
 * names) costs its first few hundred postings, not all of them. A group of many lexemes (a short
 * prefix) is marked per place instead, and the places walked in order.
 */
function shortestMatches(s: NameSearch, groups: readonly string[][]): number[] {
  const ranges = groups.map((g) => lexemeRanges(s, g));
  if (ranges.some((r) => r.length === 0)) return [];
  const { stamp, postingStart, postingData, wordStart, wordData, byLength } = s;
  const size = (r: number[]) => {
    let total = 0;
    for (let x = 0; x < r.length; x += 2) total += postingStart[r[x + 1]!]! - postingStart[r[x]!]!;
    return total;
  };
  ranges.sort((a, b) => size(a) - size(b));
  const others = ranges.slice(1).map((r) => {
    const inGroup = new Uint8Array(s.lexemes.length);
    for (let x = 0; x < r.length; x += 2) inGroup.fill(1, r[x]!, r[x + 1]!);
    return inGroup;
  });
  const passes = (i: number) => {
    for (const inGroup of others) {
      let found = false;
      for (let w = wordStart[i]!; w < wordStart[i + 1]! && !found; w++) found = inGroup[wordData[w]!] === 1;
      if (!found) return false;
    }
    return true;
  };
  const lexemes: number[] = [];
  const first = ranges[0]!;
  for (let x = 0; x < first.length; x += 2) for (let id = first[x]!; id < first[x + 1]!; id++) lexemes.push(id);
  const result: number[] = [];
  if (lexemes.length <= MERGE_LEXEMES) {
    const at = lexemes.map((id) => postingStart[id]!);
    const end = lexemes.map((id) => postingStart[id + 1]!);
    let previous = -1;
    while (result.length < RANK_CANDIDATES) {
      let best = -1;
      let bestPlace = Number.POSITIVE_INFINITY;
      for (let k = 0; k < at.length; k++) {
        if (at[k]! < end[k]! && postingData[at[k]!]! < bestPlace) {
          bestPlace = postingData[at[k]!]!;
          best = k;
        }
      }
      if (best < 0) break;
      at[best]!++;
      if (bestPlace === previous) continue; // the same name under two ORed terms
      previous = bestPlace;
      const i = byLength[bestPlace]!;
      if (passes(i)) result.push(i);
    }
    return result;
  }
  if (s.epoch > 2_000_000_000) {
    stamp.fill(0);
    s.epoch = 0;
  }
  const mark = ++s.epoch;
  let lowest = s.n;
  let highest = -1;
  for (const id of lexemes) {
    for (let p = postingStart[id]!; p < postingStart[id + 1]!; p++) {
      const place = postingData[p]!;
      stamp[place] = mark;
      if (place < lowest) lowest = place;
      if (place > highest) highest = place;
    }
  }
  for (let place = lowest; place <= highest && result.length < RANK_CANDIDATES; place++) {
    if (stamp[place] === mark && passes(byLength[place]!)) result.push(byLength[place]!);
  }
  return result;
}

/**
 * search.service.ts's searchProducts on these names, same plan and same order: the RANK_CANDIDATES
 * shortest names having every word, ranked by pg_trgm similarity to the corrected words, then in
 * stock first (outOfStock per position), then id; the words but the last when nothing has them all.
 * Product positions, at most `limit`; null when a name or the text is not ASCII (SQL's own
 * similarity decides those).
 */
export function rankedMatches(ns: NameSearch, plan: SearchPlan, limit: number, outOfStock: Uint8Array): number[] | null {
  if (!isAscii(plan.phrase)) return null;
  const phrase = trigramCodes(plan.phrase);
  const run = (groups: string[][]): number[] | null => {
    const candidates = shortestMatches(ns, groups);
    if (candidates.some((i) => ns.ascii[i] === 0)) return null;
    const rank = new Float64Array(candidates.length);
    candidates.forEach((i, k) => {
      rank[k] = similarity(phrase, ns.trigramData, ns.trigramStart[i]!, ns.trigramStart[i + 1]!);
    });
    const order = candidates.map((_, k) => k);
    // SEARCH_RESULT_ORDER (search-plan.ts); a candidate's position is in id order.
    order.sort(
      compareSearchBy<number>(SEARCH_RESULT_ORDER, (k, field) =>
        field === 'similarity' ? rank[k]! : field === 'out_of_stock' ? outOfStock[candidates[k]!]! : field === 'id' ? candidates[k]! : noField(field),
      ),
    );
    return order.slice(0, limit).map((k) => candidates[k]!);
  };
  let found = run(plan.groups);
  const fallback = fallbackGroups(plan);
  if (found && found.length === 0 && fallback) found = run(fallback);
  return found;
}
