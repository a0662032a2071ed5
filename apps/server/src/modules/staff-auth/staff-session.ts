import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { StaffRole } from '@shop/domain/staff';
import { parseCookie, stringifySetCookie } from 'cookie';
import { STAFF_IDLE_MINUTES, STAFF_SECOND_FACTOR_MINUTES, STAFF_SESSION_MAX_HOURS } from '@shop/domain/staff';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { staffSessions, staffUsers } from '../../db/schema/staff.ts';

export const STAFF_COOKIE = 'staff_session';
/**
 * The cookie goes only to /api/staff (the browser never sends it to a buyer route), cannot be read
 * by scripts, and is never sent on a request that another site starts (SameSite=Strict).
 */
const COOKIE_OPTIONS = { path: '/api/staff', httpOnly: true, secure: true, sameSite: 'strict' } as const;

export type StaffStage = 'totp' | 'enrol' | 'full';

export interface StaffPrincipal {
  staffId: number;
  email: string;
  name: string;
  roles: StaffRole[];
}

export interface StaffSessionState {
  principal: StaffPrincipal;
  stage: StaffStage;
  idHash: string;
  csrfToken: string;
  totpEnabled: boolean;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The CSRF token of a session (synchronizer token): derived one-way from the session's secret
 * token, so it needs no storage, differs per session and tells nothing about the cookie.
 */
export const csrfTokenOf = (rawToken: string) => sha256(`csrf\0${rawToken}`);

export function csrfMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function readSessionToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const value = parseCookie(header)[STAFF_COOKIE];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** Adds a Set-Cookie header beside any set before (the known-browser cookie goes with the session's). */
function addCookie(reply: FastifyReply, cookie: string) {
  const previous = reply.getHeader('set-cookie');
  const list = previous == null ? [] : Array.isArray(previous) ? previous.map(String) : [String(previous)];
  reply.header('set-cookie', [...list.filter((c) => !c.startsWith(`${STAFF_COOKIE}=`)), cookie]);
}

export function setSessionCookie(reply: FastifyReply, rawToken: string) {
  addCookie(reply, stringifySetCookie({ name: STAFF_COOKIE, value: rawToken, ...COOKIE_OPTIONS }));
}

export function clearSessionCookie(reply: FastifyReply) {
  addCookie(reply, stringifySetCookie({ name: STAFF_COOKIE, value: '', ...COOKIE_OPTIONS, maxAge: 0 }));
}

/** Opens a session for a person whose password was right; returns the cookie's token. */
export async function openSession(db: Pick<Db, 'insert'>, staffId: number, stage: StaffStage, request: FastifyRequest): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  await db.insert(staffSessions).values({
    idHash: sha256(raw),
    staffId,
    stage,
    ip: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
  });
  return raw;
}

export async function revokeSession(db: Pick<Db, 'update'>, idHash: string) {
  await db.update(staffSessions).set({ revokedAt: sql`now()` }).where(and(eq(staffSessions.idHash, idHash), isNull(staffSessions.revokedAt)));
}

export async function revokeAllSessions(db: Pick<Db, 'update'>, staffId: number) {
  await db.update(staffSessions).set({ revokedAt: sql`now()` }).where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

/**
 * Looks the session up in the database on every staff request (staff traffic is small): a revoked
 * session, a disabled person, 30 minutes without a request, 12 hours since sign-in, or 5 minutes
 * waiting for the second factor all end it, on every instance at once. A live session's last_seen
 * moves on in the same statement.
 */
export async function loadSession(db: Db, rawToken: string): Promise<StaffSessionState | null> {
  const idHash = sha256(rawToken);
  const rows = await db.execute<{
    staff_id: number;
    email: string;
    name: string;
    roles: StaffRole[];
    stage: StaffStage;
    totp_enabled: boolean;
  }>(sql`
    update ${staffSessions} s set last_seen_at = now()
    from ${staffUsers} u
    where s.id_hash = ${idHash}
      and u.id = s.staff_id
      and s.revoked_at is null
      and u.disabled_at is null
      and s.last_seen_at > now() - make_interval(mins => ${STAFF_IDLE_MINUTES})
      and s.created_at > now() - make_interval(hours => ${STAFF_SESSION_MAX_HOURS})
      and (s.stage = 'full' or s.created_at > now() - make_interval(mins => ${STAFF_SECOND_FACTOR_MINUTES}))
    returning u.id as staff_id, u.email, u.name, u.roles, s.stage, (u.totp_enabled_at is not null) as totp_enabled`);
  const row = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows)[0] as
    | { staff_id: number; email: string; name: string; roles: StaffRole[]; stage: StaffStage; totp_enabled: boolean }
    | undefined;
  if (!row) return null;
  return {
    principal: { staffId: row.staff_id, email: row.email, name: row.name, roles: row.roles },
    stage: row.stage,
    idHash,
    csrfToken: csrfTokenOf(rawToken),
    totpEnabled: row.totp_enabled,
  };
}
