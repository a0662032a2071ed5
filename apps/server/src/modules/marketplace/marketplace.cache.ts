import { LRUCache } from 'lru-cache';
import { createDoorkeeper } from '../../lib/doorkeeper.ts';

interface Entry {
  at: number;
  value: Promise<unknown>;
  /** Its size for maxBytes: 1 until loaded. */
  bytes: number;
}

/**
 * A small time-limited cache of marketplace read results. With `generation` (the marketplace's change
 * counters, lib/db-mirror.ts), a value is kept only for the generation it was loaded under: any write to
 * bmpl_products or bmpl_product_cities (a price, a stock, an import) drops every value at once, so
 * prices and stock show within the counters' once-a-second read plus the copy's load, and the TTL
 * bounds only what the counters do not see (cities, categories, brands, banners). Per app instance:
 * several servers stay stateless.
 */
export class TtlCache {
  // Bounded by lru-cache: when full, the value asked least recently goes.
  private readonly entries: LRUCache<string, Entry>;
  private readonly doorkeeper: ReturnType<typeof createDoorkeeper>;
  private seen: number;

  /**
   * With `admitOnSecond`, a value is kept from the second time its key is asked (keys asked once are
   * only remembered): one-off URLs, most of a burst of new pages, then neither push out the pages
   * asked again and again nor keep the garbage collector busy (lib/doorkeeper.ts).
   */
  constructor(
    private readonly ttlMs: number,
    maxEntries: number,
    private readonly options: {
      admitOnSecond?: boolean;
      generation?: () => number;
      /** With bytesOf (a loaded value's size), the bound in bytes as well as in entries (issue 17). */
      maxBytes?: number;
      bytesOf?: (value: unknown) => number;
    } = {},
  ) {
    this.entries = new LRUCache({
      max: maxEntries,
      ...(options.maxBytes && options.bytesOf ? { maxSize: options.maxBytes, sizeCalculation: (e: Entry) => e.bytes } : {}),
    });
    this.doorkeeper = createDoorkeeper(4 * maxEntries);
    this.seen = options.generation?.() ?? 0;
  }

  /** The cached value of `key`, or `load()`'s (shared by concurrent callers; failures are not kept). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const gen = this.options.generation?.() ?? 0;
    if (gen !== this.seen) {
      // Every value was loaded before the change was seen. A load still running is not kept either
      // (it may have read before the change); those who asked before the change get its answer.
      this.seen = gen;
      this.entries.clear();
    }
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    if (this.options.admitOnSecond && !hit && !this.doorkeeper.admit(key)) return load();
    const value = load();
    const entry: Entry = { at: now, value, bytes: 1 };
    this.entries.set(key, entry);
    const bytesOf = this.options.bytesOf;
    value.then(
      (loaded) => {
        // Its size is known once loaded: set again as a new entry (lru-cache sizes an entry when it is set).
        if (bytesOf && this.options.maxBytes && this.entries.peek(key) === entry) this.entries.set(key, { ...entry, bytes: Math.max(1, bytesOf(loaded)) });
      },
      () => {
        if (this.entries.peek(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }
}
