// A full garbage collection when the server falls quiet after busy work (issue 17, memory at 100,000 products).
import type { FastifyInstance } from 'fastify';
import { collectGarbage } from './collect-garbage.ts';

export interface QuietCollectionOptions {
  /** No request arrived for this long (as the timer sees it, to within checkMs): the server is quiet. */
  quietMs: number;
  /** The V8 heap and memory outside it (array buffers) grown by this much since the last collection. */
  growthBytes: number;
  /** How often the server looks. */
  checkMs: number;
  /** The heap and outside memory now (process.memoryUsage's heapUsed + external). */
  used?: () => number;
  /** Told of each collection: the pause and what it gave back. */
  onCollect?: (info: { ms: number; freedBytes: number }) => void;
}

export const QUIET_COLLECTION: QuietCollectionOptions = { quietMs: 3_000, growthBytes: 32 * 1024 * 1024, checkMs: 1_000 };

const usedNow = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

/**
 * Collects the garbage of a busy spell once the server falls quiet.
 *
 * Why: under a burst of requests, what is alive during a scavenge (a page being built, a socket's
 * buffers, a compressed answer in flight) is promoted to the old generation, and a dead buffer's memory
 * outside the heap is freed only when the old generation is next collected. V8 does that at a limit set
 * from the heap's size at the previous collection, or by its memory reducer about a minute and a half
 * after the work stops. So a server with both catalogues at 100,000 products stayed at 380-400 MB for
 * minutes after 4,000 requests, against about 300 MB alive (docs/performance.md, "Memory at 100,000
 * products"). Here, once no request has arrived for `quietMs` and the heap with its outside
 * memory grew by `growthBytes` since the last collection, one collection runs (lib/collect-garbage.ts;
 * 50-150 ms at that size). It runs only after seconds without a request, so no request waits behind
 * it but one arriving in that moment (or a long one in flight, by that pause).
 */
export function collectWhenQuiet(app: FastifyInstance, options: QuietCollectionOptions = QUIET_COLLECTION) {
  const used = options.used ?? usedNow;
  // Requests are counted on the HTTP server's own event: a counter per request, no hook, no clock read
  // (two async hooks on every route cost the empty route about a sixth more CPU).
  let requests = 0;
  app.server.on('request', () => {
    requests++;
  });
  let seen = requests;
  let quietSince = performance.now();
  let baseline = used();
  const timer = setInterval(() => {
    const now = performance.now();
    if (requests !== seen) {
      seen = requests;
      quietSince = now;
      return;
    }
    if (now - quietSince < options.quietMs) return;
    const before = used();
    if (before - baseline < options.growthBytes) return;
    const ms = collectGarbage();
    baseline = used();
    options.onCollect?.({ ms, freedBytes: Math.max(0, before - baseline) });
  }, options.checkMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
