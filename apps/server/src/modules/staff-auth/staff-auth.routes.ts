import { STAFF_LOCKED, StaffLoginInputSchema, StaffLoginResultSchema, StaffMeSchema, StaffSecondFactorInputSchema } from '@shop/domain/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { badRequest, forbidden, HttpError } from '../../lib/http-error.ts';
import { createKnownDevices } from '../../lib/known-device.ts';
import { clientOf, type Limit, LIMITS, type RateLimiter, rateLimiterOf } from '../../lib/rate-limit.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { requireStaffSignedIn, requireStaffStage } from './staff-auth.guard.ts';
import { authenticateStaff, checkSecondFactor, markSignedIn, meOf, stageAfterPassword } from './staff-auth.service.ts';
import { isLockedFor, lockOfEmail, lockOfId, recordFailure, recordSuccess } from './staff-lockout.service.ts';
import { clearSessionCookie, csrfTokenOf, openSession, revokeSession, setSessionCookie, type StaffSessionState } from './staff-session.ts';

export const WRONG_SECOND_FACTOR = 'That code is not right. Type the current code from your authenticator app, or an unused recovery code.';

const tags = ['staff auth'];
const Ok = z.object({ data: z.object({ ok: z.literal(true) }) });

/**
 * Issue 14 point 3, issue 37: every sign-in step (password, second factor) is counted before the work,
 * and a success, or a refusal for another reason, gives it back. The client address has three
 * tiers; the person has the buyers' three tiers for browsers they have not signed in on, and two of
 * their own for their known browsers, which a stranger's failures cannot fill.
 */
function stepLimits(request: FastifyRequest, subject: string, known: boolean): [Limit, string][] {
  const client = clientOf(request);
  const limits: [Limit, string][] = [
    [LIMITS.signInClient, client],
    [LIMITS.staffSignInClientHour, client],
    [LIMITS.staffSignInClientDay, client],
  ];
  const person = known ? [LIMITS.staffKnownShort, LIMITS.staffKnownDay] : [LIMITS.signInAccountShort, LIMITS.signInAccountHour, LIMITS.signInAccountDay];
  for (const tier of person) limits.push([tier, `${known ? 'known:' : ''}${subject}`]);
  return limits;
}

const isFailure = (err: unknown) => err instanceof HttpError && (err.statusCode === 401 || err.message === WRONG_SECOND_FACTOR);

async function guarded<T>(limiter: RateLimiter, limits: [Limit, string][], reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  const held: { release(): Promise<void> }[] = [];
  for (const [limit, subject] of limits) held.push(await limiter.reserve(limit, subject, reply));
  const release = () => Promise.all(held.map((h) => h.release()));
  try {
    const result = await run();
    await release();
    return result;
  } catch (err) {
    if (!isFailure(err)) await release();
    throw err;
  }
}

export async function staffAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = rateLimiterOf(app);
  const db = deps.db;
  const devices = createKnownDevices(deps.tokens, Date.now, 'staff');
  /** A failed step of a person counts toward the lockout; other errors pass through. */
  const counting = async <T>(request: FastifyRequest, staffId: number | undefined, known: boolean, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (staffId != null && isFailure(err)) await recordFailure(db, deps.mailer, request.log, staffId, known, request.ip);
      throw err;
    }
  };

  r.post(
    '/login',
    { schema: { tags, summary: 'Staff sign-in with email and password; sets the session cookie. Next step: totp, enrol or done', body: StaffLoginInputSchema, response: { 200: z.object({ data: StaffLoginResultSchema }) } } },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const known = devices.isKnown(request, email);
      const user = await guarded(limiter, stepLimits(request, `staff:${email}`, known), reply, async () => {
        // A locked account is refused before its password is checked: the answer is the same whatever
        // the password, so a lock tells nobody whether a guess was right.
        const lock = await lockOfEmail(db, email);
        if (lock && isLockedFor(lock.scope, known)) throw forbidden(STAFF_LOCKED);
        return counting(request, lock?.id, known, () => authenticateStaff(db, email, request.body.password));
      });
      const stage = stageAfterPassword(user);
      const raw = await db.transaction(async (tx) => {
        const token = await openSession(tx, user.id, stage, request);
        if (stage === 'full') {
          await markSignedIn(tx, user.id);
          await recordSuccess(tx, user.id);
          await appendAudit(tx, { staffId: user.id, ip: request.ip, action: 'staff.sign_in', entity: 'staff', entityId: user.id, before: null, after: { method: 'password' } });
        }
        return token;
      });
      setSessionCookie(reply, raw);
      const csrfToken = csrfTokenOf(raw);
      if (stage !== 'full') return { data: { step: stage, csrfToken } };
      devices.remember(reply, email);
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
      const { staffId, email } = pending.principal;
      const known = devices.isKnown(request, email);
      const method = await guarded(limiter, stepLimits(request, `staff-code:${staffId}`, known), reply, async () => {
        if (isLockedFor(await lockOfId(db, staffId), known)) throw forbidden(STAFF_LOCKED);
        return counting(request, staffId, known, async () => {
          const used = await checkSecondFactor(db, staffId, request.body.code);
          if (!used) throw badRequest(WRONG_SECOND_FACTOR);
          return used;
        });
      });
      // A new session id once the second factor is proved (the half-signed-in one is ended).
      const raw = await db.transaction(async (tx) => {
        await revokeSession(tx, pending.idHash);
        const token = await openSession(tx, staffId, 'full', request);
        await markSignedIn(tx, staffId);
        await recordSuccess(tx, staffId);
        await appendAudit(tx, { staffId, ip: request.ip, action: 'staff.sign_in', entity: 'staff', entityId: staffId, before: null, after: { method } });
        return token;
      });
      setSessionCookie(reply, raw);
      devices.remember(reply, email);
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
