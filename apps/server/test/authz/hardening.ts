// Issue 14, points 8 to 11: each threat, what the shop does, and the test that proves it (printed into
// docs/security.md by render.ts).
export const HARDENING: { threat: string; defence: string; proof: string }[] = [
  {
    threat: 'A few KiB of compressed JSON that inflate to megabytes (one long list, deep nesting, many keys) hold the event loop for seconds, for every user, before the body is refused.',
    defence:
      'Every body is bounded before any code walks it (`lib/body-bounds.ts`, `lib/json-shape.ts`): bytes on the wire (1 MiB; the register route about 11 MB); a compressed body is inflated on zlib\'s threads to at most the route\'s limit and 32 times its size (past 64 KiB), never further; the JSON\'s nesting, list lengths, fields per object and values in all are checked on the bytes as they arrive, against bounds derived from the route\'s body schema (so a valid body is never refused), before parsing. `GET /api/health` reports the event-loop delay (`eventLoopDelay.p99Ms`, `maxMs`).',
    proof: '`apps/server/test/body-bounds.test.ts` (hostile bodies, compressed and plain, to every write route of `app.routeList`: a 4xx and no stall over 50 ms); `health.test.ts` "reports how long the event loop was held up"',
  },
  {
    threat: "An operator's PostgreSQL install gets the demo data and the demo accounts, whose password is public in README.",
    defence: 'On PostgreSQL nothing is seeded unless `SEED=demo`; the embedded database (a newcomer\'s `npm start`) still opens the demo shop. Whenever demo accounts exist, every start logs a `WARNING` line (docs/decisions/007-demo-and-operator-installs.md).',
    proof: '`apps/server/test/process.test.ts` "seeds nothing on PostgreSQL unless SEED=demo, and warns while demo accounts exist"',
  },
  {
    threat: 'Without SMTP_URL, reset and sign-up codes are written to the log, where anyone reading logs can take over an account.',
    defence: 'On PostgreSQL the server refuses to start without `SMTP_URL` unless `MAIL_OUTBOX=1` keeps mail in the `outbox` table; only the embedded demo install writes a mail\'s text to its log.',
    proof: '`process.test.ts` "refuses to start on PostgreSQL without SMTP_URL unless mail is explicitly kept in the outbox"; `lib/mailer.test.ts`',
  },
  {
    threat: 'The API documentation UI is public, exempt from the script policy, and on the same origin as the stored token.',
    defence: 'Headers come from `helmet` (`lib/helmet.ts`, its middleware built and run once at start, its headers then set on each answer; @fastify/helmet rebuilt it on every request and halved the throughput of the empty route): pages, the documentation and the OpenAPI JSON get the script policy without inline scripts, JSON answers under /api (errors included) the stricter `default-src \'none\'; frame-ancestors \'none\'` of the OWASP REST cheat sheet; HSTS and no framing on both. On PostgreSQL only the OpenAPI JSON is served, not the UI; the demo install serves the UI under the same policy (it has no inline script).',
    proof: '`health.test.ts` "keeps the script policy on every page: …" and "serves the documentation UI on the demo install, under the same policy"',
  },
];
