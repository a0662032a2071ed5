// Issue 16: the staff back office. An Admin signs in with password and the TOTP code an authenticator
// app would show for README's demo secret, reads the audit log and adds a person; an Order desk person
// sees none of Admin's screens.
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';

// README: the demo's TOTP secret (demo data only).
const DEMO_TOTP_SECRET = 'DEMOSTAFFTOTPSECRETFORTHEREADME2';

test.describe.configure({ mode: 'serial' });
// Staff screens are for desktops (1280 and 1920 px); each TOTP code is accepted once, so the Admin
// signs in from one project only.
test.beforeEach(() => {
  test.skip(test.info().project.name !== 'desktop', 'the back office is for desktop screens');
});

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/** The code an authenticator app shows now; near the end of a 30 s step, wait for the next one. */
async function authenticatorCode(): Promise<string> {
  const intoStep = (Date.now() / 1000) % 30;
  if (intoStep > 27) await new Promise((r) => setTimeout(r, (30 - intoStep + 0.5) * 1000));
  return generate({ secret: DEMO_TOTP_SECRET });
}

test('an Admin signs in with the second factor, reads the audit log and adds a staff person', async ({ page }) => {
  const problems = watchConsole(page);
  const response = await page.goto('/staff');
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page).toHaveURL(/\/staff\/sign-in/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

  await page.getByLabel('Email').fill('admin@staff.demo.pk');
  await page.getByLabel('Password').fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(await authenticatorCode());
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByRole('heading', { name: 'Welcome, Ayesha Admin' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Staff accounts' })).toBeVisible();
  await nav.getByRole('link', { name: 'Audit log' }).click();
  const entries = page.getByRole('table', { name: 'Audit entries' });
  await expect(entries.getByRole('row').filter({ hasText: 'staff.sign_in' }).filter({ hasText: 'admin@staff.demo.pk' }).first()).toBeVisible();

  await nav.getByRole('link', { name: 'Staff accounts' }).click();
  const email = `new.clerk.${Date.now()}@staff.demo.pk`;
  await page.getByLabel('Full name').fill('Nadia Clerk');
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('checkbox', { name: 'Catalogue' }).check();
  await page.getByRole('button', { name: 'Add person' }).click();
  await expect(page.getByRole('status')).toContainText(`One-time link for ${email}`);
  await expect(page.getByRole('status')).toContainText('/staff/setup?token=');
  const row = page.getByRole('table', { name: 'Staff accounts' }).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Order desk, Catalogue');
  await expect(row).toContainText('Invited');

  // The creation is in the audit log, by this Admin.
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action').fill('staff.create');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(entries.getByRole('row').filter({ hasText: email })).toContainText('admin@staff.demo.pk');

  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect(entries).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in/);
  expect(problems).toEqual([]);
});

test('a Catalogue person signs in with the password and sees none of Admin\'s screens', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/staff/sign-in');
  await page.getByLabel('Email').fill('catalogue@staff.demo.pk');
  await page.getByLabel('Password').fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Kamran Catalogue' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Start' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff accounts' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await page.goto('/staff/admin/staff');
  await expect(page.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff accounts' })).toHaveCount(0);
  expect(problems).toEqual([]);
});
