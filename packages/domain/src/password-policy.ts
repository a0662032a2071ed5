// Issue 14 point 5 (NIST SP 800-63B 3.1.1.2): the rules a new password must pass that need no list,
// shared by the server (which also checks the list of common and breached passwords) and the web pages.
import { PASSWORD_MIN } from './constants.ts';

/** SPEC 5's limit on a password's length, kept as is; longer passphrases are welcome. */
export const PASSWORD_MAX = 200;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  tooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  common: 'This password is too common and easy to guess. Please choose another one.',
  containsEmail: 'Your password must not contain your email name. Please choose another one.',
  containsBusiness: 'Your password must not contain your business name. Please choose another one.',
  oneCharacter: 'Your password must not be one character repeated. Please choose another one.',
} as const;

export interface PasswordContext {
  /** The account's email: its name (before the @) may not appear in the password. */
  email?: string | null;
  /** The account's business name: it may not appear in the password. */
  businessName?: string | null;
}

/** Lower case, letters and digits only: "Demo Kiryana" and "demo-kiryana" are the same name. */
export const passwordFold = (v: string) => v.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

// Names shorter than this are too common to forbid (an email "ali@..." must not ban every "ali").
const NAME_MIN = 4;

/**
 * Why this password may not be chosen, as a message for the page; null when it may. The list of
 * common and breached passwords is checked on the server only (apps/server/src/lib/password-policy.ts).
 */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  if (password.length < PASSWORD_MIN) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX) return PASSWORD_MESSAGES.tooLong;
  if (new Set(password).size === 1) return PASSWORD_MESSAGES.oneCharacter;
  const folded = passwordFold(password);
  const emailName = passwordFold(context.email?.split('@')[0] ?? '');
  if (emailName.length >= NAME_MIN && folded.includes(emailName)) return PASSWORD_MESSAGES.containsEmail;
  const business = passwordFold(context.businessName ?? '');
  if (business.length >= NAME_MIN && folded.includes(business)) return PASSWORD_MESSAGES.containsBusiness;
  return null;
}
