import type { Db } from '../src/db/client.ts';
import { followersBehind, nextCounterRead } from '../src/lib/db-mirror.ts';

/**
 * Issue 38: a freshness test waits for the instances to take a write in, not for a span of time.
 * Resolves once every copy and cache that follows `db`'s change counters (the in-memory copies, the
 * answer caches' followers, the price views, of every instance on `db`; of each of several databases,
 * e.g. a primary and its read replica) has taken in a read of the counters made after this call, so
 * every write committed before it. Nothing is asked of the
 * instances meanwhile: their own timers (or NOTIFY) bring the change, as for a buyer's first request
 * after a quiet spell. How long that takes is a budget, measured by bench/freshness.ts; the bound here
 * only ends a failing test, far past any loaded machine's pace. Answers the milliseconds it took (for
 * the log, never for an assertion).
 */
export async function takenIn(db: Db | Db[], what = 'the write'): Promise<number> {
  const read = nextCounterRead();
  const started = performance.now();
  const dbs = [db].flat();
  const behindOf = (r: number) => dbs.flatMap((d) => followersBehind(d, r));
  if (behindOf(Number.POSITIVE_INFINITY).length === 0) throw new Error('nothing follows this database (no instance running as a server does)');
  const end = Date.now() + 45_000;
  let behind = behindOf(read);
  while (behind.length > 0 && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    behind = behindOf(read);
  }
  if (behind.length > 0) throw new Error(`${what}: not taken in after 45 s by the followers of ${behind.join(' | ')}`);
  return Math.round(performance.now() - started);
}
