import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { collectWhenQuiet } from './quiet-collection.ts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('collectWhenQuiet', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  /** A server whose "memory used" the test sets, and the collections it makes. */
  async function server() {
    const app = Fastify();
    apps.push(app);
    let used = 100;
    const collections: { ms: number; freedBytes: number }[] = [];
    // Quiet after 400 ms: a loaded CI machine may take a while to answer one of the busy spell's requests,
    // and a gap that long between them would count as quiet.
    collectWhenQuiet(app, { quietMs: 400, growthBytes: 50, checkMs: 20, used: () => used, onCollect: (c) => collections.push(c) });
    app.get('/', async () => ({ ok: true }));
    // Real requests over HTTP: the server counts them on its own 'request' event, which inject does not raise.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const get = async () => (await fetch(`${address}/`)).status;
    return { app, collections, get, setUsed: (v: number) => (used = v) };
  }

  it('collects once the server is quiet after memory grew, and not again until it grows again', async () => {
    const { collections, get, setUsed } = await server();
    setUsed(200);
    // Busy: a request every 50 ms for 400 ms, never quiet for 400 ms.
    for (let k = 0; k < 8; k++) {
      expect(await get()).toBe(200);
      await wait(50);
    }
    expect(collections).toHaveLength(0);
    await wait(700);
    expect(collections).toHaveLength(1);
    expect(collections[0]!.ms).toBeGreaterThanOrEqual(0);
    // Quiet and grown by less than the threshold since: nothing more.
    setUsed(230);
    await wait(300);
    expect(collections).toHaveLength(1);
    setUsed(290);
    await wait(300);
    expect(collections).toHaveLength(2);
  });

  it('does not collect when memory did not grow, and stops with the server', async () => {
    const { app, collections, setUsed } = await server();
    setUsed(120);
    await wait(700);
    expect(collections).toHaveLength(0);
    await app.close();
    setUsed(1_000);
    await wait(700);
    expect(collections).toHaveLength(0);
  });
});
