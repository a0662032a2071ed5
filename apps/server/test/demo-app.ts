import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { guestHeaders } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface DemoApp {
  /** The app on a fresh database with the demo data (set in beforeAll). */
  readonly t: TestApp;
  /** Bearer headers of the demo users (orderer, approver, credit, owner) and of a guest. */
  h: Record<string, Record<string, string>>;
  /** Ids of the demo users. */
  me: Record<string, { id: number; businessId: number }>;
  get(url: string, headers: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** One test file's app on the demo data, signed in as each demo user; closed after the file. */
export function useDemoApp(): DemoApp {
  let app: TestApp | undefined;
  const demo: DemoApp = {
    get t() {
      if (!app) throw new Error('useDemoApp: the app is made in beforeAll');
      return app;
    },
    h: {},
    me: {},
    get: (url, headers) => demo.t.app.inject({ method: 'GET', url, headers }),
  };
  beforeAll(async () => {
    app = await createTestApp({ demo: true });
    for (const key of ['orderer', 'approver', 'credit', 'owner']) {
      const res = await app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `${key}@demo.pk`, password: 'Demo@12345' } });
      const { token, user } = (res.json() as { data: { token: string; user: { id: number; businessId: number } } }).data;
      demo.h[key] = { authorization: `Bearer ${token}` };
      demo.me[key] = { id: user.id, businessId: user.businessId };
    }
    demo.h.guest = await guestHeaders(app.app);
  });
  afterAll(async () => app?.close());
  return demo;
}

