// Issue 35: the marketplace's listing per city in the back office. The demo's catalogue clerk (no
// second factor) finds a Food product the marketplace does not sell, lists it in Karachi on the
// Marketplace listing screen, and sees it among Karachi's listed products; a guest then finds it under
// /bmpl with Karachi chosen, and not with Lahore chosen.
import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, watchConsole } from './console-watch.ts';

test.describe.configure({ timeout: 120_000 });
test.skip(({ isMobile }) => isMobile, 'the back office is used on desktops and tablets');

interface StaffProduct {
  id: number;
  name: string;
  sku: string;
  active: boolean;
  category_path: string;
  tier2Id: number | null;
  marketplace_ids: number[];
}

async function apiData<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.ok(), url).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

test('the catalogue clerk lists a product in Karachi; a guest finds it under /bmpl in Karachi, not in Lahore', async ({ page, browser }) => {
  const console = watchConsole(page);
  await page.goto('/staff/catalogue/marketplace');
  await page.getByLabel('Email').fill('catalogue@staff.demo.pk');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Marketplace listing', level: 1 })).toBeVisible();

  // A Food product of the storefront the marketplace does not sell anywhere (the demo sells a third of them).
  const found = await apiData<{ products: StaffProduct[] }>(page, '/api/staff/catalogue/products?search=rice&active=yes&limit=100');
  const product = found.products.find((p) => p.marketplace_ids.length === 0 && p.tier2Id !== null && p.category_path.startsWith('Food > ') && /^[\w &.]+$/.test(p.name));
  expect(product, 'a Food storefront product not in the marketplace').toBeDefined();
  const { name, sku } = product as StaffProduct;

  // Karachi's tab: what its marketplace shows, and the listing panel set to Karachi.
  const cities = page.getByRole('navigation', { name: 'Cities' });
  await cities.getByRole('button', { name: /^Karachi/ }).click();
  await expect(cities.getByRole('button', { name: /^Karachi/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('checkbox', { name: 'Karachi' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Lahore' })).not.toBeChecked();
  const karachi = cities.getByRole('button', { name: /^Karachi/ });
  const before = Number((await karachi.textContent())?.match(/([\d,]+) products?/)?.[1]?.replace(/,/g, ''));
  expect(before).toBeGreaterThan(0);

  await page.getByLabel('A product (SKU or name)').fill(sku);
  await page.getByRole('button', { name: `List ${name} in Karachi` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name}: 1 listing made in Karachi.` })).toBeVisible();
  // The city's count moved by one, and the product is among its listed products.
  await expect(karachi).toContainText(`${(before + 1).toLocaleString('en-US')} products`);
  await page.getByLabel('Find (SKU or name)').fill(sku);
  const listed = page.getByRole('table', { name: 'Products listed in Karachi' });
  await expect(listed.getByRole('row', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
  await expect(listed.getByRole('button', { name: `Take ${name} out of Karachi` })).toBeVisible();

  // A guest, in a browser of their own, chooses Karachi and searches the marketplace for it.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const guestConsole = watchConsole(guest);
  await guest.goto('/bmpl');
  await guest.getByRole('banner').getByLabel('City').selectOption('Karachi');
  await guest.getByLabel('Search the marketplace').click();
  const box = guest.getByRole('combobox', { name: 'Search the marketplace' });
  await box.fill(name);
  const panel = guest.getByRole('listbox', { name: 'Search results' });
  await expect(panel.getByRole('option', { name: 'View All' })).toBeVisible();
  await panel.getByRole('option', { name: 'View All' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: `Search results for "${name}"` })).toBeVisible();
  const card = guest.getByRole('article', { name, exact: true });
  await expect(card).toBeVisible();

  // In Lahore the marketplace does not list it.
  await guest.getByRole('banner').getByLabel('City').selectOption('Lahore');
  await expect(guest.getByRole('banner').getByLabel('City')).toHaveValue('Lahore');
  const lahore = await apiData<{ products: { name: string }[] }>(guest, `/api/bmpl/search?city=Lahore&search=${encodeURIComponent(name)}&limit=200`);
  expect(lahore.products.map((p) => p.name)).not.toContain(name);
  await expect(guest.getByRole('article', { name, exact: true })).toHaveCount(0);

  guestConsole.expectClean();
  await guestContext.close();
  console.expectClean();
});
