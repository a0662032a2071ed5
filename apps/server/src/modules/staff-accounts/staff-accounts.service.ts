import { randomBytes } from 'node:crypto';
import type { CreateStaffInput, StaffAccount, StaffRole } from '@shop/domain/staff';
import { STAFF_SETUP_LINK_HOURS } from '@shop/domain/staff';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isoTime } from '../../db/schema/common.ts';
import { staffRecoveryCodes, staffUsers } from '../../db/schema/staff.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { endAllSessions, hashSecret } from '../staff-auth/staff-auth.service.ts';
import { clearLock } from '../staff-auth/staff-lockout.service.ts';

type Row = typeof staffUsers.$inferSelect;
/** Who does it, from where: a signed-in person, or the command line (staffId null, ip 'cli'). */
export interface Actor {
  staffId: number | null;
  ip: string;
}

export const toAccount = (r: Row): StaffAccount => ({
  id: r.id,
  email: r.email,
  name: r.name,
  roles: r.roles as StaffRole[],
  totpEnabled: r.totpEnabledAt != null,
  invited: r.passwordHash == null,
  disabled: r.disabledAt != null,
  locked: r.lockedScope === 'unknown' || r.lockedScope === 'all' ? r.lockedScope : null,
  failedSignIns: r.failedSignIns + r.failedKnownSignIns,
  lastSignInAt: r.lastSignInAt ? isoTime(r.lastSignInAt) : null,
  createdAt: isoTime(r.createdAt),
});

/** What the audit log keeps of a person (never the hashes or the secret). */
const auditView = (a: StaffAccount) => ({ email: a.email, name: a.name, roles: a.roles, disabled: a.disabled, totpEnabled: a.totpEnabled, locked: a.locked });

export async function listStaff(db: Db): Promise<StaffAccount[]> {
  const rows = await db.select().from(staffUsers).orderBy(asc(staffUsers.disabledAt), asc(staffUsers.name));
  return rows.map(toAccount);
}

async function lockRow(tx: Db, id: number): Promise<Row> {
  const [row] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
  if (!row) throw notFound('No such staff person.');
  return row;
}

/** A new one-time setup link token; only its hash is kept. */
function newSetupToken() {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + STAFF_SETUP_LINK_HOURS * 3600_000).toISOString();
  return { token, hash: hashSecret(token), expiresAt };
}

export const setupPath = (token: string) => `/staff/setup?token=${token}`;

export async function createStaff(db: Db, actor: Actor, input: CreateStaffInput) {
  const email = input.email.trim().toLowerCase();
  const link = newSetupToken();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffUsers)
      .values({ email, name: input.name.trim(), roles: input.roles, setupTokenHash: link.hash, setupTokenExpiresAt: link.expiresAt })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('A staff person with this email already exists.');
    const account = toAccount(row);
    await appendAudit(tx, { ...actor, action: 'staff.create', entity: 'staff', entityId: row.id, before: null, after: auditView(account) });
    return { account, setupUrl: setupPath(link.token), expiresAt: link.expiresAt };
  });
}

/** Active Admins other than `id`: the last one cannot lose the role or be disabled. */
async function otherActiveAdmins(tx: Db, id: number): Promise<number> {
  const [row] = await tx.execute<{ n: number }>(sql`select count(*)::int as n from staff_users where id <> ${id} and disabled_at is null and 'Admin' = any(roles)`).then((r) => (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows));
  return row?.n ?? 0;
}

export async function updateStaff(db: Db, actor: Actor, id: number, input: { name?: string; roles?: StaffRole[] }) {
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, id);
    const before = toAccount(row);
    if (input.roles && before.roles.includes('Admin') && !input.roles.includes('Admin') && !before.disabled && (await otherActiveAdmins(tx, id)) === 0) {
      throw conflict('This is the last Admin: make another person Admin first.');
    }
    const changes = { ...(input.name ? { name: input.name.trim() } : {}), ...(input.roles ? { roles: input.roles } : {}) };
    // Nothing to change (an empty body): nothing written, nothing audited (drizzle refuses an empty SET).
    if (Object.keys(changes).length === 0) return before;
    const [updated] = await tx
      .update(staffUsers)
      .set(changes)
      .where(eq(staffUsers.id, id))
      .returning();
    const after = toAccount(updated as Row);
    await appendAudit(tx, { ...actor, action: 'staff.update', entity: 'staff', entityId: id, before: auditView(before), after: auditView(after) });
    return after;
  });
}

/** Disabling ends every session of the person in the same transaction: refused on the next request. */
export async function setDisabled(db: Db, actor: Actor, id: number, disabled: boolean) {
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, id);
    const before = toAccount(row);
    if (disabled && actor.staffId === id) throw badRequest('You cannot disable yourself.');
    if (disabled && before.roles.includes('Admin') && (await otherActiveAdmins(tx, id)) === 0) throw conflict('This is the last Admin: make another person Admin first.');
    if (before.disabled === disabled) return before;
    const [updated] = await tx.update(staffUsers).set({ disabledAt: disabled ? sql`now()` : null }).where(eq(staffUsers.id, id)).returning();
    if (disabled) await endAllSessions(tx, id);
    const after = toAccount(updated as Row);
    await appendAudit(tx, { ...actor, action: disabled ? 'staff.disable' : 'staff.enable', entity: 'staff', entityId: id, before: auditView(before), after: auditView(after) });
    return after;
  });
}

/**
 * Removes the person's second factor and recovery codes and ends their sessions: at the next
 * sign-in Admin and Finance must enrol again (the others may).
 */
export async function resetSecondFactor(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, id);
    const before = toAccount(row);
    const [updated] = await tx.update(staffUsers).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(staffUsers.id, id)).returning();
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
    await endAllSessions(tx, id);
    const after = toAccount(updated as Row);
    await appendAudit(tx, { ...actor, action: 'staff.reset_second_factor', entity: 'staff', entityId: id, before: auditView(before), after: auditView(after) });
    return after;
  });
}

/** Issue 37: lifts a sign-in lockout (staff-auth/staff-lockout.service.ts) and clears the failure counts. */
export async function unlockStaff(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, id);
    const before = toAccount(row);
    if (!before.locked && before.failedSignIns === 0) return before;
    await clearLock(tx, id);
    const after: StaffAccount = { ...before, locked: null, failedSignIns: 0 };
    await appendAudit(tx, { ...actor, action: 'staff.unlock', entity: 'staff', entityId: id, before: { locked: before.locked, failedSignIns: before.failedSignIns }, after: { locked: null } });
    return after;
  });
}

/** A new one-time link to choose a password (an invitation again, or a forgotten password). */
export async function newSetupLink(db: Db, actor: Actor, id: number) {
  const link = newSetupToken();
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, id);
    if (row.disabledAt) throw conflict('Enable this person first.');
    await tx.update(staffUsers).set({ setupTokenHash: link.hash, setupTokenExpiresAt: link.expiresAt }).where(eq(staffUsers.id, id));
    await appendAudit(tx, { ...actor, action: 'staff.setup_link', entity: 'staff', entityId: id, before: null, after: { expiresAt: link.expiresAt } });
    return { account: toAccount(row), setupUrl: setupPath(link.token), expiresAt: link.expiresAt };
  });
}

/** The person a live setup link belongs to. */
export async function findBySetupToken(db: Db, token: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.setupTokenHash, hashSecret(token)), gt(staffUsers.setupTokenExpiresAt, sql`now()`), isNull(staffUsers.disabledAt)))
    .limit(1);
  return row ?? null;
}
