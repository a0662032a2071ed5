import { createRequire } from 'node:module';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError, tooManyRequests } from './http-error.ts';

/**
 * Issue 14 point 6: every limit of the API is counted by @fastify/rate-limit, in its memory store on one
 * instance or in its Redis store (REDIS_URL) shared by every instance. A count is one atomic step
 * (INCR and its expiry in one Lua script in Redis), taken before the work it guards, so parallel
 * requests cannot all slip under a limit. Limits are taken inside route handlers or in hooks that
 * read the route as the router matched it (request.routeOptions.url), never the raw URL, so writing
 * a path another way (percent-encoded letters, a trailing slash) does not give a fresh count.
 */

export interface Limit {
  /** Counter family, part of the key, e.g. 'sign-in:account'. */
  name: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The plugin's own limit, out of reach: the counts are compared with each Limit here. */
const COUNT_CEILING = 1e12;

/** The limits of the API (README "Rate limits" lists them; keep the two together). */
export const LIMITS = {
  // Sign-in and Change Password: every attempt is counted before the password is hashed, and a success
  // gives its attempt back (point 3), so the numbers are failures.
  signInClient: { name: 'sign-in:client', max: 20, windowMs: 15 * MINUTE },
  // Per account, only attempts from devices the account has not signed in on (point 4). The three
  // tiers are the growing delay: 5 failures, then a wait of up to 5 minutes; 20 in an hour, then up to
  // an hour; 50 in a day, then until the day's window ends.
  signInAccountShort: { name: 'sign-in:account:5m', max: 5, windowMs: 5 * MINUTE },
  signInAccountHour: { name: 'sign-in:account:1h', max: 20, windowMs: HOUR },
  signInAccountDay: { name: 'sign-in:account:1d', max: 50, windowMs: DAY },
  // Issue 37: staff sign-in steps (password and second factor) also count per client address by the
  // hour and the day, and a person's known browsers (lib/known-device.ts, audience 'staff') have their
  // own per-person tiers, which a stranger's failures do not fill. The per-person tiers for other
  // browsers are the buyers' three above; STAFF_LOCKOUT_FAILURES in a row lock the account.
  staffSignInClientHour: { name: 'staff-sign-in:client:1h', max: 60, windowMs: HOUR },
  staffSignInClientDay: { name: 'staff-sign-in:client:1d', max: 200, windowMs: DAY },
  staffKnownShort: { name: 'staff-sign-in:known:15m', max: 10, windowMs: 15 * MINUTE },
  staffKnownDay: { name: 'staff-sign-in:known:1d', max: 30, windowMs: DAY },
  changePasswordAccount: { name: 'change-password:account', max: 5, windowMs: 15 * MINUTE },
  resetClient: { name: 'reset:client', max: 10, windowMs: 15 * MINUTE },
  // Codes mailed to one account from one client address, and from everywhere together (the inbox's
  // bound); a remembered device of the account is not held by the second.
  resetAccountClient: { name: 'reset:account-client', max: 3, windowMs: 15 * MINUTE },
  resetAccount: { name: 'reset:account', max: 10, windowMs: HOUR },
  resetCodeClient: { name: 'reset-code:client', max: 20, windowMs: 15 * MINUTE },
  // Code tries from the browser that asked for the code (its own budget; strangers cannot spend it).
  resetCodeRequester: { name: 'reset-code:requester', max: 5, windowMs: 15 * MINUTE },
  registerClient: { name: 'register:client', max: 20, windowMs: HOUR },
  feedbackClient: { name: 'feedback:client', max: 10, windowMs: 15 * MINUTE },
  feedbackAccount: { name: 'feedback:account', max: 5, windowMs: 15 * MINUTE },
  // Point 7: the whole shop's feedback, every sender together.
  feedbackShopMinute: { name: 'feedback:shop:1m', max: 30, windowMs: MINUTE },
  feedbackShopDay: { name: 'feedback:shop:1d', max: 500, windowMs: DAY },
  // Issue 21: a quick order searches up to 500 names at once; its page prices again as rows change.
  quickOrderAccount: { name: 'quick-order:account', max: 120, windowMs: MINUTE },
} as const satisfies Record<string, Limit>;

export interface RateLimiter {
  /**
   * Counts one attempt against the subject's counter of `limit`; over the limit it throws 429 (with
   * `message`, or the standard text) and sets Retry-After on the reply.
   */
  take(limit: Limit, subject: string, reply?: FastifyReply, message?: string): Promise<void>;
  /**
   * For limits on failures (sign-in): counts the attempt before the work, atomically, and throws 429
   * when the subject's attempts not yet given back are over the limit. The caller gives the attempt
   * back with `release` when it succeeded, so only failures (and attempts still running) hold a slot.
   */
  reserve(limit: Limit, subject: string, reply?: FastifyReply): Promise<{ release(): Promise<void> }>;
}

/** Successes given back per window at most, so an address cannot buy unlimited guesses with its own account. */
export const RELEASE_CAP = 1000;

/**
 * The client's address: request.ip is the socket's address, or the X-Forwarded-For entry that
 * TRUST_PROXY hops allow (app.ts), so a header a client writes itself does not change the count.
 */
export const clientOf = (request: FastifyRequest) => request.ip;

/** What the plugin's limiter is handed: the key is the limit's name and the subject, nothing of the URL. */
interface Probe {
  subject: string;
  routeOptions: { config: Record<string, never> };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's limiter, decorated on the root so every module's plugin (an encapsulated child) sees it. */
    rateLimiter: RateLimiter;
  }
}

/** The app's limiter (registerRateLimits must have run on the root instance or a parent of `app`). */
export function rateLimiterOf(app: FastifyInstance): RateLimiter {
  if (!app.hasDecorator('rateLimiter')) throw new Error('registerRateLimits has not run');
  return app.rateLimiter;
}

export interface RateLimitConfig {
  REDIS_URL?: string;
  /** Key prefix in Redis (tests give each run its own). */
  RATE_LIMIT_PREFIX?: string;
  /** Searches per minute per client address (0: no limit). */
  SEARCH_RATE_LIMIT?: number;
}

type StoreCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;
interface PluginStore {
  incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
  read(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: object): PluginStore;
}
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache: number,
) => PluginStore;

/**
 * The plugin's memory store, but handing each caller a copy of its count: the plugin's own hands out
 * the live record, which later increments in the same tick change before the caller reads it, so
 * parallel attempts would all see the last count (and all be refused).
 */
class MemoryStore implements PluginStore {
  private readonly inner = new LocalStore(false, false, 50_000);
  incr(key: string, cb: StoreCallback, timeWindow: number, max: number) {
    this.inner.incr(key, (err, res) => cb(err, res && { current: res.current, ttl: res.ttl }), timeWindow, max);
  }
  read(key: string, cb: StoreCallback, timeWindow: number, max: number) {
    this.inner.read(key, (err, res) => cb(err, res && { current: res.current, ttl: res.ttl }), timeWindow, max);
  }
  child() {
    return new MemoryStore();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis of REDIS_URL, or null. */
    redis: Redis | null;
  }
}

export async function registerRateLimits(app: FastifyInstance, config: RateLimitConfig): Promise<void> {
  // ioredis is loaded only when there is a Redis to talk to (issue 17: about 20 MB resident otherwise spent).
  const redis = config.REDIS_URL ? new (await import('ioredis')).Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  // ioredis reconnects by itself; an outage is reported by readiness and by the requests that need it.
  redis?.on('error', (err: Error) => app.log.warn({ err: { message: err.message } }, 'Redis connection failed'));
  // Readiness asks it too (modules/health).
  app.decorate('redis', redis ?? null);
  await app.register(fastifyRateLimit, {
    // No limit on every route: each route takes the limits it names, where it knows their subject.
    global: false,
    // Distinct subjects remembered per counter family on one instance: 50,000 (MemoryStore); the
    // least recently seen are dropped first.
    ...(redis ? { redis, nameSpace: config.RATE_LIMIT_PREFIX ?? 'rl:' } : { store: MemoryStore as never }),
    // A Redis outage must not open the sign-in door: the request fails (500) rather than going uncounted.
    skipOnError: false,
  });

  // One plugin limiter per counter family, created once (the memory store lives in it). Its own
  // `max` is set out of reach: the count it returns is compared here, so `reserve` can subtract the
  // successes given back.
  const counters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  const counterOf = (name: string, windowMs: number) => {
    let counter = counters.get(name);
    if (!counter) {
      counter = app.createRateLimit({ max: COUNT_CEILING, timeWindow: windowMs, keyGenerator: (req) => `${name}:${(req as unknown as Probe).subject}` });
      counters.set(name, counter);
    }
    return counter;
  };
  async function count(name: string, windowMs: number, subject: string, increment = true) {
    const probe: Probe = { subject: subject.toLowerCase(), routeOptions: { config: {} } };
    const result = await counterOf(name, windowMs)(probe as unknown as FastifyRequest, { increment });
    if (result.isAllowed) return { current: 0, ttlInSeconds: 0 };
    return { current: COUNT_CEILING - result.remaining, ttlInSeconds: result.ttlInSeconds };
  }
  const refuse = (ttlInSeconds: number, reply?: FastifyReply, message?: string) => {
    reply?.header('retry-after', String(Math.max(1, ttlInSeconds)));
    return message ? new HttpError(429, message) : tooManyRequests();
  };

  const limiter: RateLimiter = {
    async take(limit, subject, reply, message) {
      const { current, ttlInSeconds } = await count(limit.name, limit.windowMs, subject);
      if (current > limit.max) throw refuse(ttlInSeconds, reply, message);
    },
    async reserve(limit, subject, reply) {
      const attempts = await count(limit.name, limit.windowMs, subject);
      const given = attempts.current > limit.max ? await count(`${limit.name}:ok`, limit.windowMs, subject, false) : { current: 0 };
      if (attempts.current - Math.min(given.current, RELEASE_CAP) > limit.max) throw refuse(attempts.ttlInSeconds, reply);
      return { release: async () => void (await count(`${limit.name}:ok`, limit.windowMs, subject)) };
    },
  };
  app.decorate('rateLimiter', limiter);

  registerSearchLimit(app, config.SEARCH_RATE_LIMIT ?? 600);
}

/** The search endpoints, as the router names them. */
const SEARCH_ROUTES = new Set(['/api/catalogue/search', '/api/bmpl/search']);
const LISTING_ROUTE = '/api/custom_route/get_products_by_categories';

/**
 * A search, by the route the router matched and the parsed query (never the raw URL): the search
 * endpoints, and the listing asked with a search text.
 */
export function isSearch(route: string | undefined, query: unknown): boolean {
  if (!route) return false;
  if (SEARCH_ROUTES.has(route)) return true;
  const search = (query as { search?: unknown } | undefined)?.search;
  return route === LISTING_ROUTE && (typeof search === 'string' ? search !== '' : Array.isArray(search) && search.some((s) => s !== ''));
}

/**
 * Issue 7: searches are the costliest reads (full text and trigram matching), so each client address
 * gets `perMinute` of them across the search endpoints together (SEARCH_RATE_LIMIT; 0 turns it off).
 */
function registerSearchLimit(app: FastifyInstance, perMinute: number) {
  if (perMinute <= 0) return;
  const limit: Limit = { name: 'search:client', max: perMinute, windowMs: MINUTE };
  const limiter = rateLimiterOf(app);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || !isSearch(request.routeOptions.url, request.query)) return done();
    limiter.take(limit, clientOf(request), reply).then(() => done(), done);
  });
}
