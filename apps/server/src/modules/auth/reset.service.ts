import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { RESET_CODE_LENGTH } from '@shop/domain/constants';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessUsers } from '../../db/schema/business.ts';
import { resetCodes } from '../../db/schema/support.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { revokeUserSessions } from '../../lib/sessions.ts';
import { formatKarachiDateTime } from '@shop/domain/karachi-time';

export const RESET_CODE_TTL_MS = 10 * 60_000;
export const RESET_CODE_MAX_TRIES = 5;
export const INVALID_CODE = 'The code is wrong or has expired. Please request a new code.';
export const CODE_SENT = 'If an account exists for this email, a 6-digit code has been sent to it.';

// A 6-digit code has only a million values, so the hash is salted per code; what keeps it safe is
// the 10-minute life and the 5 tries (SPEC 9, issue 4), not the hash's cost.
function hashCode(code: string, salt = randomBytes(16).toString('base64')): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('base64')}`;
}

const liveCode = (userId: number) =>
  and(eq(resetCodes.businessUserId, userId), isNull(resetCodes.usedAt), gt(resetCodes.expiresAt, sql`now()`));

async function requesterCode(db: Db, userId: number, requester: string) {
  const [live] = await db
    .select({ id: resetCodes.id, codeHash: resetCodes.codeHash })
    .from(resetCodes)
    .where(and(liveCode(userId), eq(resetCodes.requester, requesterHash(requester))))
    .orderBy(desc(resetCodes.id))
    .limit(1);
  return live;
}

async function anyoneCode(db: Db, userId: number) {
  const [live] = await db
    .select({ id: resetCodes.id, codeHash: resetCodes.codeHash })
    .from(resetCodes)
    .where(and(liveCode(userId), sql`${resetCodes.attempts} < ${RESET_CODE_MAX_TRIES}`))
    .orderBy(desc(resetCodes.id))
    .limit(1);
  if (!live) return undefined;
  // A try is reserved before comparing, so parallel guesses cannot get past the fifth.
  const reserved = await db
    .update(resetCodes)
    .set({ attempts: sql`${resetCodes.attempts} + 1` })
    .where(and(eq(resetCodes.id, live.id), isNull(resetCodes.usedAt), sql`${resetCodes.attempts} < ${RESET_CODE_MAX_TRIES}`))
    .returning({ id: resetCodes.id });
  return reserved.length === 0 ? undefined : live;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt] = stored.split('$');
  const a = Buffer.from(hashCode(code, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** SPEC 5: the code is sent as a number, so a leading zero is lost on the way: put it back. */
export const normaliseCode = (code: number | string) => String(code).padStart(RESET_CODE_LENGTH, '0');

async function findUserId(db: Db, email: string): Promise<number | null> {
  const [row] = await db.select({ id: businessUsers.id }).from(businessUsers).where(eq(businessUsers.email, email.trim().toLowerCase())).limit(1);
  return row?.id ?? null;
}

/** The stored form of a requesting browser's mark (the mark itself is only in its cookie). */
const requesterHash = (mark: string) => createHash('sha256').update(`reset-requester:${mark}`).digest('base64url');

/**
 * Makes a new code for the user and returns it in clear once. The same browser's earlier codes stop
 * working; with a `requester` mark, codes other browsers asked for stay live (issue 14 point 4: a
 * stranger asking for codes for this email cannot kill the code the owner is typing).
 */
export async function issueResetCode(db: Db, userId: number, requester?: string): Promise<string> {
  const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
  const expiresAt = new Date(Date.now() + RESET_CODE_TTL_MS).toISOString();
  const asker = requester ? requesterHash(requester) : null;
  await db.transaction(async (tx) => {
    const same = asker ? eq(resetCodes.requester, asker) : isNull(resetCodes.requester);
    await tx.update(resetCodes).set({ usedAt: sql`now()` }).where(and(eq(resetCodes.businessUserId, userId), isNull(resetCodes.usedAt), same));
    await tx.insert(resetCodes).values({ businessUserId: userId, codeHash: hashCode(code), expiresAt, requester: asker });
  });
  return code;
}

export function resetMail(to: string, code: string, welcome = false, now = new Date()) {
  // Mails show times in Pakistan (ARCHITECTURE: instants shown in Asia/Karachi).
  const until = formatKarachiDateTime(new Date(now.getTime() + RESET_CODE_TTL_MS));
  const intro = welcome
    ? `Welcome! Your business account has been created. To choose your password, open /otp?email=${encodeURIComponent(to)} on the shop and enter this code (or use Forgot Password on the Sign In page later):`
    : 'Use this code to reset your password:';
  return {
    to,
    subject: welcome ? 'Welcome: choose your password' : 'Your password reset code',
    text: `${intro}\n\n${code}\n\nThe code works once and expires in 10 minutes, at ${until} Pakistan time. If you did not ask for it, ignore this email.`,
  };
}

/**
 * Step 1. The answer is the same whether or not the email has an account, and the mail is sent
 * after answering so the time taken does not tell either.
 */
export async function requestResetCode(db: Db, mailer: Mailer, email: string, onError: (err: unknown) => void, requester?: string): Promise<void> {
  const userId = await findUserId(db, email);
  if (userId == null) return;
  const to = email.trim().toLowerCase();
  void issueResetCode(db, userId, requester)
    .then((code) => mailer.send(resetMail(to, code)))
    .catch(onError);
}

/**
 * Steps 2 and 3. From the browser that asked for a code (`requester`, its cookie's mark), that
 * browser's newest live code must match, and its tries are counted by the caller's rate limit. From
 * anywhere else the newest live code of the user must match; a wrong try counts against the code and
 * the fifth closes it to such tries (never to its requester). `consume` (step 3) marks it used, so a
 * code works once. Returns the user's id and the sessions step 3 ended.
 */
export async function verifyResetCode(
  db: Db,
  email: string,
  code: string,
  consume?: { newPassword: string; check?: (userId: number) => Promise<void> },
  requester?: string | null,
): Promise<{ userId: number; revoked: string[] }> {
  const userId = await findUserId(db, email);
  if (userId == null) throw badRequest(INVALID_CODE);
  const live = requester ? await requesterCode(db, userId, requester) : await anyoneCode(db, userId);
  if (!live || !codeMatches(code, live.codeHash)) throw badRequest(INVALID_CODE);
  if (!requester) {
    // A right code gives its try back: only wrong ones count.
    await db
      .update(resetCodes)
      .set({ attempts: sql`${resetCodes.attempts} - 1` })
      .where(eq(resetCodes.id, live.id));
  }
  if (!consume) return { userId, revoked: [] };
  await consume.check?.(userId);
  const passwordHash = await hashPassword(consume.newPassword);
  const revoked = await db.transaction(async (tx) => {
    // Only one of two racing step-3 calls can mark the code used.
    const used = await tx
      .update(resetCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(resetCodes.id, live.id), isNull(resetCodes.usedAt)))
      .returning({ id: resetCodes.id });
    if (used.length === 0) throw badRequest(INVALID_CODE);
    // The code came by mail, so the email is proven (a welcome code too); every session of the
    // account ends: whoever held one must sign in with the new password (issue 14).
    await tx
      .update(businessUsers)
      .set({ passwordHash, emailProvenAt: sql`coalesce(${businessUsers.emailProvenAt}, now())` })
      .where(eq(businessUsers.id, userId));
    return revokeUserSessions(tx as unknown as Db, userId);
  });
  return { userId, revoked };
}
