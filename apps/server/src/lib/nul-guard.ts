import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error.ts';

/**
 * The name of the first field holding a NUL character, or null. In addresses a decoded "%00" counts
 * too: a path segment may be decoded once more where a name is resolved.
 */
function fieldWithNul(value: unknown, inAddress: boolean, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') || (inAddress && /%00/i.test(value)) ? path : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const found = fieldWithNul(v, inAddress, path ? `${path}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold a NUL character: one in a path, a query or a body would reach the
 * database as an error (a 500). It is refused at the door instead (found by the fuzzer).
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const field = fieldWithNul(request.params, true, '') ?? fieldWithNul(request.query, true, '') ?? fieldWithNul(request.body, false, '');
    done(field !== null ? badRequest(`Invalid ${field || 'request'}: it contains a character that is not allowed.`) : undefined);
  });
}
