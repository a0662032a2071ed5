import { type Cookie, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

import { PASSWORD } from './console-watch.ts';

/** The demo staff's authenticator secret (apps/server/src/seed/staff.ts, README): every demo staff person has it. */
export const DEMO_TOTP_SECRET = 'DEMOSTAFFTOTPSECRETFORTHEREADME2';
const WRONG_CODE = /That code is not right/;

const lastStep = new Map<string, number>();
/**
 * An authenticator shows a new code every 30 s and the server takes each code once per person: a code
 * of a step this worker has not used for this person (another person may use the same code at once).
 */
async function freshCode(email: string): Promise<string> {
  const step = () => Math.floor(Date.now() / 30_000);
  const last = lastStep.get(email) ?? 0;
  if (step() <= last) await new Promise((r) => setTimeout(r, (last + 1) * 30_000 - Date.now() + 500));
  lastStep.set(email, step());
  return generate({ secret: DEMO_TOTP_SECRET });
}

/** The staff session cookie (apps/server/src/modules/staff-auth/staff-session.ts). */
const STAFF_COOKIE = 'staff_session';
/** Per worker: the session cookie each staff person got at this worker's first sign-in of them. */
const sessions = new Map<string, Cookie[]>();

/**
 * Signs a demo staff person in as one does: the page asked for, the sign-in form, then the code the
 * authenticator shows. When the code was just used (another test worker signed the same person in
 * within the same 30 s), the person waits for the next code and types that, as a person would.
 *
 * Tests that are not about signing in go on with the session: after a worker's first sign-in of a
 * person, the next tests of that worker open the page in a browser that holds that person's session
 * cookie, as a person's browser does from one day's work to the next, instead of waiting up to 30 s
 * for an unused code (each code is taken once per person). If the server no longer takes the session
 * (ended, idle), the page shows the sign-in form and the person signs in again. Each worker's first
 * sign-in of a person is still the whole form with both factors; staff.spec.ts is about signing in.
 */
export async function staffSignIn(page: Page, email: string, path: string, landing: string | RegExp) {
  const heading = page.getByRole('heading', { name: landing, level: 1 });
  const saved = sessions.get(email);
  if (saved) await page.context().addCookies(saved);
  await page.goto(path);
  if (saved) {
    await expect(heading.or(page.getByRole('button', { name: 'Sign in' }))).toBeVisible();
    if (await heading.isVisible()) return;
  }
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  for (let attempt = 0; ; attempt++) {
    await page.getByLabel('Authentication code').fill(await freshCode(email));
    await page.getByRole('button', { name: 'Verify' }).click();
    const refused = page.getByText(WRONG_CODE);
    await expect(heading.or(refused)).toBeVisible();
    if (await heading.isVisible()) break;
    if (attempt === 2) throw new Error(`the second factor of ${email} was refused three times`);
  }
  sessions.set(
    email,
    (await page.context().cookies()).filter((c) => c.name === STAFF_COOKIE),
  );
}

/** Signs a buyer in through the form (SPEC 2); lands on /home. */
export { signIn as buyerSignIn } from './console-watch.ts';
