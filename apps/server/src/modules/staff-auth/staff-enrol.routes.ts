import { StaffLoginResultSchema, StaffRecoveryCodesSchema, StaffSetupInfoSchema, StaffSetupInputSchema, StaffTotpConfirmInputSchema, StaffTotpEnrolmentSchema, type StaffRole, staffRequiresTotp } from '@shop/domain/staff';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { staffRecoveryCodes, staffUsers } from '../../db/schema/staff.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createKnownDevices } from '../../lib/known-device.ts';
import { clientOf, LIMITS, rateLimiterOf } from '../../lib/rate-limit.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { findBySetupToken } from '../staff-accounts/staff-accounts.service.ts';
import { requireStaffStage } from './staff-auth.guard.ts';
import { markSignedIn, meOf, stageAfterPassword } from './staff-auth.service.ts';
import { checkStaffPassword } from './staff-password.ts';
import { clearLock, recordSuccess } from './staff-lockout.service.ts';
import { csrfTokenOf, openSession, revokeAllSessions, revokeSession, setSessionCookie, sha256 } from './staff-session.ts';
import { newRecoveryCodes, newTotpSecret, normalizeRecoveryCode, totpUri, verifyTotp } from './totp.ts';

const tags = ['staff auth'];
export const LINK_INVALID = 'This link is not valid or has expired. Ask an Admin for a new one.';
export const WRONG_ENROL_CODE = 'That code is not right. Scan the QR code again and type the code your app shows now.';

/** Second-factor enrolment (QR code, ten recovery codes) and the one-time setup link. */
export async function staffEnrolRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.db;
  const limiter = rateLimiterOf(app);
  const devices = createKnownDevices(deps.tokens, Date.now, 'staff');

  r.post(
    '/totp/start',
    { schema: { tags, summary: 'A new TOTP secret and its QR code; not in force until confirmed', response: { 200: z.object({ data: StaffTotpEnrolmentSchema }) } } },
    async (request) => {
      const session = requireStaffStage(request, 'enrol', 'full');
      if (session.totpEnabled) throw conflict('Two-factor sign-in is already set up. An Admin can reset it.');
      const secret = newTotpSecret();
      await db.update(staffUsers).set({ totpSecret: secret }).where(eq(staffUsers.id, session.principal.staffId));
      const otpauthUrl = totpUri(session.principal.email, secret);
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { data: { secret, otpauthUrl, qrSvg } };
    },
  );

  r.post(
    '/totp/confirm',
    { schema: { tags, summary: 'Confirms the second factor with a code from the app; answers ten one-time recovery codes', body: StaffTotpConfirmInputSchema, response: { 200: z.object({ data: StaffRecoveryCodesSchema }) } } },
    async (request, reply) => {
      const session = requireStaffStage(request, 'enrol', 'full');
      const { staffId } = session.principal;
      if (session.totpEnabled) throw conflict('Two-factor sign-in is already set up. An Admin can reset it.');
      const attempt = await limiter.reserve(LIMITS.signInAccountShort, `staff-code:${staffId}`, reply);
      const [row] = await db.select({ secret: staffUsers.totpSecret }).from(staffUsers).where(eq(staffUsers.id, staffId));
      const step = row?.secret ? await verifyTotp(row.secret, request.body.code, null) : null;
      if (step == null) throw badRequest(WRONG_ENROL_CODE);
      await attempt.release();
      const codes = newRecoveryCodes();
      const raw = await db.transaction(async (tx) => {
        await tx.update(staffUsers).set({ totpEnabledAt: sql`now()`, totpLastStep: step }).where(eq(staffUsers.id, staffId));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
        await tx.insert(staffRecoveryCodes).values(codes.map((c) => ({ staffId, codeHash: sha256(normalizeRecoveryCode(c)) })));
        await appendAudit(tx, { staffId, ip: request.ip, action: 'staff.enrol_second_factor', entity: 'staff', entityId: staffId, before: { totpEnabled: false }, after: { totpEnabled: true } });
        if (session.stage !== 'enrol') return null;
        // The second factor is now proved: the enrolment session becomes a signed-in one, under a new id.
        await revokeSession(tx, session.idHash);
        await markSignedIn(tx, staffId);
        await recordSuccess(tx, staffId);
        await appendAudit(tx, { staffId, ip: request.ip, action: 'staff.sign_in', entity: 'staff', entityId: staffId, before: null, after: { method: 'totp' } });
        return openSession(tx, staffId, 'full', request);
      });
      let csrfToken = session.csrfToken;
      if (raw) {
        setSessionCookie(reply, raw);
        devices.remember(reply, session.principal.email);
        csrfToken = csrfTokenOf(raw);
      }
      return { data: { recoveryCodes: codes, me: meOf({ ...session, stage: 'full', totpEnabled: true, csrfToken }) } };
    },
  );

  r.get(
    '/setup',
    { schema: { tags, summary: 'Whose one-time setup link this is', querystring: z.strictObject({ token: z.string().min(20).max(100) }), response: { 200: z.object({ data: StaffSetupInfoSchema }) } } },
    async (request, reply) => {
      await limiter.take(LIMITS.resetCodeClient, clientOf(request), reply);
      const row = await findBySetupToken(db, request.query.token);
      if (!row) throw notFound(LINK_INVALID);
      return { data: { email: row.email, name: row.name, totpRequired: staffRequiresTotp(row.roles as StaffRole[]) } };
    },
  );

  r.post(
    '/setup',
    { schema: { tags, summary: 'Chooses a password through the one-time link; next step enrol (Admin, Finance) or done', body: StaffSetupInputSchema, response: { 200: z.object({ data: StaffLoginResultSchema }) } } },
    async (request, reply) => {
      await limiter.take(LIMITS.resetCodeClient, clientOf(request), reply);
      const row = await findBySetupToken(db, request.body.token);
      if (!row) throw notFound(LINK_INVALID);
      await checkStaffPassword(request.body.password, { email: row.email, name: row.name });
      const passwordHash = await hashPassword(request.body.password);
      const roles = row.roles as StaffRole[];
      const stage = stageAfterPassword(row);
      const raw = await db.transaction(async (tx) => {
        // The link is used up in the same statement that checks it is still the live one.
        const used = await tx
          .update(staffUsers)
          .set({ passwordHash, setupTokenHash: null, setupTokenExpiresAt: null })
          .where(eq(staffUsers.setupTokenHash, sha256(request.body.token)))
          .returning({ id: staffUsers.id });
        if (!used.length) throw notFound(LINK_INVALID);
        // Issue 37: a password chosen by any path ends every session opened with the old one, and
        // lifts a sign-in lockout (an Admin sent the link).
        await revokeAllSessions(tx, row.id);
        await clearLock(tx, row.id);
        await appendAudit(tx, { staffId: row.id, ip: request.ip, action: 'staff.set_password', entity: 'staff', entityId: row.id, before: null, after: null });
        if (stage === 'full') await markSignedIn(tx, row.id);
        return openSession(tx, row.id, stage, request);
      });
      setSessionCookie(reply, raw);
      const csrfToken = csrfTokenOf(raw);
      if (stage !== 'full') return { data: { step: stage, csrfToken } };
      devices.remember(reply, row.email);
      const me = meOf({ principal: { staffId: row.id, email: row.email, name: row.name, roles }, stage: 'full', idHash: '', csrfToken, totpEnabled: false });
      return { data: { step: 'done' as const, csrfToken, me } };
    },
  );
}
