import type { StaffMe, StaffRole } from '@shop/domain/staff';
import { staffCapabilities, staffRequiresTotp } from '@shop/domain/staff';
import { WRONG_CREDENTIALS } from '@shop/domain/auth';
import { and, eq, isNull, or, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffRecoveryCodes, staffUsers } from '../../db/schema/staff.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import { revokeAllSessions, sha256, type StaffSessionState, type StaffStage } from './staff-session.ts';
import { normalizeRecoveryCode, verifyTotp } from './totp.ts';

export type StaffUserRow = typeof staffUsers.$inferSelect;

/** The person with this email and password, not disabled; 401 otherwise (same answer, same time). */
export async function authenticateStaff(db: Db, email: string, password: string): Promise<StaffUserRow> {
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, email.trim().toLowerCase())).limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user?.passwordHash || !ok || user.disabledAt) throw unauthorized(WRONG_CREDENTIALS);
  return user;
}

/** Where a right password leads. */
export function stageAfterPassword(user: Pick<StaffUserRow, 'totpEnabledAt' | 'roles'>): StaffStage {
  if (user.totpEnabledAt) return 'totp';
  return staffRequiresTotp(user.roles as StaffRole[]) ? 'enrol' : 'full';
}

/**
 * Checks a TOTP code (never the same time step twice: the step is claimed in one UPDATE, so two
 * instances cannot both accept it) or a recovery code (used once: claimed the same way).
 */
export async function checkSecondFactor(db: Db, staffId: number, code: string): Promise<'totp' | 'recovery code' | null> {
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const [user] = await db.select({ secret: staffUsers.totpSecret, lastStep: staffUsers.totpLastStep, enabled: staffUsers.totpEnabledAt }).from(staffUsers).where(eq(staffUsers.id, staffId));
    if (!user?.secret || !user.enabled) return null;
    const step = await verifyTotp(user.secret, trimmed, user.lastStep);
    if (step == null) return null;
    const claimed = await db
      .update(staffUsers)
      .set({ totpLastStep: step })
      .where(and(eq(staffUsers.id, staffId), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
      .returning({ id: staffUsers.id });
    return claimed.length ? 'totp' : null;
  }
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, sha256(normalizeRecoveryCode(trimmed))), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  return used.length ? 'recovery code' : null;
}

export function meOf(session: StaffSessionState): StaffMe {
  const { principal } = session;
  return {
    id: principal.staffId,
    email: principal.email,
    name: principal.name,
    roles: principal.roles,
    capabilities: staffCapabilities(principal.roles),
    totpEnabled: session.totpEnabled,
    totpRequired: staffRequiresTotp(principal.roles),
    csrfToken: session.csrfToken,
  };
}

export async function markSignedIn(db: Pick<Db, 'update'>, staffId: number) {
  await db.update(staffUsers).set({ lastSignInAt: sql`now()` }).where(eq(staffUsers.id, staffId));
}

/** Ends every session of a person (disabled, second factor reset), in the caller's transaction. */
export const endAllSessions = (db: Pick<Db, 'update'>, staffId: number) => revokeAllSessions(db, staffId);

/** How setup-link tokens and recovery codes are stored: SHA-256, base64url. */
export const hashSecret = (value: string) => sha256(value);
