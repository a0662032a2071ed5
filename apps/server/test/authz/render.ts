import { ACTOR_LABELS, ACTORS } from './world.ts';
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

- Tokens: HS256 with a fixed algorithm, signed with \`JWT_SECRET\`; unsigned (alg none), altered, expired,
  revoked or foreign-key tokens get 401 on every API route.
- Every body is a strict schema: unknown fields (a \`type\`, \`limit\`, \`businessId\`, prices) get 400.
- Rate limits on sign-in, reset codes, registration, feedback and search, per account and per client address
  (README "Rate limits"); X-Forwarded-For is believed only with \`TRUST_PROXY\`.
- Browser: Content-Security-Policy without inline scripts, \`frame-ancestors 'none'\`, nosniff, no CORS,
  no source maps in production.
- Secrets (password hashes, reset codes, tokens) are never in a response; the log redacts authorization
  headers and password fields. Without SMTP_URL the mail text (a reset code) is logged by design so a
  developer can read it (issue 4); set SMTP_URL in production.
`;
}
