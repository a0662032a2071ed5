import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.ts';
import { correctWord, editDistance } from './vocabulary.ts';

const words = ['basmati', 'rice', 'super', 'kernel', 'shan', 'masala', 'biryani', 'tea', 'tapal', 'danedar', 'rich'];
const vocab = { words, has: new Set(words) };

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and neighbour swaps as one', () => {
    expect(editDistance('basmti', 'basmati', 2)).toBe(1);
    expect(editDistance('basmait', 'basmati', 2)).toBe(1);
    expect(editDistance('vasmati', 'basmati', 2)).toBe(1);
    expect(editDistance('rice', 'rice', 2)).toBe(0);
    expect(editDistance('tea', 'basmati', 2)).toBe(3);
  });
});

describe('correctWord', () => {
  it('keeps a known word, and a prefix of one when it is the word being typed', () => {
    expect(correctWord('rice', vocab, false)).toEqual({ terms: ['rice'], prefix: false });
    expect(correctWord('basm', vocab, true)).toEqual({ terms: ['basm'], prefix: true });
  });
  it('corrects typos to the closest words', () => {
    expect(correctWord('basmti', vocab, false).terms).toEqual(['basmati']);
    expect(correctWord('rce', vocab, true).terms).toContain('rice');
    expect(correctWord('masla', vocab, false).terms).toEqual(['masala']);
  });
  it('drops words nothing resembles', () => {
    expect(correctWord('zzzzzz', vocab, false).terms).toEqual([]);
    expect(correctWord('qx', vocab, true).terms).toEqual([]);
    expect(correctWord('xjxjxjxj', vocab, true).terms).toEqual([]);
  });
  it('reads a misspelt beginning of the last word', () => {
    expect(correctWord('basmt', vocab, true).terms).toContain('basmati');
  });
});

describe('response cache', () => {
  it('keeps a key from its second request, answers it from memory within the TTL, and shares concurrent misses', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 2 });
    let calls = 0;
    const make = async () => ({ n: ++calls });
    const [a, b] = await Promise.all([cache.get('k', make), cache.get('k', make)]);
    expect(a.json.toString()).toBe('{"data":{"n":1}}');
    expect(b).toBe(a);
    // Asked once so far: not kept.
    expect((await cache.get('k', make)).json.toString()).toBe('{"data":{"n":2}}');
    expect((await cache.get('k', make)).json.toString()).toBe('{"data":{"n":2}}');
    expect(calls).toBe(2);
    for (const key of ['x', 'x', 'y', 'y']) await cache.get(key, make);
    // k, the oldest of three kept keys with room for two, was pushed out.
    const before = calls;
    expect((await cache.get('k', make)).json.toString()).toBe(`{"data":{"n":${before + 1}}}`);
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
    expect((await cache.get('k', slow)).json.toString()).toBe('{"data":1}');
    expect((await cache.get('k', slow)).json.toString()).toBe('{"data":1}');
    release();
    await new Promise((r) => setTimeout(r, 5));
    expect(calls).toBe(2);
    expect((await cache.get('k', slow)).json.toString()).toBe('{"data":2}');
  });

  it('keeps nothing with a TTL of 0', async () => {
    const cache = createResponseCache({ ttlMs: 0, maxEntries: 10 });
    let calls = 0;
    await cache.get('k', async () => ++calls);
    await cache.get('k', async () => ++calls);
    expect(calls).toBe(2);
  });
});
