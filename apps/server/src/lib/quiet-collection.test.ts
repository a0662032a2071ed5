import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenQuiet } from './quiet-collection.ts';

// The server's clock (its check timer and performance.now) is the test's: time passes only when the
// test moves it, so "quiet for 400 ms" is counted in the server's own checks, never in wall-clock
// time a loaded machine stretches. Requests are real, over HTTP.
describe('collectWhenQuiet', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    vi.useRealTimers();
  });

  /** A server whose "memory used" the test sets, and the collections it makes. */
  async function server() {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const app = Fastify();
    apps.push(app);
    let used = 100;
    const collections: { ms: number; freedBytes: number }[] = [];
    collectWhenQuiet(app, { quietMs: 400, growthBytes: 50, checkMs: 20, used: () => used, onCollect: (c) => collections.push(c) });
    app.get('/', async () => ({ ok: true }));
    // Real requests over HTTP: the server counts them on its own 'request' event, which inject does not raise.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const get = async () => (await fetch(`${address}/`)).status;
    return { app, collections, get, setUsed: (v: number) => (used = v) };
  }
  /** The server's clock moves on by `ms`, its checks running as they fall due. */
  const pass = (ms: number) => vi.advanceTimersByTime(ms);

  it('collects once the server is quiet after memory grew, and not again until it grows again', async () => {
    const { collections, get, setUsed } = await server();
    setUsed(200);
    // Busy: a request every 50 ms for 1.6 s, never 400 ms without one.
    for (let k = 0; k < 32; k++) {
      if (k > 0) pass(50);
      expect(await get()).toBe(200);
    }
    expect(collections).toHaveLength(0);
    // Quiet: counted from the first check after the last request (within checkMs of it), so not yet
    // 390 ms after it, and done 430 ms after it.
    pass(390);
    expect(collections).toHaveLength(0);
    pass(40);
    expect(collections).toHaveLength(1);
    expect(collections[0]!.ms).toBeGreaterThanOrEqual(0);
    // Quiet and grown by less than the threshold since: nothing more, however long.
    setUsed(230);
    pass(10_000);
    expect(collections).toHaveLength(1);
    setUsed(290);
    pass(20);
    expect(collections).toHaveLength(2);
    // A request ends the quiet: grown again, it waits for the next quiet spell.
    setUsed(400);
    expect(await get()).toBe(200);
    pass(390);
    expect(collections).toHaveLength(2);
    pass(40);
    expect(collections).toHaveLength(3);
  });

  it('does not collect when memory did not grow, and stops with the server', async () => {
    const { app, collections, setUsed } = await server();
    setUsed(120);
    pass(10_000);
    expect(collections).toHaveLength(0);
    await app.close();
    setUsed(1_000);
    pass(10_000);
    expect(collections).toHaveLength(0);
  });
});
