import { PASSWORD_MESSAGES, type PasswordContext, passwordFold, passwordProblem } from '@shop/domain/password-policy';
import { PASSWORD_MIN } from '@shop/domain/constants';
import { badRequest } from './http-error.ts';

/**
 * Issue 14 point 5 (NIST SP 800-63B): a new password is refused when it is on the list of common and
 * breached passwords and dictionary words, besides the shared rules of packages/domain. The list is
 * zxcvbn-ts's: its 49,233 passwords from breach corpora plus its English dictionaries (common words,
 * names, Wikipedia words), 183,763 entries together. It is loaded here only, on the first check, never
 * sent to the browser. Only entries of at least PASSWORD_MIN characters are kept: shorter ones are
 * refused by length already.
 */
let listed: Promise<Set<string>> | undefined;

async function loadList(): Promise<Set<string>> {
  const [common, english] = await Promise.all([import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]);
  const out = new Set<string>();
  for (const dictionary of [common.dictionary, english.dictionary]) {
    for (const words of Object.values(dictionary) as string[][]) {
      for (const word of words) if (word.length >= PASSWORD_MIN) out.add(word.toLowerCase());
    }
  }
  return out;
}

export const commonPasswords = (): Promise<Set<string>> => {
  listed ??= loadList();
  return listed;
};

/** True when the password, in any letter case (and with spaces or symbols between), is on the list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await commonPasswords();
  const lower = password.normalize('NFKC').toLowerCase();
  return list.has(lower) || list.has(passwordFold(password));
}

/**
 * Why `password` may not be chosen for the account (a message for the page), or null. For every place
 * a password is chosen: reset and sign-up's choice (reset step 3), Change Password, and staff accounts.
 */
export async function checkPassword(password: string, context: PasswordContext = {}): Promise<string | null> {
  const problem = passwordProblem(password, context);
  if (problem) return problem;
  return (await isCommonPassword(password)) ? PASSWORD_MESSAGES.common : null;
}

/** checkPassword, as a 400 with the message. */
export async function assertPassword(password: string, context: PasswordContext = {}): Promise<void> {
  const problem = await checkPassword(password, context);
  if (problem) throw badRequest(problem);
}
