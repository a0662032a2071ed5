import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { redisAnswers, redisUrl } from '../../test/redis.ts';
import { type RateLimiter, rateLimiterOf, registerRateLimits } from './rate-limit.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function limiterOn(redis?: string, prefix = `test-${randomBytes(6).toString('hex')}:`): Promise<RateLimiter> {
  const app = Fastify();
  apps.push(app);
  await registerRateLimits(app, { REDIS_URL: redis, RATE_LIMIT_PREFIX: prefix, SEARCH_RATE_LIMIT: 0 });
  await app.ready();
  return rateLimiterOf(app);
}

async function behaves(limiter: RateLimiter) {
  const limit = { name: `t-${Math.random()}`, max: 2, windowMs: 60_000 };
  await limiter.take(limit, 'a');
  await limiter.take(limit, 'A');
  const headers: Record<string, string> = {};
  const reply = { header: (k: string, v: string) => void (headers[k] = v) } as never;
  await expect(limiter.take(limit, 'a', reply)).rejects.toMatchObject({ statusCode: 429, message: 'Too many attempts. Please wait a few minutes and try again.' });
  expect(Number(headers['retry-after'])).toBeGreaterThan(50);
  expect(Number(headers['retry-after'])).toBeLessThanOrEqual(60);
  await limiter.take(limit, 'b');

  // reserve: attempts held until given back; parallel reservations past the limit are refused.
  const failures = { name: `f-${Math.random()}`, max: 3, windowMs: 60_000 };
  const results = await Promise.allSettled(Array.from({ length: 10 }, () => limiter.reserve(failures, 'x')));
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  // A success gives its attempt back: one more may run (refused attempts still count).
  const held = [await limiter.reserve(failures, 'y'), await limiter.reserve(failures, 'y'), await limiter.reserve(failures, 'y')];
  await expect(limiter.reserve(failures, 'y')).rejects.toMatchObject({ statusCode: 429 });
  await held[0]?.release();
  await held[1]?.release();
  await limiter.reserve(failures, 'y');
  await expect(limiter.reserve(failures, 'y')).rejects.toMatchObject({ statusCode: 429 });
}

describe('rate limiter on @fastify/rate-limit', () => {
  it('counts in memory on one instance', async () => {
    await behaves(await limiterOn());
  });

  it('counts in Redis, shared by two instances', async (ctx) => {
    if (!(await redisAnswers())) return ctx.skip();
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    await behaves(await limiterOn(redisUrl, prefix));
    const [a, b] = [await limiterOn(redisUrl, prefix), await limiterOn(redisUrl, prefix)];
    const limit = { name: 'shared', max: 3, windowMs: 60_000 };
    const settled = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).reserve(limit, 'same')));
    expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  });
});
