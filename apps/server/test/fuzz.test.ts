import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestHeaders, signIn } from './factories.ts';
import { fuzzRoutes } from './fuzz.ts';
import { signInStaff } from './staff.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The short form that CI runs; bench/fuzz.ts runs the same fuzzer for 100,000 requests.
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);

let t: TestApp;
let headers: Record<string, string>[];
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  headers = [
    {},
    await guestHeaders(t.app),
    await signIn(t.app, 'orderer@demo.pk', 'Demo@12345'),
    await signIn(t.app, 'approver@demo.pk', 'Demo@12345'),
    { authorization: 'Bearer not.a.token' },
    // A staff person holding every role, so the staff routes' input is fuzzed past their guard too.
    (await signInStaff(t, { email: 'fuzz@staff.example.pk', roles: ['Admin', 'Order desk', 'Finance', 'Catalogue'], totp: true })).headers,
  ];
});
afterAll(() => t.close());

describe('fuzzing every route', () => {
  it('answers random and hostile input without 5xx, internals or a missing error text', async () => {
    // Sign-out routes last: they end the sessions the other routes are fuzzed with.
    const isSignOut = (r: { url: string }) => r.url.endsWith('/logout');
    const all = t.app.routeList.filter((r) => !r.url.startsWith('/api/docs'));
    const routes = [...all.filter((r) => !isSignOut(r)), ...all.filter(isSignOut)];
    expect(routes.length).toBeGreaterThan(3);
    const { sent, findings } = await fuzzRoutes(t.app, routes, headers, RUNS_PER_ROUTE, 42);
    expect(findings).toEqual([]);
    expect(sent).toBe(routes.length * RUNS_PER_ROUTE);
  }, 300_000 + RUNS_PER_ROUTE * 1_000);
});
