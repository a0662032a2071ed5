import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.ts';

describe('response cache following a generation (the change counters)', () => {
  const setup = () => {
    const state = { generation: 0, value: 'old' };
    const cache = createResponseCache({ ttlMs: 60_000, staleMs: 60_000, maxEntries: 10, generation: () => state.generation });
    const make = async () => state.value;
    return { state, ask: async () => JSON.parse(String((await cache.get('k', make)).json)).data as string };
  };

  it('keeps an answer from its second ask while the generation stays', async () => {
    const { state, ask } = setup();
    await ask();
    await ask();
    state.value = 'new';
    expect(await ask()).toBe('old');
  });

  it('answers anew, never the kept answer, once the generation moves (even within the stale window)', async () => {
    const { state, ask } = setup();
    await ask();
    await ask();
    state.value = 'new';
    state.generation++;
    expect(await ask()).toBe('new');
    // Kept again at once: the key was asked before.
    state.value = 'newer';
    expect(await ask()).toBe('new');
  });

  it('does not keep an answer built before a change it did not see', async () => {
    const state = { generation: 0, value: 'old' };
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 10, generation: () => state.generation });
    await cache.get('k', async () => state.value);
    let release = () => {};
    const slow = cache.get('k', () => new Promise((resolve) => (release = () => resolve('old'))));
    // The change lands and is seen (by another request) while that answer is built from the old data.
    state.generation++;
    state.value = 'new';
    await cache.get('other', async () => state.value);
    release();
    expect(JSON.parse(String((await slow).json)).data).toBe('old');
    expect(JSON.parse(String((await cache.get('k', async () => state.value)).json)).data).toBe('new');
  });
});

describe('answers kept with their compressed forms (lib/prepared-answer.ts)', () => {
  it('a kept answer is the same object on every hit, so its compressed bytes are made once; one asked once is marked so', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 10 });
    const first = await cache.get('k', async () => 'x');
    expect(first.once).toBe(true);
    const kept = await cache.get('k', async () => 'x');
    expect(kept.once).toBeUndefined();
    kept.br = Buffer.from('compressed');
    expect((await cache.get('k', async () => 'x')).br?.toString()).toBe('compressed');
  });
});

describe('a full cache (lru-cache)', () => {
  it('lets the answer asked least recently go, and keeps the one asked again and again', async () => {
    const made: string[] = [];
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 2 });
    const ask = (key: string) =>
      cache.get(key, async () => {
        made.push(key);
        return key;
      });
    // Each key is kept from its second ask.
    for (const key of ['popular', 'popular', 'b', 'b']) await ask(key);
    await ask('popular');
    // A third key kept pushes out 'b' (asked least recently), not 'popular'.
    for (const key of ['c', 'c']) await ask(key);
    made.length = 0;
    await ask('popular');
    await ask('b');
    expect(made).toEqual(['b']);
  });
});

describe('a cache bounded in bytes (issue 17)', () => {
  it('keeps answers up to maxBytes of JSON, letting the least recently asked go, whatever maxEntries says', async () => {
    const made: string[] = [];
    // Each answer `{"data":"<key>"}` of a 1,000-character key is 1,011 bytes: two fit in 2,500, three do not.
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 2_500 });
    const ask = (key: string) =>
      cache.get(key, async () => {
        made.push(key[0]!);
        return key;
      });
    const [a, b, c] = ['a', 'b', 'c'].map((k) => k.repeat(1_000)) as [string, string, string];
    for (const key of [a, a, b, b]) await ask(key);
    made.length = 0;
    await ask(a);
    await ask(b);
    expect(made).toEqual([]);
    for (const key of [c, c]) await ask(key);
    made.length = 0;
    await ask(c);
    await ask(b);
    await ask(a);
    // 'a' (asked least recently when 'c' came in) went; 'b' and 'c' stayed.
    expect(made).toEqual(['a']);
  });
});

describe('response cache', () => {
  it('keeps a key from its second request, answers it from memory within the TTL, and shares concurrent misses', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 2 });
    let calls = 0;
    const make = async () => ({ n: ++calls });
    const [a, b] = await Promise.all([cache.get('k', make), cache.get('k', make)]);
    expect(a.json?.toString()).toBe('{"data":{"n":1}}');
    expect(b).toBe(a);
    // Asked once so far: not kept.
    expect((await cache.get('k', make)).json?.toString()).toBe('{"data":{"n":2}}');
    expect((await cache.get('k', make)).json?.toString()).toBe('{"data":{"n":2}}');
    expect(calls).toBe(2);
    for (const key of ['x', 'x', 'y', 'y']) await cache.get(key, make);
    // k, the oldest of three kept keys with room for two, was pushed out.
    const before = calls;
    expect((await cache.get('k', make)).json?.toString()).toBe(`{"data":{"n":${before + 1}}}`);
  });
  it('keeps nothing of a key asked only once', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 10 });
    let calls = 0;
    for (let k = 0; k < 50; k++) await cache.get(`once-${k}`, async () => ++calls);
    expect(calls).toBe(50);
    await cache.get('twice', async () => ++calls);
    await cache.get('twice', async () => ++calls);
    await cache.get('twice', async () => ++calls);
    expect(calls).toBe(52);
  });
  it('answers a stale entry at once while one background query refreshes it', async () => {
    const cache = createResponseCache({ ttlMs: 1, staleMs: 60_000, maxEntries: 10 });
    let calls = 0;
    await cache.get('k', async () => calls);
    await cache.get('k', async () => ++calls);
    await new Promise((r) => setTimeout(r, 5));
    let release: () => void = () => {};
    const slow = () => new Promise<number>((r) => { release = () => r(++calls); });
    expect((await cache.get('k', slow)).json?.toString()).toBe('{"data":1}');
    expect((await cache.get('k', slow)).json?.toString()).toBe('{"data":1}');
    release();
    await new Promise((r) => setTimeout(r, 5));
    expect(calls).toBe(2);
    expect((await cache.get('k', slow)).json?.toString()).toBe('{"data":2}');
  });

  it('keeps nothing with a TTL of 0', async () => {
    const cache = createResponseCache({ ttlMs: 0, maxEntries: 10 });
    let calls = 0;
    await cache.get('k', async () => ++calls);
    await cache.get('k', async () => ++calls);
    expect(calls).toBe(2);
  });
});
