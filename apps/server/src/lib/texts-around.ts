import { PackedTexts } from './packed-texts.ts';

/** More distinct (before, after) pairs than this and a text is kept whole: the pairs are for texts that share a pattern. */
const MAX_PAIRS = 4_096;

/** A pair's lookup key: `before`'s length first, so no two pairs share one. */
const pairKey = (before: string, after: string) => `${before.length}:${before}${after}`;

/**
 * Texts by position that mostly hold another column's text of the same position (their base) with a
 * few characters around it, as an image path holds the product's slug: "rice-&-grains/" + slug +
 * ".svg" (issue 17, memory at 100,000 products). Such a text is kept as the id of its (before, after)
 * pair, one pair shared by every text of the same pattern: 4 bytes a position instead of its 60
 * characters. A text that does not hold its base, or whose pair would be one too many, is kept whole
 * (PackedTexts). Exact either way: before + base + after is the text.
 *
 * Positions are written in order (push), then sealed and read (at) with the same base as written.
 */
export class TextsAround {
  /** Per position its pair's id, or -1: the text is in `whole`. */
  private readonly pairOf: Int32Array;
  private readonly before: string[] = [];
  private readonly after: string[] = [];
  private pairIds: Map<string, number> | null = new Map();
  private readonly whole: PackedTexts;
  private count = 0;

  constructor(readonly n: number) {
    this.pairOf = new Int32Array(n);
    this.whole = new PackedTexts(n);
  }

  /**
   * A column of n positions that knows `old`'s pairs by the same numbers, so a position copied from it
   * (copy) is its pair's number, not a search and a lookup (a patch copies 100,000 positions: 70-100 ms
   * of searching, against a few). Pairs no position holds any more stay until a full load builds afresh.
   */
  static extending(old: TextsAround, n: number): TextsAround {
    const c = new TextsAround(n);
    for (let id = 0; id < old.before.length; id++) {
      c.before.push(old.before[id]!);
      c.after.push(old.after[id]!);
      c.pairIds!.set(pairKey(old.before[id]!, old.after[id]!), id);
    }
    c.from = old;
    return c;
  }

  /** The column this one extends: its positions copy by pair number. */
  private from: TextsAround | null = null;

  /** The next position holds what position o of `old` holds (whose base is `base`). */
  copy(old: TextsAround, o: number, base: string) {
    if (old !== this.from) {
      this.push(old.at(o, base), base);
      return;
    }
    if (!this.pairIds) throw new Error('TextsAround: written after it was sealed');
    const id = old.pairOf[o]!;
    this.pairOf[this.count++] = id;
    this.whole.push(id < 0 ? old.whole.at(o) : '');
  }

  /** The text of the next position, and its base (the text it is likely to hold). */
  push(text: string, base: string) {
    if (!this.pairIds) throw new Error('TextsAround: written after it was sealed');
    const at = base === '' ? -1 : text.indexOf(base);
    let id = -1;
    if (at >= 0) {
      const before = text.slice(0, at);
      const after = text.slice(at + base.length);
      const key = pairKey(before, after);
      id = this.pairIds.get(key) ?? -1;
      if (id < 0 && this.before.length < MAX_PAIRS) {
        id = this.before.length;
        this.before.push(before);
        this.after.push(after);
        this.pairIds.set(key, id);
      }
    }
    this.pairOf[this.count++] = id;
    this.whole.push(id < 0 ? text : '');
  }

  /** Every position written: the whole texts become one string, the pairs' lookup goes. */
  seal(): this {
    if (this.pairIds) {
      this.whole.seal();
      this.pairIds = null;
      // Not kept past the writes: each patch's columns would hold the previous ones, back to the last full load.
      this.from = null;
    }
    return this;
  }

  /** The text at position i, whose base is `base` (as written). */
  at(i: number, base: string): string {
    if (this.pairIds) throw new Error('TextsAround: read before it was sealed');
    const id = this.pairOf[i]!;
    return id < 0 ? this.whole.at(i) : this.before[id]! + base + this.after[id]!;
  }
}
