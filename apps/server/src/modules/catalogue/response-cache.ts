import { createDoorkeeper } from '../../lib/doorkeeper.ts';

/**
 * A short-lived cache of serialised catalogue answers, per caller's business and query. Catalogue
 * reads dominate traffic and change rarely; answering a repeated page from memory keeps p99 low on
 * the single-threaded embedded database. An answer is fresh for `ttlMs`; for `staleMs` more it is
 * still answered while one background query refreshes it, so a popular page never makes a queue
 * of callers wait on the database. Staleness is bounded by ttlMs + staleMs (stock, counters).
 */
export function createResponseCache(options: { ttlMs: number; maxEntries: number; staleMs?: number }) {
  const staleMs = options.staleMs ?? 0;
  const entries = new Map<string, { at: number; json: string }>();
  // Concurrent misses of one key share one database query.
  const inflight = new Map<string, Promise<string>>();
  // An answer is kept from the second time its key is asked (lib/doorkeeper.ts).
  const doorkeeper = createDoorkeeper(4 * options.maxEntries);
  const build = async (key: string, make: () => Promise<unknown>) => {
    const now = Date.now();
    const json = JSON.stringify({ data: await make() });
    if (options.ttlMs <= 0) return json;
    if (!entries.has(key) && !doorkeeper.admit(key)) return json;
    if (entries.size >= options.maxEntries) {
      // Oldest first: Map keeps insertion order.
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.delete(key);
    entries.set(key, { at: now, json });
    return json;
  };
  return {
    get(key: string, make: () => Promise<unknown>): Promise<string> {
      const hit = entries.get(key);
      const age = hit ? Date.now() - hit.at : Infinity;
      if (hit && age < options.ttlMs) return Promise.resolve(hit.json);
      const running = inflight.get(key);
      if (running) return hit && age < options.ttlMs + staleMs ? Promise.resolve(hit.json) : running;
      const promise = build(key, make).finally(() => inflight.delete(key));
      inflight.set(key, promise);
      if (hit && age < options.ttlMs + staleMs) {
        promise.catch(() => {});
        return Promise.resolve(hit.json);
      }
      return promise;
    },
    clear() {
      entries.clear();
    },
  };
}
export type ResponseCache = ReturnType<typeof createResponseCache>;
