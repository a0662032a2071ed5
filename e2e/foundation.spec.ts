import { expect, test } from '@playwright/test';
import { seriousViolations } from './a11y.ts';
import { signIn } from './person.ts';

test('first arrival opens a guest session silently', async ({ page }) => {
  // The session the page opens by itself, as its answer arrives over the network.
  const opened = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST');
  await page.goto('/home');
  await expect(page.getByText(/Hello, Guest/).filter({ visible: true }).first()).toBeVisible();
  const session = (await (await opened).json()).data;
  expect(session.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(session.user.type).toBe('Guest');
  await expect(page.locator('header')).toContainText('Guest');
});

test('an unknown path redirects to /pageNotFound with the apology', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/pageNotFound$/);
  await expect(
    page.getByText("Sorry, the page you're looking for may have been moved or is no longer available. Let us help you reach the right place"),
  ).toBeVisible();
});

test('route matching is exact: /Home is not /home', async ({ page }) => {
  await page.goto('/Home');
  await expect(page).toHaveURL(/\/pageNotFound$/);
});

const orderingRoutes = ['/home', '/categories', '/cart', '/sign-in', '/orders', '/faqs', '/feedback', '/business'];
const marketplaceRoutes = ['/bmpl', '/bmpl/search?searchValue=rice', '/bmpl/category/rice-grains/', '/pageNotFound'];

for (const path of orderingRoutes) {
  test(`${path} shows the ordering bar, the ticker and the footer`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('header[data-bar="ordering"]')).toBeVisible();
    await expect(page.locator('header[data-bar="marketplace"]')).toHaveCount(0);
    await expect(page.getByText(/closing soon/)).toBeVisible();
    await expect(page.locator('footer')).toContainText('2024');
  });
}

for (const path of marketplaceRoutes) {
  test(`${path} shows the marketplace bar without cart and notifications`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('header[data-bar="marketplace"]')).toBeVisible();
    await expect(page.locator('header[data-bar="ordering"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Cart/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
    await expect(page.locator('footer')).toContainText('2024');
  });
}

test('the help-chat widget uses the help number reduced to digits', async ({ page }) => {
  await signIn(page, 'orderer@demo.pk');
  await page.goto('/home');
  const link = page.getByRole('link', { name: 'Chat with us for help' });
  const number = await link.getAttribute('data-help-number');
  expect(number).toMatch(/^\d{10,15}$/);
  await expect(link).toHaveAttribute('href', `https://wa.me/${number}`);
});

test('home has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/home');
  await expect(page.locator('header')).toContainText('Guest');
  expect(await seriousViolations(page)).toEqual([]);
});
