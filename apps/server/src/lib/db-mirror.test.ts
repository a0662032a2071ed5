import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../db/client.ts';
import { createChangeFollower, createDbMirror } from './db-mirror.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

const bump = (table: string) => database.db.execute(sql`update catalogue_versions set version = version + 1 where name = ${table}`);

describe('the generation caches follow (issue 15)', () => {
  it('moves when the counters are seen to move, and again once the copy has loaded the change', async () => {
    let loads = 0;
    let finishLoad = () => {};
    let slow = false;
    const mirror = createDbMirror(database.db, {
      tables: ['products', 'customer_prices'],
      reloadOn: ['products'],
      load: async () => {
        if (slow) await new Promise<void>((resolve) => (finishLoad = resolve));
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
    await new Promise((resolve) => setTimeout(resolve, 50));
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
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mirror.generation()).toBeGreaterThan(before);
    } finally {
      stop();
    }
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
      try {
        counterReads = 0;
        const started = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 600));
        const periods = (Date.now() - started) / 50;
        // Four followers reading on their own would make four reads per period.
        expect(counterReads).toBeGreaterThan(0);
        expect(counterReads).toBeLessThanOrEqual(periods + 2);
        // And each still sees its own table move.
        for (const table of ['products', 'bmpl_products', 'content', 'customer_prices']) {
          await counted.database.db.execute(sql`update catalogue_versions set version = version + 1 where name = ${table}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
        for (const [i, f] of followers.entries()) expect(f.generation()).toBeGreaterThan(before[i]!);
      } finally {
        for (const stop of stops) stop();
      }
    } finally {
      await counted.drop();
    }
  });
});
