import { STAFF_LOCKOUT_FAILURES } from '@shop/domain/staff';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { staffUsers } from '../../db/schema/staff.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { appendAudit } from '../audit/audit.service.ts';

/**
 * Issue 37: a staff account locks after STAFF_LOCKOUT_FAILURES failed sign-in steps in a row
 * (password or second factor). Steps from browsers the person has signed in on (their known
 * browsers) and from all others are counted apart: the others' failures lock the account against
 * other browsers only, so a stranger cannot lock the person out of their own browser; the known
 * browsers' own failures lock it everywhere. A lock is lifted by an Admin (unlock) or by the person
 * choosing a password through a new setup link; a successful sign-in only clears the counts.
 */
export type LockScope = 'unknown' | 'all';

export const isLockedFor = (scope: string | null | undefined, known: boolean): boolean => scope === 'all' || (scope === 'unknown' && !known);

const karachiTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Karachi', dateStyle: 'medium', timeStyle: 'short' });

export function lockedMail(to: string, scope: LockScope, at = new Date()): Mail {
  const where = scope === 'all' ? 'on every browser, including yours' : 'on every browser you have not signed in on before';
  return {
    to,
    subject: 'Your back-office account was locked',
    text:
      `Your back-office account ${to} was locked on ${karachiTime.format(at)} (Pakistan time) after ${STAFF_LOCKOUT_FAILURES} ` +
      `failed sign-in attempts in a row. It is locked ${where}.\n\n` +
      'If these attempts were not yours, someone may be trying your password: tell an Admin, who can unlock the ' +
      'account and send you a new link to choose a password.',
  };
}

/** The person's lock, by email (no row: null). */
export async function lockOfEmail(db: Db, email: string): Promise<{ id: number; scope: string | null } | null> {
  const [row] = await db.select({ id: staffUsers.id, scope: staffUsers.lockedScope }).from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
  return row ?? null;
}

export async function lockOfId(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ scope: staffUsers.lockedScope }).from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  return row?.scope ?? null;
}

/**
 * Counts one failed step of the person from a known or another browser, and locks the account when
 * the count reaches the limit (once per scope: the audit entry and the mail are not repeated).
 */
export async function recordFailure(db: Db, mailer: Mailer, log: FastifyBaseLogger, staffId: number, known: boolean, ip: string): Promise<void> {
  const scope: LockScope = known ? 'all' : 'unknown';
  const locked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffUsers)
      .set(known ? { failedKnownSignIns: sql`${staffUsers.failedKnownSignIns} + 1` } : { failedSignIns: sql`${staffUsers.failedSignIns} + 1` })
      .where(eq(staffUsers.id, staffId))
      .returning({ failed: known ? staffUsers.failedKnownSignIns : staffUsers.failedSignIns, email: staffUsers.email });
    if (!row || row.failed < STAFF_LOCKOUT_FAILURES) return null;
    // Conditional: of two instances counting the same failure, one locks; 'all' may widen 'unknown'.
    const widened = await tx
      .update(staffUsers)
      .set({ lockedAt: sql`now()`, lockedScope: scope })
      .where(sql`${staffUsers.id} = ${staffId} and (${staffUsers.lockedScope} is null or (${staffUsers.lockedScope} = 'unknown' and ${scope} = 'all'))`)
      .returning({ id: staffUsers.id });
    if (!widened.length) return null;
    await appendAudit(tx, { staffId: null, ip, action: 'staff.lock', entity: 'staff', entityId: staffId, before: null, after: { locked: scope, failures: row.failed } });
    return row.email;
  });
  if (locked) {
    await mailer.send(lockedMail(locked, scope)).catch((err: unknown) => log.error({ err: { message: (err as Error).message } }, 'lockout mail failed'));
  }
}

/** A signed-in person's counts start again (the lock, if any, stays until it is lifted). */
export async function recordSuccess(db: Pick<Db, 'update'>, staffId: number): Promise<void> {
  await db.update(staffUsers).set({ failedSignIns: 0, failedKnownSignIns: 0 }).where(eq(staffUsers.id, staffId));
}

/** Lifts the lock and clears the counts (an Admin's unlock, a password chosen through a setup link). */
export async function clearLock(db: Pick<Db, 'update'>, staffId: number): Promise<void> {
  await db.update(staffUsers).set({ failedSignIns: 0, failedKnownSignIns: 0, lockedAt: null, lockedScope: null }).where(eq(staffUsers.id, staffId));
}
