import { describe, expect, it } from 'vitest';
import { TtlCache } from './marketplace.cache.ts';

describe('TtlCache', () => {
  it('keeps a value within its TTL and shares a load between concurrent callers', async () => {
    const cache = new TtlCache(60_000, 10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    expect(await cache.get('k', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('with admitOnSecond keeps nothing of a key asked once, and keeps it from its second time', async () => {
    const cache = new TtlCache(60_000, 10, { admitOnSecond: true });
    let loads = 0;
    const load = async () => ++loads;
    for (let k = 0; k < 30; k++) await cache.get(`once-${k}`, load);
    expect(loads).toBe(30);
    expect(await cache.get('k', load)).toBe(31);
    expect(await cache.get('k', load)).toBe(32);
    expect(await cache.get('k', load)).toBe(32);
    expect(loads).toBe(32);
  });
});

describe('TtlCache following a generation (the change counters)', () => {
  it('keeps a value only for the generation it was loaded under', async () => {
    let generation = 0;
    const cache = new TtlCache(60_000, 10, { generation: () => generation });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    generation++;
    expect(await cache.get('k', load)).toBe(2);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('with admitOnSecond keeps a key asked before the change from its first ask after it', async () => {
    let generation = 0;
    const cache = new TtlCache(60_000, 10, { admitOnSecond: true, generation: () => generation });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('k', load);
    await cache.get('k', load);
    generation++;
    expect(await cache.get('k', load)).toBe(3);
    expect(await cache.get('k', load)).toBe(3);
  });
});

describe('TtlCache bounded in bytes (issue 17)', () => {
  it('sizes a value once loaded and lets the least recently asked go past maxBytes', async () => {
    const cache = new TtlCache(60_000, 100, { maxBytes: 250, bytesOf: (v) => (v as string).length });
    let loads = 0;
    const load = (text: string) => async () => {
      loads++;
      return text;
    };
    await cache.get('a', load('a'.repeat(100)));
    await cache.get('b', load('b'.repeat(100)));
    await cache.get('a', load('a'.repeat(100)));
    expect(loads).toBe(2);
    // 300 bytes would be over 250: 'b', asked least recently, goes; 'a' stays.
    await cache.get('c', load('c'.repeat(100)));
    await new Promise((r) => setTimeout(r, 0));
    await cache.get('a', load('a'.repeat(100)));
    expect(loads).toBe(3);
    await cache.get('b', load('b'.repeat(100)));
    expect(loads).toBe(4);
  });
});
