import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { businessUsers } from '../db/schema/business.ts';
import { sessions } from '../db/schema/support.ts';
import type { AuthClaims, TokenService } from './tokens.ts';

/**
 * Sessions of registered users (issue 14, docs/decisions/006-sessions.md). A session is a row; its
 * access tokens live 15 minutes and are renewed while the user is active, never past the session's
 * end: 7 days after sign-in, or 24 hours while the account's email is unproven.
 */
export const ACCESS_TTL_MS = 15 * 60_000;
export const SESSION_TTL_MS = 7 * 24 * 3_600_000;
export const UNPROVEN_SESSION_TTL_MS = 24 * 3_600_000;
/** The channel on which a revoked session's id is announced to every instance (NOTIFY, at commit). */
export const REVOKED_CHANNEL = 'session_revoked';

export interface Session {
  id: string;
  userId: number;
  expiresAt: number;
}

/** The access token of a session: 15 minutes, or less when the session ends sooner. */
export function accessToken(tokens: TokenService, claims: AuthClaims, session: Session): Promise<string> {
  return tokens.sign({ ...claims, sid: session.id }, Math.min(Date.now() + ACCESS_TTL_MS, session.expiresAt));
}

/**
 * Opens a session for a user who just signed in or registered. Its length is the rule of point 2:
 * an account whose email is unproven gets 24 hours at most. Expired sessions of the same user are
 * swept here, so the table holds live sessions (and ones revoked lately) only.
 */
export async function startSession(db: Db, userId: number): Promise<Session> {
  const [user] = await db.select({ proven: businessUsers.emailProvenAt }).from(businessUsers).where(eq(businessUsers.id, userId)).limit(1);
  if (!user) throw new Error('session for an unknown user');
  const now = Date.now();
  const session: Session = {
    id: randomBytes(18).toString('base64url'),
    userId,
    expiresAt: now + (user.proven ? SESSION_TTL_MS : UNPROVEN_SESSION_TTL_MS),
  };
  // A session over or revoked more than a token's life ago can have no live token left.
  const past = new Date(now - ACCESS_TTL_MS);
  await db.delete(sessions).where(and(eq(sessions.businessUserId, userId), or(lt(sessions.expiresAt, past), lt(sessions.revokedAt, past))));
  await db.insert(sessions).values({ id: session.id, businessUserId: userId, expiresAt: new Date(session.expiresAt) });
  return session;
}

/** The session if it is neither revoked nor over (the clock is the server's, as for the tokens). */
export async function liveSession(db: Db, sid: string, userId: number): Promise<Session | null> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(and(eq(sessions.id, sid), eq(sessions.businessUserId, userId)))
    .limit(1);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
  return { id: sid, userId, expiresAt: row.expiresAt.getTime() };
}

/**
 * Revokes sessions and announces each id on REVOKED_CHANNEL in the same transaction: PostgreSQL
 * delivers a NOTIFY only at commit, so no instance hears of a revocation that was rolled back.
 */
async function revokeWhere(db: Db, where: ReturnType<typeof and>): Promise<string[]> {
  return db.transaction(async (tx) => {
    const revoked = await tx.update(sessions).set({ revokedAt: new Date() }).where(where).returning({ id: sessions.id });
    const ids = revoked.map((r) => r.id);
    if (ids.length) await tx.execute(sql`select pg_notify(${REVOKED_CHANNEL}, id) from unnest(${sql.param(ids)}::text[]) as id`);
    return ids;
  });
}

/** Sign-out: ends this one session. */
export function revokeSession(db: Db, sid: string, userId: number): Promise<string[]> {
  return revokeWhere(db, and(eq(sessions.id, sid), eq(sessions.businessUserId, userId), isNull(sessions.revokedAt)));
}

/** Password change (all but the caller's session) and reset (all): every other holder is signed out. */
export function revokeUserSessions(db: Db, userId: number, exceptSid?: string): Promise<string[]> {
  return revokeWhere(
    db,
    and(eq(sessions.businessUserId, userId), isNull(sessions.revokedAt), exceptSid ? ne(sessions.id, exceptSid) : undefined),
  );
}

/** Sessions revoked recently enough that tokens of theirs may still be unexpired. */
export async function recentlyRevoked(db: Db): Promise<{ id: string; revokedAt: number }[]> {
  const rows = await db
    .select({ id: sessions.id, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(sql`${sessions.revokedAt} > ${new Date(Date.now() - ACCESS_TTL_MS)}`);
  return rows.map((r) => ({ id: r.id, revokedAt: (r.revokedAt as Date).getTime() }));
}
