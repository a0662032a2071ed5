import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and the error envelope', () => {
  it('answers health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      data: {
        status: 'ok',
        database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
        eventLoopDelay: { p99Ms: expect.any(Number), maxMs: expect.any(Number), windowSeconds: 60 },
      },
    });
  });

  it('reports how long the event loop was held up', async () => {
    await new Promise((r) => setTimeout(r, 50));
    const busyUntil = performance.now() + 120;
    while (performance.now() < busyUntil) {
      // Holds the event loop, as a request walking megabytes would.
    }
    await new Promise((r) => setTimeout(r, 50));
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const delay = body<{ data: { eventLoopDelay: { maxMs: number; p99Ms: number } } }>(res).data.eventLoopDelay;
    expect(delay.maxMs).toBeGreaterThanOrEqual(100);
    expect(delay.p99Ms).toBeLessThanOrEqual(delay.maxMs);
  });

  it('answers unknown /api paths with 404 and an error text', async () => {
    for (const url of ['/api/nope', '/api', '/api/read/Orders/../../etc/passwd']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(body(res).error).toBeTypeOf('string');
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/unknown', payload: { a: 1 } });
    expect(post.statusCode).toBe(404);
  });

  it('refuses malformed JSON with 400 and does not leak the parser message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"step": "Guest",',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ step: 'Guest', pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(body(res).error).toMatch(/too large/);
  });

  it('refuses unknown fields and wrong types with 400', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { step: 'Guest', isAdmin: true } });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).error).toBeTypeOf('string');
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 42, password: [] } });
    expect(wrongType.statusCode).toBe(400);
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<step>Guest</step>',
    });
    expect(res.statusCode).toBe(415);
    expect(body(res).error).toBeTypeOf('string');
  });

  it('keeps serving after bad requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/auth/login');
  });
});

describe('browser-side protections', () => {
  it('sends a script policy without unsafe-inline, nosniff and frame-ancestors none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    // A JSON answer is never a document: nothing may load or run in it (OWASP REST cheat sheet).
    expect(csp).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const api404 = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api404.statusCode).toBe(404);
    expect(String(api404.headers['content-security-policy'])).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('keeps the script policy on every page: the OpenAPI document, error pages, and no documentation UI on an operator install', async () => {
    for (const url of ['/api/docs/json', '/nope.js', '/api/docs', '/api/docs/static/index.html']) {
      const page = url === '/nope.js';
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=31536000/);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      if (url !== '/api/docs/json' && !page) expect(res.statusCode, url).toBe(404);
      expect(String(res.headers['content-security-policy']), url).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(String(bad.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('serves the documentation UI on the demo install, under the same policy', async () => {
    const demo = await createTestApp({ demoInstall: true });
    try {
      const page = await demo.app.inject({ method: 'GET', url: '/api/docs' });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
      for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/json']) {
        const res = await demo.app.inject({ method: 'GET', url });
        expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
      }
    } finally {
      await demo.close();
    }
  });

  it('sends no CORS permission to other origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('NUL characters', () => {
  it('are refused in the address and in bodies with 400, not passed to the database', async () => {
    const inPath = await t.app.inject({ method: 'GET', url: '/api/bmpl/products/by-slug/%2500' });
    expect(inPath.statusCode).toBe(400);
    expect(body(inPath).error).toBeTypeOf('string');
    const inBody = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a\u0000@b.pk', password: 'x' } });
    expect(inBody.statusCode).toBe(400);
  });
});
