// pg_trgm's similarity() in memory, for the name search's ranking (name-search.ts): the executor's
// equivalent of the SQL function the search's SQL ranks by (search.service.ts). Exact for ASCII names.

/**
 * pg_trgm's trigrams of an ASCII text: each run of letters and digits, lower-cased and padded with
 * two spaces before and one after, cut into every three consecutive characters; as sorted distinct
 * numbers (three 7-bit characters each), so that two names compare by merging two short arrays.
 */
export function trigramCodes(text: string): Int32Array {
  const codes: number[] = [];
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const padded = `  ${word} `;
    for (let k = 0; k + 3 <= padded.length; k++) {
      codes.push((padded.charCodeAt(k) << 14) | (padded.charCodeAt(k + 1) << 7) | padded.charCodeAt(k + 2));
    }
  }
  const sorted = Int32Array.from(codes).sort();
  let size = 0;
  for (let k = 0; k < sorted.length; k++) if (k === 0 || sorted[k] !== sorted[k - 1]) sorted[size++] = sorted[k]!;
  return sorted.slice(0, size);
}

/**
 * pg_trgm's similarity(): shared trigrams over all distinct trigrams of both, as a float4; `b` from
 * `from` to `to` (a product's trigrams in the snapshot's flat array).
 */
export function similarity(a: Int32Array, b: Int32Array, from = 0, to = b.length): number {
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
