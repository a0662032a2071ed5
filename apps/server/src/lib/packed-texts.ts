/**
 * Texts by position kept as one string and the end of each (issue 17, memory at 100,000 products): a
 * string per product and field costs its own header and padding (about 20 bytes beyond its characters)
 * and one more object for the garbage collector to walk on every major collection, 100,000 times per
 * field; one string per field and an Int32Array of ends cost neither. A read is a slice of it, made only
 * for the rows a page returns.
 *
 * Positions are written in order (push), then the column is sealed and read (at); a copy's columns
 * are never written again once read (a patch builds new ones).
 */
export class PackedTexts {
  private pieces: string[] | null = [];
  private text = '';
  private count = 0;
  private chars = 0;
  readonly ends: Int32Array;

  constructor(readonly n: number) {
    this.ends = new Int32Array(n);
  }

  /** The text of the next position. */
  push(text: string) {
    if (!this.pieces) throw new Error('PackedTexts: written after it was sealed');
    this.pieces.push(text);
    this.chars += text.length;
    this.ends[this.count++] = this.chars;
  }

  /** Every position written: the pieces become one string. */
  seal(): this {
    if (this.pieces) {
      if (this.count !== this.n) throw new Error(`PackedTexts: ${this.count} of ${this.n} positions written`);
      this.text = this.pieces.join('');
      this.pieces = null;
    }
    return this;
  }

  /** The text at position i. */
  at(i: number): string {
    if (this.pieces) throw new Error('PackedTexts: read before it was sealed');
    return this.text.slice(i === 0 ? 0 : this.ends[i - 1]!, this.ends[i]!);
  }

  /**
   * The positions whose text contains `word` (a literal substring, as text.includes), in order: one
   * indexOf over the joined text per match, resumed at the next position's start, instead of a string
   * per position scanned one by one.
   */
  positionsContaining(word: string): Int32Array {
    if (this.pieces) throw new Error('PackedTexts: read before it was sealed');
    if (word === '') return Int32Array.from({ length: this.n }, (_, i) => i);
    const found: number[] = [];
    const { text, ends, n } = this;
    let i = 0;
    for (let at = text.indexOf(word); at >= 0 && i < n; ) {
      // The position the match starts in (ends only grow: a walk, not a search, as matches come in order).
      while (ends[i]! <= at) i++;
      if (at + word.length <= ends[i]!) {
        found.push(i);
        at = text.indexOf(word, ends[i]!);
        i++;
      } else {
        // The match runs into the next position's text: look again from within this one.
        at = text.indexOf(word, at + 1);
      }
    }
    return Int32Array.from(found);
  }

  /** Sealed columns one after the other. */
  static concat(parts: readonly PackedTexts[]): PackedTexts {
    const out = new PackedTexts(parts.reduce((n, p) => n + p.n, 0));
    let at = 0;
    let base = 0;
    for (const p of parts) {
      p.seal();
      for (let i = 0; i < p.n; i++) out.ends[at + i] = base + p.ends[i]!;
      at += p.n;
      base += p.text.length;
    }
    out.text = parts.map((p) => p.text).join('');
    out.count = out.n;
    out.chars = base;
    out.pieces = null;
    return out;
  }
}
