import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Issue 38: ARCHITECTURE.md's map of the modules (URL prefixes per module) is printed by
 * scripts/print-architecture.mjs from the route files as written, read without running them. This holds
 * that reading to the routes the built app registers: every route of a module is read, under its
 * prefix, and nothing is read that the app does not have. (scripts/print-architecture.test.mjs holds the
 * document to the printer.)
 */
interface ReadRoute {
  module: string;
  method: string;
  url: string;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

describe('the routes ARCHITECTURE.md is printed from', () => {
  it('are the app\'s own, each under its module\'s prefix', async () => {
    // A path held in a variable: the printer is plain JavaScript, read here for its exports only.
    const printer = new URL('../../../scripts/print-architecture.mjs', import.meta.url).href;
    const { moduleRoutes } = (await import(printer)) as { moduleRoutes: () => ReadRoute[] };
    const read = moduleRoutes().map((r) => `${r.method} ${r.url}`);
    const registered = t.app.routeList.map((r) => `${r.method} ${r.url.replace(/\/$/, '') || '/'}`);
    // Not the modules' (app.ts): the OpenAPI document (and its UI), /metrics, and the built web app's files.
    const webDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
    const outsideModules = (route: string) => {
      const [method, url = ''] = route.split(' ');
      return /^\/api\/docs(\/|$)|^\/metrics$/.test(url) || (method === 'GET' && url !== '/' && existsSync(webDist + decodeURI(url.slice(1))));
    };
    expect(read.filter((r) => !registered.includes(r)), 'read from route files but not registered').toEqual([]);
    expect(registered.filter((r) => !read.includes(r) && !outsideModules(r)), 'registered but not read from any route file').toEqual([]);
    expect(new Set(read).size).toBe(read.length);
  });
});
