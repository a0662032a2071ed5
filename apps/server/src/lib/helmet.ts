import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Browser-side protections on every answer, error pages and the API documentation included, by
 * @fastify/helmet. No inline scripts anywhere (the Vite build and Swagger UI have none); styles may
 * be inline (React style props). No CORS headers are ever sent, so other origins cannot read our
 * API from a browser. Routes that serve stored files set a stricter policy of their own.
 */
export async function registerHelmet(app: FastifyInstance) {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      // Only these: helmet's defaults add upgrade-insecure-requests, which breaks a demo on http://.
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Browsers ignore it over plain http (a demo on localhost); behind TLS it pins https for a year.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
  // Helmet does not set Permissions-Policy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self)');
  });
}
