import { LRUCache } from 'lru-cache';
import { createDoorkeeper } from '../../lib/doorkeeper.ts';
import { type PreparedAnswer, preparedAnswer } from '../../lib/prepared-answer.ts';

/**
 * A short-lived cache of serialised catalogue answers (kept with their compressed forms, lib/prepared-answer.ts), per caller's business and query. Catalogue
 * reads dominate traffic and change rarely; answering a repeated page from memory keeps p99 low on
 * the single-threaded embedded database. An answer is kept only for the `generation` it was built
 * under (the catalogue's change counters, lib/db-mirror.ts): a change of products, prices or stock
 * drops every answer at once. Within a generation an answer is fresh for `ttlMs`; for `staleMs` more
 * it is still answered while one background query refreshes it, so a popular page never makes a
 * queue of callers wait on the database: that time bound is for what the counters do not see
 * (categories, brands, business types; view counts).
 */
export function createResponseCache(options: { ttlMs: number; maxEntries: number; maxBytes?: number; staleMs?: number; generation?: () => number }) {
  const staleMs = options.staleMs ?? 0;
  const generation = options.generation ?? (() => 0);
  // Every entry is of generation `seen`: the map is emptied when it moves.
  let seen = generation();
  // Bounded by lru-cache, in entries and, with maxBytes, in the answers' JSON bytes (a 40-product page is
  // tens of kilobytes: 5,000 of them could hold more than the whole copies; issue 17): when full, the answer
  // asked least recently goes. Compressed forms, made on first demand, come on top (a fifth of the JSON or less).
  const entries = new LRUCache<string, { at: number; answer: PreparedAnswer }>({
    max: options.maxEntries,
    ...(options.maxBytes ? { maxSize: options.maxBytes, sizeCalculation: (e: { answer: PreparedAnswer }) => Math.max(1, e.answer.bytes) } : {}),
  });
  // Concurrent misses of one key in one generation share one database query.
  const inflight = new Map<string, { gen: number; promise: Promise<PreparedAnswer> }>();
  // An answer is kept from the second time its key is asked (lib/doorkeeper.ts).
  const doorkeeper = createDoorkeeper(4 * options.maxEntries);
  const current = () => {
    const now = generation();
    if (now !== seen) {
      seen = now;
      entries.clear();
    }
    return now;
  };
  const build = async (key: string, gen: number, make: () => Promise<unknown>): Promise<PreparedAnswer> => {
    const now = Date.now();
    const data = await make();
    // Built before a change was seen: answered to those who asked then, not kept.
    if (options.ttlMs <= 0 || current() !== gen) return preparedAnswer(data, true);
    if (!entries.has(key) && !doorkeeper.admit(key)) return preparedAnswer(data, true);
    const answer = preparedAnswer(data);
    entries.set(key, { at: now, answer });
    return answer;
  };
  return {
    get(key: string, make: () => Promise<unknown>): Promise<PreparedAnswer> {
      const gen = current();
      const hit = entries.get(key);
      const age = hit ? Date.now() - hit.at : Infinity;
      if (hit && age < options.ttlMs) return Promise.resolve(hit.answer);
      const running = inflight.get(key);
      if (running?.gen === gen) return hit && age < options.ttlMs + staleMs ? Promise.resolve(hit.answer) : running.promise;
      const promise: Promise<PreparedAnswer> = build(key, gen, make).finally(() => {
        if (inflight.get(key)?.promise === promise) inflight.delete(key);
      });
      inflight.set(key, { gen, promise });
      if (hit && age < options.ttlMs + staleMs) {
        promise.catch(() => {});
        return Promise.resolve(hit.answer);
      }
      return promise;
    },
    clear() {
      entries.clear();
    },
  };
}
export type ResponseCache = ReturnType<typeof createResponseCache>;
