// A full garbage collection after an in-memory copy's full load (issue 17, memory at 100,000 products).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * V8's own collector, as `--expose-gc` gives it, taken without that flag so the server behaves the same
 * however it is started (npm start, the built file, a bench): the flag is set only while one new
 * context is made and read, then unset, so no other code sees a `gc` global. Three lines rather than a
 * package (expose-gc does the same).
 */
let collector: (() => void) | undefined;
function gc(): () => void {
  if (!collector) {
    setFlagsFromString('--expose-gc');
    collector = runInNewContext('gc') as () => void;
    setFlagsFromString('--no-expose-gc');
  }
  return collector;
}

/**
 * Collects all garbage now; returns the pause in milliseconds.
 *
 * Why: a full load of a copy at 100,000 products reads 20 chunks of 5,000 row objects and builds its
 * columns through temporary arrays; much of that survives a scavenge or two and is promoted, and what is
 * larger than a page goes to the old generation at once. V8 collects the old generation when it reaches
 * a limit set from its size at the previous collection, so after the start's loads 80-100 MB of that
 * garbage stayed resident until some later request crossed the limit (marketplace at 100,000:
 * resident 358 MB after 4,000 requests, of which heap used 176 MB with 78 MB live). Loads are rare (at
 * start, the storefront's every ten minutes and the marketplace's every hour, after a change the feed
 * cannot name), so each costs one pause: 34-45 ms at 100,000 products, up to 183 ms with both
 * catalogues at 100,000 (docs/performance.md, "Memory at 100,000 products").
 */
export function collectGarbage(): number {
  const collect = gc();
  const started = performance.now();
  collect();
  return performance.now() - started;
}

let scheduled = false;

/** collectGarbage once the current work is done; loads finishing together (both copies at start) share one. */
export function collectGarbageSoon(done?: (ms: number) => void) {
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    done?.(collectGarbage());
  }, 0);
}
