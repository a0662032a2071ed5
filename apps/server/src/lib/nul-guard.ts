import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error.ts';

/** In addresses a decoded "%00" counts too: a path segment may be decoded once more where a name is resolved. */
function hasNul(value: unknown, inAddress: boolean, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || (inAddress && /%00/i.test(value));
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  for (const v of Array.isArray(value) ? value : Object.values(value)) if (hasNul(v, inAddress, depth + 1)) return true;
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character: one in a path, a query or a body would reach the
 * database as an error (a 500). It is refused at the door instead (found by the fuzzer).
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw badRequest('The address contains a character that is not allowed.');
  });
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params, true) || hasNul(request.query, true) || hasNul(request.body, false)) {
      throw badRequest('The request contains a character that is not allowed.');
    }
  });
}
