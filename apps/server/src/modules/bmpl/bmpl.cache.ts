import { createDoorkeeper } from '../../lib/doorkeeper.ts';

/**
 * A small time-limited cache of marketplace read results. The marketplace catalogue changes only
 * by an import (no endpoint writes it), so a list answered a few seconds ago is still right, and
 * repeated category and search pages cost no SQL. Per app instance: several servers stay stateless.
 */
export class TtlCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();
  private readonly doorkeeper: ReturnType<typeof createDoorkeeper>;

  /**
   * With `admitOnSecond`, a value is kept from the second time its key is asked (keys asked once are
   * only remembered): one-off URLs, most of a burst of new pages, then neither push out the pages
   * asked again and again nor keep the garbage collector busy (lib/doorkeeper.ts).
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly options: { admitOnSecond?: boolean } = {},
  ) {
    this.doorkeeper = createDoorkeeper(4 * maxEntries);
  }

  /** The cached value of `key`, or `load()`'s (shared by concurrent callers; failures are not kept). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    if (this.options.admitOnSecond && !hit && !this.doorkeeper.admit(key)) return load();
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
