import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createMailer } from '../../lib/mailer.ts';
import { createTokenService } from '../../lib/tokens.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 20: liveness and readiness answered separately.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ nodeEnv: 'production' });
});
afterAll(() => t.close());

async function ready() {
  return t.app.inject({ method: 'GET', url: '/api/health/ready' });
}

describe('liveness and readiness', () => {
  it('is ready once the database answers and the in-memory copies have loaded', async () => {
    expect(t.app.copies.map((c) => c.name).sort()).toEqual(['catalogue index', 'marketplace index']);
    let res = await ready();
    // Asked until the copies have loaded: up to 60 s, which no loaded machine needs (issue 38).
    for (let i = 0; i < 600 && res.statusCode !== 200; i++) {
      expect(res.statusCode).toBe(503);
      expect(body(res).error).toMatch(/^Not ready: the in-memory copies are loading/);
      await new Promise((r) => setTimeout(r, 100));
      res = await ready();
    }
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ data: { status: 'ready', checks: { database: 'ok', redis: 'not used', copies: 'ok', readReplica: 'not used' } } });
    expect(t.app.copies.every((c) => c.loaded && c.lastLoadAt !== null)).toBe(true);
  });

  it('is not ready while a copy is still loading, and says which', async () => {
    const copy = { name: 'a copy still loading', loaded: false, lastLoadAt: null, lastLoadMs: null };
    t.app.copies.push(copy);
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(body(res).error).toBe('Not ready: the in-memory copies are loading (a copy still loading).');
      copy.loaded = true;
      expect((await ready()).statusCode).toBe(200);
    } finally {
      t.app.copies.splice(t.app.copies.indexOf(copy), 1);
    }
  });

  it('is ready with CATALOGUE_COPIES=off once the database answers: SQL answers every read, nothing loads', async () => {
    const sqlOnly = await createTestApp({ nodeEnv: 'production', catalogueCopies: 'off', shareDatabaseOf: t });
    try {
      const res = await sqlOnly.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(body(res)).toEqual({ data: { status: 'ready', checks: { database: 'ok', redis: 'not used', copies: 'not used', readReplica: 'not used' } } });
      expect(res.statusCode).toBe(200);
      expect(sqlOnly.app.copies).toEqual([]);
      // The storefront still answers (from SQL) while ready.
      expect((await sqlOnly.app.inject({ method: 'GET', url: '/api/bmpl/categories/tree' })).statusCode).toBe(200);
    } finally {
      await sqlOnly.close();
    }
  });

  it('is not ready when Redis (REDIS_URL) does not answer, while the process stays live', async () => {
    const noRedis = await createTestApp({ redisUrl: 'redis://127.0.0.1:9/0', shareDatabaseOf: t });
    try {
      const res = await noRedis.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'Not ready: Redis does not answer.', checks: { database: 'ok', redis: 'failed', copies: 'ok', readReplica: 'not used' } });
      const live = await noRedis.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(body(live)).toEqual({ data: { status: 'ok' } });
    } finally {
      await noRedis.close();
    }
  });

  it('is not ready when the database does not answer, and live all the same', async () => {
    // An instance on the test database that then goes away: its statements fail from then on.
    let away = false;
    const db = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        if (prop === 'execute' && away) return async () => Promise.reject(new Error('connection refused'));
        return Reflect.get(target, prop, receiver);
      },
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-ready-'));
    const app = await buildApp({
      db,
      dbKind: t.database.kind,
      tokens: createTokenService('test-secret-test-secret-test-secret-0123456789'),
      mailer: createMailer({ from: 'test@shop.local', db: t.database.db }),
      config: { DATA_DIR: dataDir, TRUST_PROXY: 0, NODE_ENV: 'test', WEB_DIST: join(dataDir, 'no-web') },
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    away = true;
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'Not ready: the database does not answer.', checks: { database: 'failed', redis: 'not used', copies: 'ok', readReplica: 'not used' } });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
