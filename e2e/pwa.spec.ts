import { expect, test } from '@playwright/test';

// Issue 15 (14): installable, readable offline, and no order queued offline without the buyer seeing it.
// This file lets the app's service worker run (the other specs block it, see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('installable: the manifest is linked, with icons and the theme colour', async ({ page }) => {
  await page.goto('/home');
  const href = (await page.locator('link[rel="manifest"]').getAttribute('href')) as string;
  expect(href).toBeTruthy();
  const manifest = (await (await page.request.get(href)).json()) as { name: string; start_url: string; display: string; theme_color: string; icons: Array<{ src: string; sizes: string; purpose?: string }> };
  expect(manifest).toMatchObject({ name: 'Wholesale Shop', start_url: '/home', display: 'standalone', theme_color: '#0b3b8c' });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b3b8c');
  // What a buyer's phone downloads on install is the shop: none of the back office's chunks.
  const sw = await (await page.request.get('/sw.js')).text();
  expect(sw).toMatch(/assets\/index-[\w-]+\.js/);
  expect(sw).not.toMatch(/assets\/(staff|orders-chart)[\w-]*\.js/);
});

test('offline: the last-seen catalogue pages stay readable with a clear banner, and an order cannot be sent', async ({ page, context }) => {
  test.setTimeout(60_000);
  const worker = context.serviceWorkers()[0] ?? context.waitForEvent('serviceworker');
  // Signed in through the form, as a buyer does.
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill('orderer@demo.pk');
  await page.getByLabel('Password', { exact: true }).fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/sign-in/);
  // The worker is there once its script ran; it keeps answers only once it is active (its install
  // precaches the app shell first, which takes seconds on a loaded machine). This asks the worker, not the app.
  const sw = await worker;
  await expect
    .poll(() => sw.evaluate(() => (self as unknown as { registration: ServiceWorkerRegistration }).registration.active?.state), { timeout: 30_000 })
    .toBe('activated');
  // Seen online (after the worker took control, so their answers are kept).
  await page.goto('/home');
  const firstCard = page.getByRole('article').first();
  await expect(firstCard).toBeVisible();
  const name = (await firstCard.getAttribute('aria-label')) as string;
  await firstCard.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/productDetails?id=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Basmati Rice/);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
  // A person does not go offline within milliseconds of a page drawing: wait until the worker has kept
  // both answers (Workbox writes its cache after the page got the response; on a loaded machine the
  // reload could come first). This reads the browser's cache storage from the worker, not the app.
  await expect
    .poll(async () => {
      const urls = await sw.evaluate(async () => (await (await caches.open('catalogue-api')).keys()).map((r) => r.url));
      return ['/api/catalogue/products/1', '/api/custom_route/get_products_by_categories'].every((part) => urls.some((u) => u.includes(part)));
    }, { timeout: 15_000 })
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline. You can read the pages you have opened; orders cannot be sent until you are back online.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Basmati Rice/);
  await page.goto('/home');
  await expect(page.getByRole('article', { name })).toBeVisible();

  // The order: Place order says it cannot be sent, and nothing is sent.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Review Payment and Address' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline: this order cannot be sent.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
  expect(posts.filter((u) => u.includes('/api/write/Orders'))).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByText(/You are offline/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
});
