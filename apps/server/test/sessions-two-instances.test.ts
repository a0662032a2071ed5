import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, signIn, TEST_PASSWORD } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 14: a session revoked on one instance is refused on every other. Two instances share one
// database (PGlite here; PostgreSQL with TEST_DATABASE_URL) and one REDIS_URL, as in production; each
// has its own token cache and its own set of revoked sessions. The other instance learns of the
// revocation by itself (NOTIFY): asking it again does not help it, so it is asked until it refuses,
// up to 30 s, the only other way being a renewal 7.5 minutes later. "Within 1 second" is a budget,
// measured by bench/freshness.ts, not asserted here (issue 38).
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function redisAnswers(): Promise<boolean> {
  const url = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    socket.setTimeout(500);
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

let a: TestApp;
let b: TestApp;
let redis: string | undefined;
beforeAll(async () => {
  redis = (await redisAnswers()) ? redisUrl : undefined;
  a = await createTestApp({ redisUrl: redis });
  b = await createTestApp({ redisUrl: redis, shareDatabaseOf: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const me = (app: TestApp, headers: Record<string, string>) => app.app.inject({ method: 'GET', url: '/api/uploads', headers });

/** The requests `app` answered before it refused the token (polling every 10 ms), or Infinity when it still accepted it 30 s on. */
async function refusedAfter(app: TestApp, headers: Record<string, string>): Promise<number> {
  const end = performance.now() + 30_000;
  for (let accepted = 0; performance.now() < end; accepted++) {
    if ((await me(app, headers)).statusCode === 401) return accepted;
    await new Promise((r) => setTimeout(r, 10));
  }
  return Number.POSITIVE_INFINITY;
}

describe(`two instances on one ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'} database and one REDIS_URL`, () => {
  it('a Sign Out on one instance is refused on the other, though the other had verified and cached the token', async () => {
    const user = await makeUser(a.database.db);
    const headers = await signIn(a.app, user.email);
    expect((await me(b, headers)).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    // The instance that signed out refuses at once; the other once it has heard.
    expect(await refusedAfter(a, headers)).toBe(0);
    expect(await refusedAfter(b, headers), 'the other instance refuses the token (asked for 30 s)').toBeLessThan(Number.POSITIVE_INFINITY);
  });

  it('a password change on one instance ends the other sessions on both, and the changing one lives on both', async () => {
    const user = await makeUser(a.database.db);
    const changer = await signIn(b.app, user.email);
    const copied = await signIn(a.app, user.email);
    expect((await me(a, copied)).statusCode).toBe(200);
    expect((await me(b, copied)).statusCode).toBe(200);
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: changer,
      payload: { step: 'ChangePassword', email: user.email, password: TEST_PASSWORD, newPassword: 'Changed@97531' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The instance that changed it refuses the other session at once; the other instance once it has heard.
    expect(await refusedAfter(b, copied)).toBe(0);
    expect(await refusedAfter(a, copied), 'the other instance refuses the session (asked for 30 s)').toBeLessThan(Number.POSITIVE_INFINITY);
    expect((await me(a, changer)).statusCode).toBe(200);
    expect((await me(b, changer)).statusCode).toBe(200);
  });

  it('an instance started after the revocation refuses the token too (it reads the recent revocations at start)', async () => {
    const user = await makeUser(a.database.db);
    const headers = await signIn(a.app, user.email);
    await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    const c = await createTestApp({ redisUrl: redis, shareDatabaseOf: a });
    try {
      expect((await me(c, headers)).statusCode).toBe(401);
    } finally {
      await c.close();
    }
  });
});
