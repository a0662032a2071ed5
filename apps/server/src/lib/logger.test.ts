import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { createLogger, redactSecrets } from './logger.ts';
import { createMailer } from './mailer.ts';
import { createTokenService } from './tokens.ts';

// Issue 20: one logger, one list of secrets, a request id on every request line and in our errors.
const lines: Record<string, unknown>[] = [];
const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let dataDir: string;
/** Whether the database refuses every statement (an outage), to cause an error on our side. */
let away = false;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dataDir = mkdtempSync(join(tmpdir(), 'shop-log-'));
  const db = new Proxy(database.db, {
    get(target, prop, receiver) {
      if (prop === 'execute' && away) return async () => Promise.reject(new Error('connection to 10.0.0.5 refused, password=hunter2'));
      return Reflect.get(target, prop, receiver);
    },
  });
  app = await buildApp({
    db,
    dbKind: database.kind,
    tokens: createTokenService('test-secret-test-secret-test-secret-0123456789'),
    mailer: createMailer({ from: 'test@shop.local', db: database.db }),
    config: { DATA_DIR: dataDir, TRUST_PROXY: 1, NODE_ENV: 'test', WEB_DIST: join(dataDir, 'no-web') },
    loggerInstance: createLogger({ level: 'info' }, stream),
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the logger', () => {
  it('never writes a secret field, at any depth, and keeps the rest', () => {
    const before = lines.length;
    const log = createLogger({ level: 'info' }, stream);
    log.info(
      { user: { email: 'a@b.pk', password: 'Demo@12345', sessions: [{ token: 't0k3n', id: 7 }] }, headers: { authorization: 'Bearer x', cookie: 'staff=1', 'x-csrf-token': 'c' }, reset_code: '123456', totpSecret: 'S' },
      'a line',
    );
    const line = lines[before] as Record<string, unknown>;
    expect(line.user).toEqual({ email: 'a@b.pk', password: '[redacted]', sessions: [{ token: '[redacted]', id: 7 }] });
    expect(line.headers).toEqual({ authorization: '[redacted]', cookie: '[redacted]', 'x-csrf-token': '[redacted]' });
    expect(line.reset_code).toBe('[redacted]');
    expect(line.totpSecret).toBe('[redacted]');
    expect(line.msg).toBe('a line');
    expect(redactSecrets({ passwordHash: 'h', recoveryCodes: ['a'], roles: ['Admin'] })).toEqual({ passwordHash: '[redacted]', recoveryCodes: '[redacted]', roles: ['Admin'] });
    // Nothing to hide: the very same object, not a copy; the input is never changed.
    const clean = { user: { email: 'a@b.pk', roles: ['Admin'] } };
    expect(redactSecrets(clean)).toBe(clean);
    const secret = { user: { password: 'p', email: 'e' } };
    expect(redactSecrets(secret)).toEqual({ user: { password: '[redacted]', email: 'e' } });
    expect(secret.user.password).toBe('p');
    // An instance of a class is left to pino's serializers (a Date stays a date, not {}).
    const at = new Date('2026-11-26T00:00:00Z');
    expect((redactSecrets({ at }) as { at: unknown }).at).toBe(at);
  });

  it('every request line carries the request id the answer names', async () => {
    const before = lines.length;
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const requestLines = lines.slice(before).filter((l) => l.req || l.res);
    // One line per request, written when it is answered, with what Fastify's two lines had.
    expect(requestLines).toHaveLength(1);
    const line = requestLines[0] as Record<string, unknown>;
    expect(line.reqId).toBe(id);
    expect(line.msg).toBe('request completed');
    // pino's serializers write the request's and reply's fields (the redaction leaves Fastify's
    // request and reply objects to them, unwalked).
    expect(line.req).toMatchObject({ method: 'GET', url: '/api/health' });
    expect(line.res).toMatchObject({ statusCode: 200 });
    expect(line.responseTime).toEqual(expect.any(Number));
    // Another request, another id.
    const again = await app.inject({ method: 'GET', url: '/api/health' });
    expect(again.headers['x-request-id']).not.toBe(id);
  });

  it('an error on our side names the request in the answer, and its log line carries the same id', async () => {
    const before = lines.length;
    away = true;
    let res: Awaited<ReturnType<FastifyInstance['inject']>>;
    try {
      res = await app.inject({ method: 'GET', url: '/api/health' });
    } finally {
      away = false;
    }
    const id = res.headers['x-request-id'] as string;
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: `Something went wrong on our side. Please try again. Reference: ${id}.`, requestId: id });
    expect(res.body).not.toContain('10.0.0.5'); // no cause leaks to the buyer
    const failure = lines.slice(before).find((l) => l.msg === 'request failed');
    expect(failure?.reqId).toBe(id);
    expect(failure?.level).toBe(50);
  });

  it("keeps a trusted proxy's X-Request-Id, and makes a new one for anything unfit", async () => {
    const kept = await app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'lb-7f3a9c21e0' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21e0');
    const unfit = await app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'a b\nforged line' } });
    expect(unfit.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
