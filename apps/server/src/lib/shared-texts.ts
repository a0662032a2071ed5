/**
 * Texts by position with few distinct values (a brand, a weight, a money amount as text), each distinct
 * text kept once and a position holding its number (issue 17, memory at 100,000 products): 2 bytes a
 * position while there are at most 65,535 distinct texts, 4 once there are more (the column widens,
 * nothing is cut), instead of an 8-byte reference per position. A position may hold null.
 *
 * Positions are written in any order, then the column is sealed (its lookup of texts goes) and only
 * read; a copy's columns are never written again (a patch builds new ones).
 */
export class SharedTexts {
  /** The distinct texts; number 0 is null. */
  private readonly values: (string | null)[] = [null];
  private ids: Map<string, number> | null = new Map();
  private slots: Uint16Array | Int32Array;

  constructor(readonly n: number) {
    this.slots = new Uint16Array(n);
  }

  /**
   * A column of n positions that knows `old`'s texts by the same numbers, so a position copied from it
   * (copy) takes no lookup: a patch copies 100,000 positions and sets a few. Texts no position holds any
   * more stay until a column is built afresh (a full load).
   */
  static extending(old: SharedTexts, n: number): SharedTexts {
    const c = new SharedTexts(n);
    // One by one: a spread of 100,000 texts into push would pass them all as arguments.
    for (let id = 1; id < old.values.length; id++) {
      const text = old.values[id]!;
      c.values.push(text);
      c.ids!.set(text, id);
    }
    if (c.values.length > 0x10000) c.slots = new Int32Array(n);
    c.from = old;
    return c;
  }

  /** The column this one extends: its positions copy by number. */
  private from: SharedTexts | null = null;

  /** Position i holds what position o of the extended column holds. */
  copy(i: number, old: SharedTexts, o: number) {
    if (old === this.from) this.slots[i] = old.slots[o]!;
    else this.set(i, old.at(o));
  }

  /** Position i's text. */
  set(i: number, text: string | null) {
    if (!this.ids) throw new Error('SharedTexts: written after it was sealed');
    let id = 0;
    if (text !== null) {
      id = this.ids.get(text) ?? 0;
      if (id === 0) {
        id = this.values.length;
        this.values.push(text);
        this.ids.set(text, id);
        if (id === 0x10000 && this.slots instanceof Uint16Array) this.slots = Int32Array.from(this.slots);
      }
    }
    this.slots[i] = id;
  }

  /** Every position written. */
  seal(): this {
    this.ids = null;
    // Not kept past the writes: each patch's columns would hold the previous ones, back to the last full load.
    this.from = null;
    return this;
  }

  /** The text at position i (null where none was written). */
  at(i: number): string | null {
    return this.values[this.slots[i]!]!;
  }

  /** Every distinct text written (null left out). */
  distinct(): string[] {
    return this.values.slice(1) as string[];
  }
}
