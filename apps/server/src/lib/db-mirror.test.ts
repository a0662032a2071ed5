import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../db/client.ts';
import { createChangeFollower, createDbMirror, followCounters, followersBehind, nextCounterRead } from './db-mirror.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

const bump = (table: string) => database.db.execute(sql`update catalogue_versions set version = version + 1 where name = ${table}`);

/** Resolves once `done()` holds, checked every 10 ms; the 45 s bound is no budget, only a failing test's end. */
async function until(done: () => boolean, what: string) {
  const end = Date.now() + 45_000;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!done()) throw new Error(`not after 45 s: ${what}`);
}

describe('the generation caches follow (issue 15)', () => {
  it('moves when the counters are seen to move, and again once the copy has loaded the change', async () => {
    let loads = 0;
    let finishLoad = () => {};
    let slow = false;
    let loading = false;
    const mirror = createDbMirror(database.db, {
      tables: ['products', 'customer_prices'],
      reloadOn: ['products'],
      load: async () => {
        loading = true;
        if (slow) await new Promise<void>((resolve) => (finishLoad = resolve));
        loading = false;
        return ++loads;
      },
      maxStaleMs: 0,
      fullReloadMs: 3_600_000,
    });
    await mirror.current();
    const loaded = mirror.generation();

    // Nothing moved: nothing to drop.
    await mirror.current();
    expect(mirror.generation()).toBe(loaded);

    // A table not reloaded on: one move, the copy already answers the change.
    await bump('customer_prices');
    await mirror.current();
    expect(mirror.generation()).toBeGreaterThan(loaded);
    const afterPrices = mirror.generation();

    // A reload: answers from SQL are out of date as soon as the move is seen, answers from the
    // copy again when the new copy is in place.
    await bump('products');
    slow = true;
    const refreshing = mirror.warm();
    // The load has begun: the move was seen, the new copy is not in place yet.
    await until(() => loading, 'the load begins');
    const seen = mirror.generation();
    expect(seen).toBeGreaterThan(afterPrices);
    finishLoad();
    await refreshing;
    expect(mirror.generation()).toBeGreaterThan(seen);
    expect(loads).toBe(2);
  });

  it('follows on a timer: a change is seen without any request', async () => {
    const mirror = createDbMirror(database.db, {
      tables: ['bmpl_products'],
      reloadOn: ['bmpl_products'],
      load: async () => 1,
      maxStaleMs: 20,
      fullReloadMs: 3_600_000,
    });
    await mirror.warm();
    const before = mirror.generation();
    const stop = mirror.follow();
    try {
      await bump('bmpl_products');
      const read = nextCounterRead();
      expect(followersBehind(database.db, read)).toEqual(['bmpl_products']);
      // Nobody asks the copy (no current()): its timer's reads of the counters bring the change.
      await until(() => followersBehind(database.db, read).length === 0, 'the follower takes in a read after the change');
      expect(mirror.generation()).toBeGreaterThan(before);
    } finally {
      stop();
    }
    // Stopped: no longer among the followers.
    await bump('bmpl_products');
    expect(followersBehind(database.db, nextCounterRead())).toEqual([]);
  });

  it('followers of one database share one read of the counters per period (an idle server asks once, not once per follower)', async () => {
    let counterReads = 0;
    const counted = await openTestDatabase((q) => {
      if (q.includes('"catalogue_versions"')) counterReads++;
    });
    const copies = ['products', 'bmpl_products', 'content'].map((table) =>
      createDbMirror(counted.database.db, { tables: [table], reloadOn: [table], load: async () => 1, maxStaleMs: 50, fullReloadMs: 3_600_000 }),
    );
    const follower = createChangeFollower(counted.database.db, ['customer_prices'], 50);
    const followers = [...copies, follower];
    try {
      for (const f of followers) await f.warm();
      const before = followers.map((f) => f.generation());
      const stops = followers.map((f) => f.follow());
      // One more follower of the same period, the test's: it counts the shared reads as they come.
      let sharedReads = 0;
      const stopCounting = followCounters(counted.database.db, 50, () => {
        sharedReads++;
      });
      try {
        // Counted from a shared read on (one may be in flight now): ten reads, however long they take.
        await until(() => sharedReads >= 1, 'a first shared read');
        counterReads = 0;
        sharedReads = 0;
        await until(() => sharedReads >= 10, 'ten shared reads');
        // Five followers reading on their own would make five reads for each of the shared ones.
        expect(counterReads).toBeGreaterThanOrEqual(10);
        expect(counterReads).toBeLessThanOrEqual(sharedReads + 1);
        // And each still sees its own table move.
        for (const table of ['products', 'bmpl_products', 'content', 'customer_prices']) {
          await counted.database.db.execute(sql`update catalogue_versions set version = version + 1 where name = ${table}`);
        }
        const read = nextCounterRead();
        await until(() => followersBehind(counted.database.db, read).length === 0, 'every follower takes in a read after the changes');
        for (const [i, f] of followers.entries()) expect(f.generation()).toBeGreaterThan(before[i]!);
      } finally {
        stopCounting();
        for (const stop of stops) stop();
      }
    } finally {
      await counted.drop();
    }
  });
});
