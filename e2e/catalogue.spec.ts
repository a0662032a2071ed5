import { expect, type Page, test } from '@playwright/test';

const rupees = (text: string) => Number(text.replace(/[^\d]/g, ''));
const cards = (page: Page) => page.locator('main ul > li > article');

async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: 'Filter' });
  if (await toggle.isVisible()) await toggle.click();
}

test('home: banner buttons, business types, categories, and grids of 8 with Load More', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'By Business' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'By Category' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Food', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Non Food' })).toBeVisible();
  const viewed = page.locator('section', { has: page.getByRole('heading', { name: 'Most Viewed Products' }) });
  await expect(viewed.getByRole('article')).toHaveCount(8);
  await viewed.getByRole('button', { name: 'Load More' }).click();
  await expect(viewed.getByRole('article')).toHaveCount(16);
  const added = page.locator('section', { has: page.getByRole('heading', { name: 'Most Add to Cart' }) });
  await expect(added.getByRole('article')).toHaveCount(8);
  await expect(page.getByRole('heading', { name: 'Download our app' })).toBeVisible();
});

test('home -> business type -> leaf type products with breadcrumb, 40 then See More 8', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'By Business' }).click();
  await page.getByRole('link', { name: 'Retail' }).click();
  await expect(page).toHaveURL(/\/business\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Retail Types' })).toBeVisible();
  await page.getByRole('link', { name: 'Kiryana Store' }).click();
  await expect(page).toHaveURL(/\/businessProducts$/);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Business');
  await expect(crumbs).toContainText('Retail');
  await expect(crumbs).toContainText('Kiryana Store');
  await expect(page.getByRole('heading', { name: 'Kiryana Store', level: 1 })).toBeVisible();
  await expect(cards(page)).toHaveCount(40);
  await page.getByRole('button', { name: 'See More' }).click();
  await expect(cards(page)).toHaveCount(48);
});

test('categories: drill down, filter by brand and price, sort; empty state', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/categories');
  await expect(page.getByRole('heading', { name: 'Food', level: 1 })).toBeVisible();
  const sort = page.getByLabel('Sort By');
  for (const label of ['Brand A-Z', 'Brand Z-A', 'Price Low to High', 'Price High to Low', 'Most Add to cart', 'Most Viwed']) {
    await expect(sort.locator('option', { hasText: label })).toHaveCount(1);
  }
  await expect(cards(page)).toHaveCount(40);
  await openFilters(page);
  await page.getByRole('button', { name: 'Rice & Grains' }).click();
  await expect(page.getByRole('button', { name: 'Rice & Grains' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('checkbox', { name: /^Guard/ }).check();
  // Radix moves a thumb by 1000 per PageDown (10 steps of 100): 250,000 down to 3,000.
  const max = page.getByRole('slider', { name: 'Maximum price' });
  await max.focus();
  for (let i = 0; i < 247; i++) await page.keyboard.press('PageDown');
  await expect(page.getByTestId('price-range')).toContainText('Rs. 3,000');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(async () => (await cards(page).allTextContents()).every((t) => t.includes('Guard'))).toBe(true);
  const prices = (await page.locator('main [data-testid=price]').allTextContents()).map(rupees);
  expect(prices.length).toBeGreaterThan(0);
  expect(prices.every((p) => p <= 3000)).toBe(true);

  await sort.selectOption({ label: 'Price High to Low' });
  await expect
    .poll(async () => {
      const shown = (await page.locator('main article:not(:has-text("Out Of Stock")) [data-testid=price]').allTextContents()).map(rupees);
      return shown.length > 1 && shown.every((p, i) => i === 0 || (shown[i - 1] as number) >= p);
    })
    .toBe(true);

  // Nothing of the brand costs Rs. 100 or less.
  await openFilters(page);
  await max.focus();
  for (let i = 0; i < 2; i++) await page.keyboard.press('PageDown');
  for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('price-range')).toContainText('Rs. 100');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('There is no product found.')).toBeVisible();

  await openFilters(page);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(cards(page)).toHaveCount(40);
});

test('ordering-bar search: typo tolerant dropdown, closes after blur, opens the product', async ({ page }) => {
  await page.goto('/home');
  // The box becomes the combobox as it is clicked (search-box.tsx).
  await page.getByLabel('Search products').click();
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('  basmti rce ');
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results).toBeVisible();
  const links = results.getByRole('option');
  expect(await links.count()).toBeLessThanOrEqual(30);
  await expect(links.first()).toContainText(/Basmati/i);
  await box.blur();
  await expect(results).toBeHidden();
  await box.fill('tapal danedar');
  await expect(results.getByRole('option').first()).toContainText(/Tapal Danedar/i);
  const name = (await results.getByRole('option').first().locator('span').first().textContent()) as string;
  await results.getByRole('option').first().click();
  await expect(page).toHaveURL(/\/productDetails\?id=\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
});

test('product detail works when opened directly by URL and after reload, with related products', async ({ page }) => {
  await page.goto('/productDetails?id=1');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(/Basmati Rice/);
  await expect(page.getByRole('heading', { name: 'Related products' })).toBeVisible();
  const related = page.locator('section', { has: page.getByRole('heading', { name: 'Related products' }) }).getByRole('article');
  await expect(related.first()).toBeVisible();
  expect(await related.count()).toBeLessThanOrEqual(16);
  await page.reload();
  await expect(title).toHaveText(/Basmati Rice/);
  await related.first().getByRole('link').last().click();
  await expect(page).toHaveURL(/\/productDetails\?id=\d+$/);
  await expect(page).not.toHaveURL(/id=1$/);
});

// The axe checks of /categories, /business and /productDetails are modern-shop.spec's (every route, any impact).
