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

## Other protections

- Staff sessions: a random 256-bit token in an httpOnly, Secure, SameSite=Strict cookie scoped to
  \`/api/staff\`, stored only as its SHA-256; read from the database on every staff request, so signing out,
  disabling a person, 30 minutes idle or 12 hours since sign-in end it on every instance at once. Every staff
  call that is not a GET needs the session's CSRF token in \`x-csrf-token\`. Admin and Finance must sign in
  with a TOTP code (RFC 6238, each code good once) or a one-time recovery code.
- Tokens: HS256 with a fixed algorithm, signed with \`JWT_SECRET\`; unsigned (alg none), altered, expired
  or foreign-key tokens get 401 on every API route.
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
