import { describe, expect, it } from 'vitest';
import { createMemoryStore, createRateLimiter, createRedisStore, type RateLimitStore } from './rate-limit.ts';

async function behaves(store: RateLimitStore, clock?: { now: number }) {
  const key = `k-${Math.random()}`;
  expect(await store.hit(key, 1000)).toBe(1);
  expect(await store.hit(key, 1000)).toBe(2);
  expect(await store.peek(key)).toBe(2);
  await store.reset(key);
  expect(await store.peek(key)).toBe(0);
  if (clock) {
    await store.hit(key, 1000);
    clock.now += 1001;
    expect(await store.peek(key)).toBe(0);
    expect(await store.hit(key, 1000)).toBe(1);
  }
}

describe('rate limit stores', () => {
  it('memory store counts in a window that ends', async () => {
    const clock = { now: 0 };
    await behaves(createMemoryStore(() => clock.now), clock);
  });

  it('limiter throws 429 over the limit, and check/fail count failures only', async () => {
    const limiter = createRateLimiter(createMemoryStore());
    const limit = { name: 't', max: 2, windowMs: 60_000 };
    await limiter.consume(limit, 'a');
    await limiter.consume(limit, 'A');
    await expect(limiter.consume(limit, 'a')).rejects.toMatchObject({ statusCode: 429 });
    await limiter.check(limit, 'b');
    await limiter.fail(limit, 'b');
    await limiter.fail(limit, 'b');
    await expect(limiter.check(limit, 'b')).rejects.toMatchObject({ statusCode: 429 });
  });

  // Runs when a Redis server answers (REDIS_URL, or the local default).
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  it('redis store behaves like the memory store', async (ctx) => {
    const store = createRedisStore(redisUrl, `test-${process.pid}:`);
    try {
      await Promise.race([store.peek('ping'), new Promise((_, reject) => setTimeout(() => reject(new Error('no redis')), 1000))]);
    } catch {
      await store.close();
      ctx.skip();
      return;
    }
    try {
      await behaves(store);
    } finally {
      await store.close();
    }
  });
});
