import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Browser-side protections on every answer, error pages and the API documentation included, by
 * helmet. No inline scripts anywhere (the Vite build and Swagger UI have none); styles may be inline
 * (React style props). No CORS headers are ever sent, so other origins cannot read our API from a
 * browser. Routes that serve stored files set a stricter policy of their own.
 *
 * helmet itself, not @fastify/helmet: the plugin calls `helmet(options)` again for every request,
 * which parses the policy's directives each time (a third of a 404's server time in a profile, and
 * the empty route's throughput fell from about 6,500 to 3,700 req/s). Here helmet's middleware runs
 * once at start against a recorder, and each answer gets the recorded headers: the same headers,
 * decided by helmet, for one loop over prepared pairs instead of a chain of eleven middlewares per
 * request (docs/performance-changelog.md, issue 14).
 */
export function registerHelmet(app: FastifyInstance) {
  const setHeaders = helmet({
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
  // JSON answers are never a document: OWASP's REST cheat sheet policy, which lets nothing load or
  // run and nobody frame it, and half the bytes of the pages' headers on every API answer.
  const setApiHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    dnsPrefetchControl: false,
    ieNoOpen: false,
    originAgentCluster: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // Helmet does not set Permissions-Policy.
  const pageHeaders = [...headersOf(setHeaders), ['permissions-policy', 'camera=(), microphone=(), geolocation=(self)']] as const;
  const apiHeaders = headersOf(setApiHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '';
    const isApi = url.startsWith('/api/') && !url.startsWith('/api/docs');
    const res = reply.raw;
    for (const [name, value] of isApi ? apiHeaders : pageHeaders) res.setHeader(name, value);
    done();
  });
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The headers a helmet middleware sets, recorded once. Helmet's output depends only on its options
 * (never on the request), so every answer gets the same pairs; it only removes X-Powered-By, which
 * nothing here sets.
 */
export function headersOf(middleware: Middleware): ReadonlyArray<readonly [string, string]> {
  const recorded = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => recorded.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => recorded.delete(name.toLowerCase()),
  };
  let failed: unknown;
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    failed = err;
  });
  if (failed) throw failed;
  return [...recorded];
}
