// Issue 14, points 8 to 11: each threat, what the shop does, and the test that proves it (printed into
// docs/security.md by render.ts).
export const HARDENING: { threat: string; defence: string; proof: string }[] = [
  {
    threat: 'A few KiB of compressed JSON that inflate to megabytes (one long list, deep nesting, many keys) hold the event loop for seconds, for every user, before the body is refused.',
    defence:
      'Every body is bounded before any code walks it (`lib/body-bounds.ts`, `lib/json-shape.ts`): bytes on the wire (1 MiB; the register route about 11 MB); a compressed body is inflated on zlib\'s threads to at most the route\'s limit and 32 times its size (past 64 KiB), never further; the JSON\'s nesting, list lengths, fields per object and values in all are checked on the bytes as they arrive, against bounds derived from the route\'s body schema (so a valid body is never refused), before parsing. `GET /api/health` reports the event-loop delay (`eventLoopDelay.p99Ms`, `maxMs`).',
    proof: '`apps/server/test/body-bounds.test.ts` (hostile bodies, compressed and plain, to every write route of `app.routeList`: a 4xx, none of them reaches the JSON parser, a compressed one is refused at its bound); `bench/hostile-bodies.ts` (the same bodies: no stall over 50 ms); `health.test.ts` "reports how long the event loop was held up"',
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
  {
    threat: "Issue 37: a stranger sends huge bodies to routes that need a session; each is read and parsed before the 401.",
    defence:
      'A route that needs a session names it (`registeredRoute(message)` or `sessionRoute`, lib/auth-context.ts); the auth hook refuses a request without one when it arrives (401, or 403 to a guest), before its body is read. Staff routes refuse a write without a staff session in their own hook, as before. Only the sign-in, sign-up and reset routes read a body from anyone.',
    proof: '`apps/server/test/auth-before-body.test.ts` (every write route of `app.routeList` is sent a request head and a few bytes: each answers 401/403 with the body unsent, or is on the short list of routes open to all)',
  },
  {
    threat: 'Issue 37: guessing a staff password or second-factor code with a leaked password; locking a staff person out from elsewhere; a forged staff write from another site.',
    defence:
      'Staff sign-in steps count per client address (20 in 15 min, 60 an hour, 200 a day) and per person: from browsers the person has not signed in on, the buyers\' three tiers (5 in 5 min, 20 an hour, 50 a day); from their known browsers (a signed httpOnly cookie set at a full sign-in, path /api/staff/auth) their own tiers (10 in 15 min, 30 a day), which a stranger cannot fill. After 50 failed steps in a row (`STAFF_LOCKOUT_FAILURES`) the account locks against other browsers (or, when its own browser failed, everywhere), with a mail to the person and an audit entry `staff.lock`; a locked account is refused before its password is checked; only an Admin (`POST /api/staff/accounts/:id/unlock`, audited) or a new setup link lifts it. A password chosen through a setup link ends every session of the person (buyers\' reset and change already did). Staff writes, sign-in included, are refused when the browser says (Origin, Sec-Fetch-Site) they come from another site, as a second line after the CSRF token.',
    proof: '`apps/server/src/modules/staff-auth/staff-lockout.test.ts`',
  },
];
