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

- Tokens: HS256 with a fixed algorithm, signed with \`JWT_SECRET\`; unsigned (alg none), altered, expired
  or foreign-key tokens get 401 on every API route.
- Every body is a strict schema: unknown fields (a \`type\`, \`limit\`, \`businessId\`, prices) get 400.
- Rate limits on sign-in, reset codes, registration, feedback and search, per account and per client address
  (README "Rate limits"); X-Forwarded-For is believed only with \`TRUST_PROXY\`.
- Browser: Content-Security-Policy without inline scripts, \`frame-ancestors 'none'\`, nosniff, no CORS,
  no source maps in production.
- Secrets (password hashes, reset codes, tokens) are never in a response; the log redacts authorization
  headers and password fields. Only the embedded demo install logs a mail's text (a reset code, issue 4);
  on PostgreSQL the server needs SMTP_URL or MAIL_OUTBOX=1 and never logs a code.

## Requests that stall everyone, and production defaults (issue 14, points 8 to 11)

| threat | what the shop does | which test proves it |
|---|---|---|
${HARDENING.map((h) => `| ${h.threat} | ${h.defence} | ${h.proof} |`).join('\n')}
`;
}
