/**
 * A small time-limited cache of marketplace read results. The marketplace catalogue changes only
 * by an import (no endpoint writes it), so a list answered a few seconds ago is still right, and
 * repeated category and search pages cost no SQL. Per app instance: several servers stay stateless.
 */
export class TtlCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();
  private readonly seen = new Set<string>();

  /**
   * With `admitOnSecond`, a value is kept from the second time its key is asked (keys asked once are
   * only remembered): one-off URLs, most of a burst of new pages, then neither push out the pages
   * asked again and again nor keep the garbage collector busy (catalogue/response-cache.ts does the same).
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly options: { admitOnSecond?: boolean } = {},
  ) {}

  /** The cached value of `key`, or `load()`'s (shared by concurrent callers; failures are not kept). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    if (this.options.admitOnSecond && !hit && !this.seen.has(key)) {
      if (this.seen.size >= 4 * this.maxEntries) this.seen.clear();
      this.seen.add(key);
      return load();
    }
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: drop the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const value = load();
    this.entries.set(key, { at: now, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }
}
