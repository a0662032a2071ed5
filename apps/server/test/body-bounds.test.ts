import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_BODY_LIMIT } from '../src/modules/uploads/uploads.service.ts';
import { makeUser, signIn } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 14, point 8: no single request holds the event loop for more than 50 ms. Every write route
// (from app.routeList, so routes added later are covered too) gets small compressed bodies that
// inflate to megabytes, and plain bodies just under its size limit whose shape is hostile.

const STALL_LIMIT_MS = 50;

let t: TestApp;
let orderer: Record<string, string>;
let bodies: Hostile[];
beforeAll(async () => {
  bodies = hostileBodies();
  t = await createTestApp();
  orderer = await signIn(t.app, (await makeUser(t.database.db, { type: 'Orderer' })).email);
}, 60_000);
afterAll(() => t.close());

/** The longest the event loop went without running a 2 ms timer while `run` was in progress. */
async function longestStall(run: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 2);
  await new Promise((r) => setTimeout(r, 6));
  longest = 0;
  last = performance.now();
  await run();
  await new Promise((r) => setTimeout(r, 6));
  clearInterval(probe);
  return Math.max(longest, performance.now() - last);
}

/** A JSON text of about `bytes` bytes made of `unit` repeated inside `open`…`close`. */
const sized = (bytes: number, open: string, unit: string, close: string) => `${open}${unit.repeat(Math.floor(bytes / unit.length))}0${close}`;

interface Hostile {
  name: string;
  payload: Buffer;
  headers: Record<string, string>;
}

function hostileBodies(): Hostile[] {
  const near = (limit: number) => limit - 4096;
  const plain = (name: string, text: string): Hostile => ({ name, payload: Buffer.from(text), headers: {} });
  const bodies: Hostile[] = [];
  for (const limit of [1024 * 1024, REGISTER_BODY_LIMIT]) {
    bodies.push(
      plain(`long array (${limit} bytes)`, sized(near(limit), '{"step":1,"ids":[', '0,', ']}')),
      plain(`long array of objects (${limit} bytes)`, sized(near(limit), '{"step":1,"order_details":[', '{},', ']}').replace(/0\]\}$/, '{}]}')),
      plain(`many keys (${limit} bytes)`, `{${Array.from({ length: Math.floor(near(limit) / 12) }, (_, i) => `"k${i}":0`).join(',')}}`),
      plain(`deep nesting (${limit} bytes)`, `{"step":1,"a":${'['.repeat(near(limit) / 2)}${']'.repeat(near(limit) / 2)}}`),
    );
  }
  const bomb = sized(48 * 1024 * 1024, '{"step":1,"ids":[', '0,', ']}');
  bodies.push(
    { name: 'gzip bomb (48 MB of a long array)', payload: gzipSync(bomb, { level: 9 }), headers: { 'content-encoding': 'gzip' } },
    { name: 'brotli bomb (48 MB of a long array)', payload: brotliCompressSync(bomb, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), headers: { 'content-encoding': 'br' } },
    { name: 'gzip of 900 KB (within the size limit, far beyond the ratio)', payload: gzipSync(sized(900 * 1024, '{"ids":[', '0,', ']}')), headers: { 'content-encoding': 'gzip' } },
  );
  return bodies;
}

describe('hostile request bodies', () => {
  it('are refused with a 4xx on every write route without holding the event loop over 50 ms', async () => {
    const writes = t.app.routeList.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && !r.url.startsWith('/api/docs'));
    expect(writes.length).toBeGreaterThanOrEqual(7);
    expect(bodies.some((b) => b.payload.length < 64 * 1024 && b.headers['content-encoding'])).toBe(true);
    const slow: string[] = [];
    let worst = 0;
    for (const route of writes) {
      const url = route.url.replace(/:\w+\??/g, '1');
      for (const body of bodies) {
        const send = () => t.app.inject({ method: route.method as 'POST', url, headers: { ...orderer, 'content-type': 'application/json', ...body.headers }, payload: body.payload });
        let res = await send();
        expect(res.statusCode, `${route.method} ${route.url} ${body.name}: ${res.body.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${route.method} ${route.url} ${body.name}`).toBeLessThan(500);
        expect((res.json() as { error?: unknown }).error).toBeTypeOf('string');
        // A loaded machine may pause the process now and then; a request that walks megabytes is
        // slow every time. So a stall counts only if it happens on three tries out of three.
        let stall = Number.POSITIVE_INFINITY;
        for (let attempt = 0; attempt < 3 && stall > STALL_LIMIT_MS; attempt++) {
          stall = Math.min(stall, await longestStall(async () => (res = await send())));
        }
        worst = Math.max(worst, stall);
        if (stall > STALL_LIMIT_MS) slow.push(`${route.method} ${route.url} ${body.name}: ${Math.round(stall)} ms (${res.statusCode})`);
      }
    }
    expect(slow).toEqual([]);
    console.info(`hostile bodies: ${writes.length} routes × ${bodies.length} bodies, longest stall ${worst.toFixed(1)} ms`);
  }, 300_000);

  it('still accepts a compressed body of a real size', async () => {
    const payload = gzipSync(JSON.stringify({ step: 'Guest' }));
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload });
    expect(res.statusCode).toBe(200);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json', 'content-encoding': 'compress' }, payload });
    expect(unknown.statusCode).toBe(415);
    const broken = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: Buffer.from('not gzip') });
    expect(broken.statusCode).toBe(400);
    expect((broken.json() as { error: string }).error).toBe('The request body could not be decompressed.');
  });
});
