import { ACTOR_LABELS, ACTORS } from './world.ts';
import { HARDENING } from './hardening.ts';
import { PUBLIC_READ_PREFIXES, ROWS } from './matrix.ts';

const STATUS: Record<number, string> = { 200: 'allowed', 401: '401', 403: '403', 404: '404', 409: '409' };

/** docs/security.md, printed from the matrix so the document and the checks never disagree. */
export function renderSecurityDoc(): string {
  const head = `| route | case | ${ACTORS.map((a) => ACTOR_LABELS[a]).join(' | ')} |\n|---|---|${ACTORS.map(() => '---').join('|')}|`;
  const rows = ROWS.map((r) => `| \`${r.route}\` | ${r.case} | ${ACTORS.map((a) => STATUS[r.expect[a]] ?? String(r.expect[a])).join(' | ')} |`);
  return `# Security: who may do what

This file is printed by \`npx tsx apps/server/test/authz/print.ts > docs/security.md\` from the matrix in
\`apps/server/test/authz/matrix.ts\`; \`authz.test.ts\` checks every cell against the real server on the demo
data, and fails when a route is added without a row. "allowed" is a 200 whose content is also checked where
it matters (lists hold only the caller's business's rows, and for non-Approvers only their own; an order
placed is recorded for the caller).

Callers: anonymous has no token; a Guest has a guest token (SPEC 1); Owner, Orderer and Approver are users of
*Demo Kiryana Traders* (business 1); the Viewer is another user type of business 1; "another business's user"
is credit@demo.pk of business 2. Roles, business and user come from the signed token and the database, never
from the request.

Staff (issue 16): one person per role (Admin, Order desk, Finance, Catalogue), each signed in with the
staff session cookie and its CSRF token, and no buyer token. Staff routes (\`/api/staff/\`) refuse every
buyer token with 401, whatever the token; on buyer routes a staff person is anonymous (the staff cookie is
scoped to \`/api/staff\` and no buyer route reads it). What each role may do is
\`ROLE_CAPABILITIES\` in \`packages/domain/src/staff.ts\`; Admin does not imply the other roles.

## Calls with rules

${head}
${rows.join('\n')}

## Public reads

Every caller, anonymous included, may read the catalogue and the marketplace (SPEC 6: browse, search and
product detail for everyone): routes under ${PUBLIC_READ_PREFIXES.map((p) => `\`${p}\``).join(', ')}.
Their prices are the caller's own: customer-specific prices only for the caller's own business (never a
guest's or another business's), marketplace prices only the selected city's. The matrix test calls each of
them as every caller and checks that a guest sees no customer-specific price and a business sees only its own.

## Orders: credit and retries

- Credit beyond the limit (issue 14.12). Threat: a business, or two of its buyers at the same moment, place
  Credit orders for more than the wholesaler agreed to lend it. The server refuses (409, with the amount, the
  limit and what is still available) a Credit order that would take what the business owes above its
  \`credit_limit\`: owed is the payable of its Credit ledger entries plus its Credit orders not yet Delivered
  or Rejected (one rule, \`checkCredit\` in \`packages/domain/src/credit.ts\`, which the checkout also shows
  before Place order). Credit placements of one business are serialised by a transaction-scoped advisory
  lock, so racing orders cannot both pass; an Approver confirming a Pending order as Credit is checked the
  same way. Proved by \`apps/server/src/modules/orders/credit-limit.test.ts\` (16 orders racing for a limit on
  PostgreSQL: the accepted ones stay within it) and \`credit-demo.test.ts\`.
- Idempotency-Key reused with another order (issue 14.13). Threat: a client (or a bug) sends a new order with
  an old key and is told the first order is this one, so the new order is silently lost. The server keeps a
  SHA-256 of the request (payment mode, merged lines, the order confirmed) with the order and answers 422
  \`{ error }\` when the key comes with a different one; the same request still answers the first order.
  Proved by \`apps/server/src/modules/orders/place-order.test.ts\` "a retried request answers the first order
  instead of making a second".

## Sessions that end (issue 14)

- **A copied token kept working for 7 days**, also after Sign Out and after the password was changed or
  reset. Now every signed-in user has a server-side session (table \`sessions\`; its random id is the
  token's \`sid\`). An access token lives 15 minutes; while the user is active the server sends a fresh
  one in the \`x-session-token\` response header once a token is past half its life (the web's api client
  stores it; same origin, no CORS), never beyond the session's end (7 days after sign-in). Sign Out
  (\`POST /api/auth/logout\`, called by every Sign Out of the web app before it clears local storage)
  revokes the session; a password change revokes every other session of the user and keeps the caller's;
  a reset revokes all; both mail "Your password was changed" to the account. A revocation is announced
  with PostgreSQL NOTIFY at commit and every instance keeps the revoked ids in memory, so the check per
  request is a lookup (no database round trip) and a revoked token is refused on every instance within
  1 second; a renewal reads the session row itself. Registered tokens without a session (made before
  this change) are refused. Guests keep stateless 30-day tokens: a guest token reaches no account, order
  or price of anyone. Tests: \`apps/server/src/modules/auth/sessions.test.ts\` (sign-out, change, reset,
  renewal, expiry) and \`apps/server/test/sessions-two-instances.test.ts\` (two instances on one database
  with Redis, on PGlite and on PostgreSQL); \`e2e/accounts.spec.ts\` "Sign Out ends the session on the
  server".
- **A sign-up held a full 7-day Owner session before anyone proved the email.** An account made at sign-up
  has \`email_proven_at\` empty until its welcome code (or any reset code) is used; until then its session
  lasts 24 hours at most, however active. No route changes an account's email, and signing up again with
  a taken email is refused (409), so the unproven address cannot be swapped either. Test:
  \`sessions.test.ts\` "holds a session of 24 hours at most until the welcome code is used".

## Other protections

- Staff sessions: a random 256-bit token in an httpOnly, Secure, SameSite=Strict cookie scoped to
  \`/api/staff\`, stored only as its SHA-256; read from the database on every staff request, so signing out,
  disabling a person, 30 minutes idle or 12 hours since sign-in end it on every instance at once. Every staff
  call that is not a GET needs the session's CSRF token in \`x-csrf-token\`. Admin and Finance must sign in
  with a TOTP code (RFC 6238, each code good once) or a one-time recovery code.
- Tokens: HS256 with a fixed algorithm, signed with \`JWT_SECRET\`; unsigned (alg none), altered, expired,
  revoked or foreign-key tokens get 401 on every API route.
- Every body is a strict schema: unknown fields (a \`type\`, \`limit\`, \`businessId\`, prices) get 400.
- Rate limits on sign-in, reset codes, registration, feedback and search, per account and per client address
  (README "Rate limits"); X-Forwarded-For is believed only with \`TRUST_PROXY\`.
- Browser: Content-Security-Policy without inline scripts, \`frame-ancestors 'none'\`, nosniff, no CORS,
  no source maps in production.
- Secrets (password hashes, reset codes, tokens) are never in a response; the log redacts, at any depth,
  every field named in the server's one list of secrets (\`lib/logger.ts\`: authorization, cookies,
  passwords and hashes, tokens, reset and recovery codes, TOTP secrets), which the audit log uses too.
  \`/metrics\` answers only the operator's \`METRICS_TOKEN\` (404 without the setting). Only the embedded demo install logs a mail's text (a reset code, issue 4);
  on PostgreSQL the server needs SMTP_URL or MAIL_OUTBOX=1 and never logs a code.

## Sign-in, reset and limits (issue 14)

Each line: the threat, what the shop does, and the test that proves it (server tests under \`apps/server\`).

- **Parallel guesses all evaluated.** Many wrong sign-ins sent at once were all checked, because the limit
  was read before the password work and counted after it. Now every attempt is counted atomically (one
  step in the store: INCR in a Lua script in Redis, or the memory store) *before* the password is hashed,
  and a success gives its attempt back, so at most the limit are ever hashed, on one instance or across
  instances sharing \`REDIS_URL\`. Proof: \`src/modules/auth/sign-in-limits.test.ts\` "30 wrong sign-ins in
  parallel for one account" (counts the password checks: at most 5) and "... from one address over many
  accounts" (at most 20); \`test/two-instances.test.ts\` "30 wrong sign-ins in parallel over both
  instances"; \`src/lib/rate-limit.test.ts\`.
- **A stranger locking the owner out.** Anyone who knew a buyer's email could keep the buyer out with a
  handful of wrong guesses. Now (OWASP authentication guidance) a browser that signs in to an account, or
  resets its password with the emailed code, gets a signed, httpOnly, Secure, SameSite=Strict cookie for that
  account (180 days, path \`/api/auth\`). The account's counters count only attempts without it, in growing
  tiers (5 failures then a wait of up to 5 minutes, 20 an hour, 50 a day); every attempt counts against its
  client address (20 failures in 15 minutes). The cookie never skips the password nor the address count.
  The owner on a new device while the account is under attack gets in through Forgot Password: the code
  request is limited per address (3 per 15 minutes) and per account (10 an hour, not applied to the
  owner's remembered devices); codes asked for by other browsers do not replace the owner's; the browser
  that asked for a code has its own 5 tries, so a stranger's wrong codes close the code only to others; a
  reset done remembers the device. Proof: \`sign-in-limits.test.ts\` "after 50 failures from elsewhere, the
  owner signs in from a device that signed in before", "an owner on a new device gets in by resetting the
  password ...", "a stranger's wrong codes close the code only to strangers ...", "the account-wide hourly
  budget of codes does not hold the owner on a remembered device", "the device cookie does not skip the
  password, nor the client address's count"; \`src/modules/auth/reset.test.ts\` "limits code requests ...".
- **Weak and common passwords.** "password", "12345678", "admin123" were accepted. Now (NIST SP 800-63B)
  a new password needs at least 8 characters, may not be one character repeated, may not contain the
  email's name or the business name (\`passwordProblem\` in \`packages/domain/src/password-policy.ts\`, used
  by the server and the pages), and may not be on zxcvbn-ts's lists of 49,233 breached passwords and its
  English dictionaries (183,763 entries together; \`checkPassword\` in
  \`apps/server/src/lib/password-policy.ts\`, server only, never in the buyer's JavaScript). It applies to
  reset step 3 (also how a new registrant chooses a password), Change Password, and staff accounts (call
  \`checkPassword\`). The page shows the reason. Proof: \`src/lib/password-policy.test.ts\`,
  \`reset.test.ts\` "step 3 refuses a common password ...", \`change-password.test.ts\` "answers why for a
  common password ...", \`packages/domain/src/password-policy.test.ts\`, \`e2e/password-reset.spec.ts\` "forgot
  password -> ...".
- **Limits dodged by writing a path another way.** The search limit read the raw URL, so
  \`/api/catalogue/%73earch\` was not counted. Every limit now runs on @fastify/rate-limit (memory store, or
  its Redis store with \`REDIS_URL\`), keyed by the limit's name and its subject (client address, account),
  taken in the route's handler or in a hook that reads the route as the router matched it
  (\`request.routeOptions.url\`) and the parsed query; a 429 carries Retry-After. Proof:
  \`test/search-limit.test.ts\` "counts a path written another way ... as the same search".
- **Many addresses together filling the feedback table.** Now the whole shop takes at most 30 feedback
  messages a minute and 500 a day (429 "We are receiving a lot of feedback right now. Please try again in
  a minute." / "We cannot take more feedback today. Please try again tomorrow, or call our helpline.", with
  Retry-After), and the table holds at most 100,000 rows (then 503 with the second message: there is no
  inbox yet, so nothing is pruned). Proof: \`src/modules/feedback/feedback-budget.test.ts\`.

## Requests that stall everyone, and production defaults (issue 14, points 8 to 11)

| threat | what the shop does | which test proves it |
|---|---|---|
${HARDENING.map((h) => `| ${h.threat} | ${h.defence} | ${h.proof} |`).join('\n')}
`;
}
