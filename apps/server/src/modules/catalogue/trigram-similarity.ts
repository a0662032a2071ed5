// pg_trgm's similarity() in memory, for the name search's ranking (name-search.ts): the executor's
// equivalent of the SQL function the search's SQL ranks by (search.service.ts). Exact for ASCII names.

/** A character of a trigram (a space, a digit or a lower-case letter) as 0-36, in the same order as its code. */
const digit = (code: number) => (code === 32 ? 0 : code <= 57 ? code - 47 : code - 86);

/**
 * pg_trgm's trigrams of an ASCII text: each run of letters and digits, lower-cased and padded with
 * two spaces before and one after, cut into every three consecutive characters; as sorted distinct
 * numbers (the three characters as base-37 digits, 0 to 50,652), so that two names compare by merging
 * two short arrays, and a catalogue's trigrams take 2 bytes each (issue 17: 100,000 names' trigrams
 * were 16 MB as 32-bit numbers).
 */
export function trigramCodes(text: string): Uint16Array {
  const codes: number[] = [];
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const padded = `  ${word} `;
    for (let k = 0; k + 3 <= padded.length; k++) {
      codes.push((digit(padded.charCodeAt(k)) * 37 + digit(padded.charCodeAt(k + 1))) * 37 + digit(padded.charCodeAt(k + 2)));
    }
  }
  const sorted = Uint16Array.from(codes).sort();
  let size = 0;
  for (let k = 0; k < sorted.length; k++) if (k === 0 || sorted[k] !== sorted[k - 1]) sorted[size++] = sorted[k]!;
  return sorted.slice(0, size);
}

/**
 * pg_trgm's similarity(): shared trigrams over all distinct trigrams of both, as a float4; `b` from
 * `from` to `to` (a product's trigrams in the snapshot's flat array).
 */
export function similarity(a: Uint16Array, b: Uint16Array, from = 0, to = b.length): number {
  const bLength = to - from;
  if (a.length === 0 || bLength === 0) return 0;
  let shared = 0;
  for (let i = 0, j = from; i < a.length && j < to; ) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return Math.fround(shared / (a.length + bLength - shared));
}
