import { expect, type Page } from '@playwright/test';

/**
 * Everything a person would see as trouble in the browser's console: console warnings and errors,
 * uncaught page errors, failed requests (network errors) and answers with status 4xx or 5xx.
 * SPEC 8: a production build shows nothing in the console, so nothing is whitelisted.
 */
export function watchConsole(page: Page): { problems: string[]; expectClean(where?: string): void } {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') problems.push(`console.${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    // A request the page itself gave up (navigating away) is not a failure a person sees.
    if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return {
    problems,
    expectClean(where = '') {
      expect(problems, `${where}\n${problems.join('\n')}`).toEqual([]);
    },
  };
}

export const PASSWORD = 'Demo@12345';

/** Signs in through the form, as a person does, and waits for /home. */
export async function signIn(page: Page, email: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}
