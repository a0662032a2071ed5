import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenService } from './tokens.ts';

/**
 * Issue 14 point 4 (OWASP "device cookies"): a browser that has signed in to an account, or reset its
 * password with the emailed code, gets a signed, httpOnly cookie for that account. Attempts carrying it
 * are not held by the account's counters, which count only unknown devices, so a stranger who hammers
 * an email from elsewhere cannot keep its owner out. The cookie lets nobody in by itself: the password
 * is still checked, and its signature binds it to one email.
 *
 * A second, short-lived cookie marks the browser that asked for a reset code: its tries at the code
 * have their own budget, so a stranger's wrong guesses cannot burn the code for the owner.
 */

const DEVICE_DAYS = 180;
const REQUESTER_MINUTES = 15;

const account = (email: string) => email.trim().toLowerCase();

function readCookies(request: FastifyRequest): Map<string, string> {
  const out = new Map<string, string>();
  const header = request.headers.cookie;
  if (!header) return out;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) out.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return out;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function setCookie(reply: FastifyReply, path: string, name: string, value: string, maxAgeSeconds: number) {
  const cookie = `${name}=${value}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`;
  const previous = reply.getHeader('set-cookie');
  const list = previous == null ? [] : Array.isArray(previous) ? previous.map(String) : [String(previous)];
  reply.header('set-cookie', [...list, cookie]);
}

export interface KnownDevices {
  /** True when the request carries this account's valid, unexpired device cookie. */
  isKnown(request: FastifyRequest, email: string): boolean;
  /** Remembers this browser for the account. */
  remember(reply: FastifyReply, email: string): void;
  /**
   * Marks this browser as the one that asked for a reset code for the account and returns the mark;
   * a browser asking again keeps its mark, so its new code replaces its earlier one.
   */
  markRequester(request: FastifyRequest, reply: FastifyReply, email: string): string;
  /** The requester mark's id when the request carries a valid one for this account, else null. */
  requesterOf(request: FastifyRequest, email: string): string | null;
}

/**
 * Buyers' cookies live under /api/auth; the staff's (issue 37) under /api/staff/auth with their own
 * names and signatures (`audience` 'staff'), so a buyer's cookie for the same email is no staff one.
 */
export function createKnownDevices(tokens: Pick<TokenService, 'mac'>, now: () => number = Date.now, audience: 'buyer' | 'staff' = 'buyer'): KnownDevices {
  const path = audience === 'staff' ? '/api/staff/auth' : '/api/auth';
  const tag = (kind: string) => (audience === 'staff' ? `st${kind}` : kind);
  // The cookie's name carries a tag of the account, so one shared office computer keeps one per account.
  const nameOf = (kind: string, email: string) => `${tag(kind)}_${tokens.mac(`${tag(kind)}-name`, account(email)).slice(0, 12)}`;
  const sign = (kind: string, email: string, rest: string) => tokens.mac(tag(kind), `${account(email)}|${rest}`);

  function read(request: FastifyRequest, kind: string, email: string): string[] | null {
    const value = readCookies(request).get(nameOf(kind, email));
    if (!value) return null;
    const parts = value.split('.');
    const signature = parts.pop() ?? '';
    const expires = Number(parts.at(-1));
    if (!Number.isSafeInteger(expires) || expires * 1000 <= now()) return null;
    return sameText(signature, sign(kind, email, parts.join('.'))) ? parts : null;
  }

  function write(reply: FastifyReply, kind: string, email: string, lead: string[], seconds: number) {
    const parts = [...lead, String(Math.floor(now() / 1000) + seconds)];
    setCookie(reply, path, nameOf(kind, email), `${parts.join('.')}.${sign(kind, email, parts.join('.'))}`, seconds);
  }

  return {
    isKnown: (request, email) => read(request, 'sd', email) != null,
    remember: (reply, email) => write(reply, 'sd', email, [], DEVICE_DAYS * 86_400),
    markRequester(request, reply, email) {
      const mark = read(request, 'sr', email)?.[0] ?? randomBytes(16).toString('base64url');
      write(reply, 'sr', email, [mark], REQUESTER_MINUTES * 60);
      return mark;
    },
    requesterOf: (request, email) => read(request, 'sr', email)?.[0] ?? null,
  };
}
