import type { FastifyInstance } from 'fastify';

// No inline scripts anywhere (the Vite build has none); styles may be inline (React style props).
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Browser-side protections on every answer. No CORS headers are ever sent, so other origins cannot
 * read our API from a browser. Swagger UI (/api/docs) brings its own inline bootstrap, so it gets
 * the same headers but without our script policy.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self)');
    if (!reply.hasHeader('content-security-policy') && !request.url.startsWith('/api/docs')) {
      reply.header('content-security-policy', CSP);
    }
  });
}
