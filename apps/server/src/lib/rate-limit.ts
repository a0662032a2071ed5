import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { tooManyRequests } from './http-error.ts';

/**
 * Fixed-window counters. The memory store serves one instance; with REDIS_URL every instance
 * shares the Redis store, so a client cannot spread attempts over instances.
 */
export interface RateLimitStore {
  /** Adds one to the key's counter and returns the count in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count in the current window, without adding. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let hits = 0;
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async hit(key, windowMs) {
      // Expired windows are swept now and then so the map does not grow with every address seen.
      if (++hits % 1000 === 0) for (const k of [...windows.keys()]) live(k);
      const w = live(key);
      if (w) return ++w.count;
      windows.set(key, { count: 1, resetAt: now() + windowMs });
      return 1;
    },
    async peek(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

export function createRedisStore(url: string, prefix = 'rl:'): RateLimitStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    async hit(key, windowMs) {
      // INCR then PEXPIRE NX in one round trip: the window starts at the first hit.
      const result = await redis.multi().incr(prefix + key).pexpire(prefix + key, windowMs, 'NX').exec();
      const count = result?.[0]?.[1];
      return typeof count === 'number' ? count : Number(count ?? 0);
    },
    async peek(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}

export interface Limit {
  /** Counter family, e.g. 'sign-in:account'. */
  name: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The limits of the account calls (README "Rate limits" lists them). */
export const LIMITS = {
  signInAccount: { name: 'sign-in:account', max: 5, windowMs: 15 * MINUTE },
  signInClient: { name: 'sign-in:client', max: 20, windowMs: 15 * MINUTE },
  resetAccount: { name: 'reset:account', max: 3, windowMs: 15 * MINUTE },
  resetClient: { name: 'reset:client', max: 10, windowMs: 15 * MINUTE },
  resetCodeClient: { name: 'reset-code:client', max: 20, windowMs: 15 * MINUTE },
  registerClient: { name: 'register:client', max: 20, windowMs: 60 * MINUTE },
  feedbackClient: { name: 'feedback:client', max: 10, windowMs: 15 * MINUTE },
  feedbackAccount: { name: 'feedback:account', max: 5, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

export interface RateLimiter {
  /** Counts one attempt; throws 429 once the count is over the limit. */
  consume(limit: Limit, subject: string): Promise<void>;
  /** Throws 429 when the counter is already at the limit (for counters of failures only). */
  check(limit: Limit, subject: string): Promise<void>;
  /** Counts one failure without throwing. */
  fail(limit: Limit, subject: string): Promise<void>;
  reset(limit: Limit, subject: string): Promise<void>;
}

export function createRateLimiter(store: RateLimitStore): RateLimiter {
  const key = (limit: Limit, subject: string) => `${limit.name}:${subject.toLowerCase()}`;
  return {
    async consume(limit, subject) {
      if ((await store.hit(key(limit, subject), limit.windowMs)) > limit.max) throw tooManyRequests();
    },
    async check(limit, subject) {
      if ((await store.peek(key(limit, subject))) >= limit.max) throw tooManyRequests();
    },
    async fail(limit, subject) {
      await store.hit(key(limit, subject), limit.windowMs);
    },
    async reset(limit, subject) {
      await store.reset(key(limit, subject));
    },
  };
}

/**
 * The client's address: request.ip is the socket's address, or the X-Forwarded-For entry that
 * TRUST_PROXY hops allow (app.ts), so a header a client writes itself does not change the count.
 */
export const clientOf = (request: FastifyRequest) => request.ip;

const limiters = new WeakMap<FastifyInstance, RateLimiter>();

/** One limiter per app, shared by the modules (one Redis connection, closed with the app). */
export function rateLimiterFor(app: FastifyInstance, redisUrl: string | undefined): RateLimiter {
  let limiter = limiters.get(app);
  if (!limiter) {
    const store = redisUrl ? createRedisStore(redisUrl) : createMemoryStore();
    limiter = createRateLimiter(store);
    limiters.set(app, limiter);
    app.addHook('onClose', async () => store.close());
  }
  return limiter;
}
