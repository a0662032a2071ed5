import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 7: with REDIS_URL, two instances enforce one sign-in limit between them.
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

let hasRedis = false;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  hasRedis = await redisAnswers();
  if (!hasRedis) return;
  // Both instances share one key prefix, new for every run (others use this Redis too).
  const redisPrefix = `test-${Date.now()}-${process.pid}:`;
  a = await createTestApp({ redisUrl, redisPrefix });
  b = await createTestApp({ redisUrl, redisPrefix });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const wrongSignIn = (app: TestApp, email: string) =>
  app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password-1' } });

describe('two instances on one Redis', () => {
  it('count sign-in failures together: the sixth wrong try is refused whichever instance gets it', async (ctx) => {
    if (!hasRedis) return ctx.skip();
    const email = `shared-${Date.now()}-${process.pid}@test.pk`;
    for (let i = 0; i < 5; i++) {
      const res = await wrongSignIn(i % 2 === 0 ? a : b, email);
      expect(res.statusCode, `try ${i + 1}`).toBe(401);
    }
    for (const app of [a, b]) {
      const res = await wrongSignIn(app, email);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: 'Too many attempts. Please wait a few minutes and try again.' });
    }
  });

  it('30 wrong sign-ins in parallel over both instances: at most 5 are evaluated (issue 14 point 3)', async (ctx) => {
    if (!hasRedis) return ctx.skip();
    const email = `parallel-${Date.now()}-${process.pid}@test.pk`;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? a : b).app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password-1' }, remoteAddress: `10.77.0.${i}` }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    // A 401 is an evaluated guess (a password hash was computed); the others were refused before it.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
  });

  it('without Redis each instance would count alone (the control)', async () => {
    const c = await createTestApp();
    const d = await createTestApp();
    try {
      const email = `alone-${Date.now()}@test.pk`;
      for (let i = 0; i < 6; i++) {
        const res = await wrongSignIn(i % 2 === 0 ? c : d, email);
        expect(res.statusCode, `try ${i + 1}`).toBe(401);
      }
    } finally {
      await c.close();
      await d.close();
    }
  });
});
