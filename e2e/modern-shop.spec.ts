import { expect, type Page, test } from '@playwright/test';
import { axe } from './a11y.ts';

// Issue 15, points 10 to 14: what buyers expect of a modern shop. Real clicks and key presses only;
// page.route() stands in for a deploy (a chunk gone) and a failing server, nothing in the page is called.

// Every test here opens its own page and changes nothing on the server: the two workers share the file
// (its axe checks were the lane's longest file, walked by one worker).
test.describe.configure({ mode: 'parallel' });

interface MarketplaceProduct {
  id: number;
  name: string;
  slug: string;
  category_slug: string;
  subcategory_slug: string | null;
  discount_threshold: number | null;
}
const marketplaceUrl = (p: MarketplaceProduct) => `/bmpl/category/${p.category_slug}/${p.subcategory_slug}/productdetail/${p.slug}`;

async function marketplaceProduct(page: Page): Promise<MarketplaceProduct> {
  const res = await page.request.get('/api/bmpl/products?city=Lahore&limit=200');
  const { data } = (await res.json()) as { data: { products: MarketplaceProduct[] } };
  // One with a multi-piece price, so that the checked page shows every part of a product page.
  return data.products.find((p) => p.subcategory_slug && p.discount_threshold !== null) as MarketplaceProduct;
}

test.describe('11: error boundaries', { tag: '@width-independent' }, () => {
  test('a page chunk missing after a deploy reloads the page once and the page shows', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The deploy: the categories page's chunk of the loaded build is gone (once).
    let refused = 0;
    await page.route(/\/assets\/categories-page-[^/]*\.js$/, (route) => {
      if (refused++ === 0) return route.fulfill({ status: 404, body: 'Not found' });
      return route.continue();
    });
    const reloaded = page.waitForEvent('load');
    await page.getByRole('main').getByRole('link', { name: 'Food', exact: true }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(refused).toBe(2);
  });

  test('a chunk still missing after the reload shows what failed and a Retry, not a blank page', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.route(/\/assets\/categories-page-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.getByRole('main').getByRole('link', { name: 'Food', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('This page could not be loaded.');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The shell stays: the buyer can still go elsewhere.
    await expect(page.locator('footer')).toBeVisible();
    await page.unroute(/\/assets\/categories-page-[^/]*\.js$/);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a failed API call says what failed and Retry loads it', async ({ page }) => {
    // The first load and the query's two automatic retries fail.
    let failures = 3;
    await page.route(/\/api\/catalogue\/products\/1$/, (route) => {
      if (failures-- > 0) return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'The server is busy. Please try again.' }) });
      return route.continue();
    });
    await page.goto('/productDetails?id=1');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The product could not be loaded.', { timeout: 20_000 });
    await expect(alert).toContainText('The server is busy. Please try again.');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Basmati Rice/);
  });
});

test.describe('12: comboboxes and carousel', () => {
  test('ordering-bar search: arrow keys, Escape and Enter, with the results announced', async ({ page }) => {
    await page.goto('/home');
    // The light box loads the combobox as it is clicked, and keeps the focus.
    await page.getByLabel('Search products').click();
    const box = page.getByRole('combobox', { name: 'Search products' });
    await expect(box).toBeFocused();
    await page.keyboard.type('  basmti rce ');
    const list = page.getByRole('listbox', { name: 'Search results' });
    await expect(list.getByRole('option').first()).toContainText(/Basmati/i);
    const count = await list.getByRole('option').count();
    expect(count).toBeLessThanOrEqual(30);
    await expect(page.getByRole('status').filter({ hasText: /^\d+ results?$/ })).toHaveText(`${count} ${count === 1 ? 'result' : 'results'}`);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = list.getByRole('option').nth(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id')) as string);
    await page.keyboard.press('Escape');
    await expect(list.getByRole('option')).toHaveCount(0);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    // Typing again reopens; Enter on the highlighted result opens its page.
    await page.keyboard.type(' ');
    await expect(list.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    const name = ((await list.getByRole('option').first().locator('span').first().textContent()) as string).trim();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/productDetails\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('marketplace search: results after the 2 s pause, arrow keys to View All, Enter opens the search page', async ({ page }) => {
    await page.goto('/bmpl');
    await page.getByLabel('Search the marketplace').click();
    const box = page.getByRole('combobox', { name: 'Search the marketplace' });
    await expect(box).toBeFocused();
    await page.keyboard.type('basmati rice');
    const list = page.getByRole('listbox', { name: 'Search results' });
    await expect(list.getByRole('option', { name: 'View All' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^\d+ results?$/ })).toBeVisible();
    // Up from the box wraps to the last choice, View All.
    await page.keyboard.press('ArrowUp');
    await expect(list.getByRole('option', { name: 'View All' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/bmpl\/search\?searchValue=basmati-rice$/);
    // A product by keyboard.
    await box.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' 5');
    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  test('the banner carousel advances every 3 s, stops on hover and with Pause', async ({ page }) => {
    // The suite's buyers ask for reduced motion (playwright.config.ts); this one does not.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/bmpl');
    const carousel = page.getByRole('region', { name: 'Offers' });
    const first = carousel.getByRole('button', { name: 'Show offer 1' });
    await expect(first).toHaveAttribute('aria-current', 'true');
    // By itself after 3 s (the first turn also fetches the carousel's script): the suite's 10 s expect, not 5 s a loaded machine can miss.
    await expect(carousel.getByRole('button', { name: 'Show offer 2' })).toHaveAttribute('aria-current', 'true');
    // Hovered: it stays on the slide shown.
    await carousel.hover();
    await page.waitForTimeout(3600);
    await expect(carousel.getByRole('button', { name: 'Show offer 2' })).toHaveAttribute('aria-current', 'true');
    await page.mouse.move(0, 0);
    await page.getByRole('button', { name: 'Pause offers' }).click();
    await page.mouse.move(0, 0);
    const shown = await carousel.getByRole('button', { name: /Show offer/, pressed: undefined }).evaluateAll((els) => els.findIndex((e) => e.getAttribute('aria-current') === 'true'));
    await page.waitForTimeout(3600);
    await expect(carousel.getByRole('button', { name: `Show offer ${shown + 1}` })).toHaveAttribute('aria-current', 'true');
    await expect(carousel.getByRole('button', { name: 'Play offers' })).toBeVisible();
  });

  test('under prefers-reduced-motion the carousel does not move by itself', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/bmpl');
    const carousel = page.getByRole('region', { name: 'Offers' });
    await expect(carousel.getByRole('button', { name: 'Show offer 1' })).toHaveAttribute('aria-current', 'true');
    await page.waitForTimeout(3600);
    await expect(carousel.getByRole('button', { name: 'Show offer 1' })).toHaveAttribute('aria-current', 'true');
    await carousel.getByRole('button', { name: 'Show offer 2' }).click();
    await expect(carousel.getByRole('button', { name: 'Show offer 2' })).toHaveAttribute('aria-current', 'true');
  });
});

// Every route, at the project's width (desktop 1280 px, mobile 375 px): no WCAG 2.2 A/AA violation of any impact.
// (These are the only axe checks of these pages as a guest: catalogue.spec and marketplace.spec checked a
// few of them again for serious and critical violations only, which this check includes.)
const AXE_ROUTES = ['/home', '/categories', '/productDetails?id=1', '/cart', '/sign-in', '/sign-up', '/reset-password', '/business', '/faqs', '/feedback', '/privacypolicy', '/termsAndConditions', '/pageNotFound', '/bmpl', '/bmpl/search?searchValue=rice', '/bmpl/category/rice-&-grains/', '/bmpl/category/rice-&-grains/basmati-rice/', 'marketplace-product'];
for (const route of AXE_ROUTES) {
  test(`12: axe finds no violations on ${route}`, async ({ page }) => {
    const path = route === 'marketplace-product' ? marketplaceUrl(await marketplaceProduct(page)) : route;
    await page.goto(path);
    await expect(page.locator('#content')).not.toBeEmpty();
    // Loaded (the marketplace home's landing grid loads only when scrolled near, so there: the offers).
    if (path === '/bmpl') await expect(page.getByRole('region', { name: 'Offers' })).toBeVisible();
    else await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    // Pages of products: checked with their product cards on screen.
    if (path.startsWith('/bmpl') || ['/home', '/categories', '/productDetails?id=1'].includes(path)) await expect(page.getByRole('article').first()).toBeVisible();
    if (path === '/business') await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    const { violations } = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    expect(found, found.join('\n')).toEqual([]);
  });
}

test.describe('13: found by search engines', { tag: '@width-independent' }, () => {
  test('a marketplace product page has its title, description, canonical and Product data before any JavaScript', async ({ page }) => {
    const product = await marketplaceProduct(page);
    const html = await (await page.request.get(marketplaceUrl(product))).text();
    expect(html).toContain(`<title>Buy ${product.name.replace(/&/g, '&amp;')} at the Best Wholesale Prices in Pakistan</title>`);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/bmpl\/category\//);
    expect(html).toContain('"@type":"Product"');
    // In the app: the title and description follow the page the buyer moves to.
    await page.goto(marketplaceUrl(product));
    await expect(page).toHaveTitle(`Buy ${product.name} at the Best Wholesale Prices in Pakistan`);
    await page.getByRole('link', { name: 'Buy More Pay Less' }).first().click();
    await expect(page).toHaveTitle('Buy More Pay Less');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Lahore/);
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /cart');
    expect((await page.request.get('/sitemap.xml')).headers()['content-type']).toMatch(/xml/);
  });

  test('storefront pages have their own titles', async ({ page }) => {
    await page.goto('/productDetails?id=1');
    await expect(page).toHaveTitle(/Basmati Rice.* \| Wholesale Shop$/);
    await page.goto('/categories');
    await expect(page).toHaveTitle('Food categories | Wholesale Shop');
  });
});
