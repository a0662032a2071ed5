import { StaffLoginInputSchema, StaffLoginResultSchema, StaffMeSchema, StaffSecondFactorInputSchema } from '@shop/domain/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { clientOf, LIMITS, type RateLimiter, rateLimiterOf } from '../../lib/rate-limit.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { requireStaffSignedIn, requireStaffStage } from './staff-auth.guard.ts';
import { authenticateStaff, checkSecondFactor, markSignedIn, meOf, stageAfterPassword } from './staff-auth.service.ts';
import { clearSessionCookie, csrfTokenOf, openSession, revokeSession, setSessionCookie, type StaffSessionState } from './staff-session.ts';

export const WRONG_SECOND_FACTOR = 'That code is not right. Type the current code from your authenticator app, or an unused recovery code.';

const tags = ['staff auth'];
const Ok = z.object({ data: z.object({ ok: z.literal(true) }) });

/**
 * Failed password checks count per staff email and per client, failed codes per person: each attempt
 * is counted before the work (issue 14 point 3) and a success, or a refusal for another reason, gives
 * it back.
 */
async function guarded<T>(limiter: RateLimiter, account: string, request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  const held = [await limiter.reserve(LIMITS.signInAccountShort, account, reply), await limiter.reserve(LIMITS.signInClient, clientOf(request), reply)];
  const release = () => Promise.all(held.map((h) => h.release()));
  try {
    const result = await run();
    await release();
    return result;
  } catch (err) {
    const wrong = err instanceof HttpError && (err.statusCode === 401 || err.message === WRONG_SECOND_FACTOR);
    if (!wrong) await release();
    throw err;
  }
}

export async function staffAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = rateLimiterOf(app);
  const db = deps.db;

  r.post(
    '/login',
    { schema: { tags, summary: 'Staff sign-in with email and password; sets the session cookie. Next step: totp, enrol or done', body: StaffLoginInputSchema, response: { 200: z.object({ data: StaffLoginResultSchema }) } } },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const user = await guarded(limiter, `staff:${email}`, request, reply, () => authenticateStaff(db, email, request.body.password));
      const stage = stageAfterPassword(user);
      const raw = await db.transaction(async (tx) => {
        const token = await openSession(tx, user.id, stage, request);
        if (stage === 'full') {
          await markSignedIn(tx, user.id);
          await appendAudit(tx, { staffId: user.id, ip: request.ip, action: 'staff.sign_in', entity: 'staff', entityId: user.id, before: null, after: { method: 'password' } });
        }
        return token;
      });
      setSessionCookie(reply, raw);
      const csrfToken = csrfTokenOf(raw);
      if (stage !== 'full') return { data: { step: stage, csrfToken } };
      const session: StaffSessionState = {
        principal: { staffId: user.id, email: user.email, name: user.name, roles: user.roles as StaffSessionState['principal']['roles'] },
        stage,
        idHash: '',
        csrfToken,
        totpEnabled: false,
      };
      return { data: { step: 'done' as const, csrfToken, me: meOf(session) } };
    },
  );

  r.post(
    '/second-factor',
    { schema: { tags, summary: 'The TOTP code (or a recovery code) after the password; replaces the session with a signed-in one', body: StaffSecondFactorInputSchema, response: { 200: z.object({ data: StaffLoginResultSchema }) } } },
    async (request, reply) => {
      const pending = requireStaffStage(request, 'totp');
      const { staffId } = pending.principal;
      const method = await guarded(limiter, `staff-code:${staffId}`, request, reply, async () => {
        const used = await checkSecondFactor(db, staffId, request.body.code);
        if (!used) throw badRequest(WRONG_SECOND_FACTOR);
        return used;
      });
      // A new session id once the second factor is proved (the half-signed-in one is ended).
      const raw = await db.transaction(async (tx) => {
        await revokeSession(tx, pending.idHash);
        const token = await openSession(tx, staffId, 'full', request);
        await markSignedIn(tx, staffId);
        await appendAudit(tx, { staffId, ip: request.ip, action: 'staff.sign_in', entity: 'staff', entityId: staffId, before: null, after: { method } });
        return token;
      });
      setSessionCookie(reply, raw);
      const csrfToken = csrfTokenOf(raw);
      return { data: { step: 'done' as const, csrfToken, me: meOf({ ...pending, stage: 'full', csrfToken }) } };
    },
  );

  r.post(
    '/logout',
    { schema: { tags, summary: 'Ends this staff session', response: { 200: Ok } } },
    async (request, reply) => {
      const session = requireStaffStage(request, 'totp', 'enrol', 'full');
      await db.transaction(async (tx) => {
        await revokeSession(tx, session.idHash);
        if (session.stage === 'full') {
          const id = session.principal.staffId;
          await appendAudit(tx, { staffId: id, ip: request.ip, action: 'staff.sign_out', entity: 'staff', entityId: id, before: null, after: null });
        }
      });
      clearSessionCookie(reply);
      return { data: { ok: true as const } };
    },
  );

  r.get(
    '/me',
    { schema: { tags, summary: 'The signed-in staff person, roles, capabilities and the CSRF token', response: { 200: z.object({ data: StaffMeSchema }) } } },
    async (request) => {
      requireStaffSignedIn(request);
      return { data: meOf(request.staffSession as StaffSessionState) };
    },
  );

  r.get(
    '/session',
    {
      schema: {
        tags,
        summary: 'Like /me, but null (not 401) without a signed-in session: the staff app asks at start, where a 401 would only fill the console',
        response: { 200: z.object({ data: StaffMeSchema.nullable() }) },
      },
    },
    async (request) => {
      const session = request.staffSession;
      if (session?.stage !== 'full') return { data: null };
      requireStaffSignedIn(request);
      return { data: meOf(session) };
    },
  );
}
