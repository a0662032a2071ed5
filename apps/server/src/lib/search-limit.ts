import type { FastifyInstance } from 'fastify';
import { clientOf, type Limit, rateLimiterFor } from './rate-limit.ts';

const SEARCH_PATHS = ['/api/catalogue/search', '/api/bmpl/search'];

/** A search, by its address: the search endpoints, and listings asked with a search text. */
export function isSearch(url: string): boolean {
  const [path = '', query = ''] = url.split('?');
  if (SEARCH_PATHS.includes(path)) return true;
  return path === '/api/custom_route/get_products_by_categories' && /(^|&)search=[^&]/.test(query);
}

/**
 * Issue 7: searches are the costliest reads (full text and trigram matching), so each client address
 * gets `perMinute` of them (SEARCH_RATE_LIMIT; 0 turns the limit off), shared through Redis when set.
 */
export function registerSearchLimit(app: FastifyInstance, redisUrl: string | undefined, perMinute: number) {
  if (perMinute <= 0) return;
  const limiter = rateLimiterFor(app, redisUrl);
  const limit: Limit = { name: 'search:client', max: perMinute, windowMs: 60_000 };
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' && isSearch(request.url)) await limiter.consume(limit, clientOf(request));
  });
}
