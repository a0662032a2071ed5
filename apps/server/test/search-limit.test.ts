import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSearch } from '../src/lib/rate-limit.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ searchRateLimit: 3, trustProxy: 1 });
});
afterAll(() => t.close());

const search = (ip: string, url = '/api/catalogue/search?search=rice') =>
  t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': ip } });

describe('search rate limit (issue 7)', () => {
  it('knows a search by the route the router matched and the parsed query', () => {
    expect(isSearch('/api/catalogue/search', { search: 'x' })).toBe(true);
    expect(isSearch('/api/bmpl/search', { search: 'x', city: 'Lahore' })).toBe(true);
    expect(isSearch('/api/custom_route/get_products_by_categories', { limit: '5', search: 'oil' })).toBe(true);
    expect(isSearch('/api/custom_route/get_products_by_categories', { limit: '5', search: '' })).toBe(false);
    expect(isSearch('/api/custom_route/get_products_by_categories', { limit: '5' })).toBe(false);
    expect(isSearch(undefined, { search: 'x' })).toBe(false);
  });

  it('counts a path written another way (percent-encoded letters, encoded query names) as the same search (issue 14 point 6)', async () => {
    const ip = '10.0.9.1';
    const spellings = [
      '/api/catalogue/%73earch?search=rice',
      '/api/catalogue/s%65arch?search=rice',
      '/api/custom_route/get_products_by_categories?limit=5&%73earch=oil',
    ];
    for (const url of spellings) expect((await search(ip, url)).statusCode, url).toBeLessThan(429);
    const over = await search(ip, '/api/%62mpl/search?search=rice&city=Lahore');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives each client address its own count, across the search endpoints', async () => {
    for (let i = 0; i < 3; i++) expect((await search('10.0.0.1', i === 2 ? '/api/bmpl/search?search=rice&city=Lahore' : undefined)).statusCode).toBeLessThan(429);
    const over = await search('10.0.0.1', '/api/custom_route/get_products_by_categories?search=oil&limit=5');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await search('10.0.0.2')).statusCode).toBe(200);
    // Browsing without a search text is not counted.
    expect((await t.app.inject({ method: 'GET', url: '/api/custom_route/get_products_by_categories?limit=5', headers: { 'x-forwarded-for': '10.0.0.1' } })).statusCode).toBe(200);
  });
});
