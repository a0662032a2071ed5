import { expect, type Page } from '@playwright/test';
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

/**
 * Signs a demo staff person in as one does: the page asked for, the sign-in form, then the code the
 * authenticator shows. When the code was just used (another test worker signed the same person in
 * within the same 30 s), the person waits for the next code and types that, as a person would.
 */
export async function staffSignIn(page: Page, email: string, path: string, landing: string | RegExp) {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  const heading = page.getByRole('heading', { name: landing, level: 1 });
  for (let attempt = 0; ; attempt++) {
    await page.getByLabel('Authentication code').fill(await freshCode(email));
    await page.getByRole('button', { name: 'Verify' }).click();
    const refused = page.getByText(WRONG_CODE);
    await expect(heading.or(refused)).toBeVisible();
    if (await heading.isVisible()) return;
    if (attempt === 2) throw new Error(`the second factor of ${email} was refused three times`);
  }
}

/** Signs a buyer in through the form (SPEC 2); lands on /home. */
export { signIn as buyerSignIn } from './console-watch.ts';
