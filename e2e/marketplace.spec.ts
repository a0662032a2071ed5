import { expect, type Page, test } from '@playwright/test';

// Issue 6: the Buy More Pay Less marketplace, at both widths (projects desktop and mobile).

interface Product {
  id: number;
  name: string;
  slug: string;
  category_slug: string;
  subcategory_slug: string | null;
  discount_threshold: number | null;
  price: string;
}
interface Detail extends Product {
  bmpl_products_city: Array<{ city: string }>;
}

const CITIES = ['Lahore', 'Islamabad', 'Multan', 'Faisalabad', 'Karachi'];
const productUrl = (p: Product) => `/bmpl/category/${p.category_slug}/${p.subcategory_slug}/productdetail/${p.slug}`;

async function apiData<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.ok(), url).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

async function lahoreProducts(page: Page) {
  return (await apiData<{ products: Product[] }>(page, '/api/bmpl/products?city=Lahore&limit=200')).products;
}

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** On mobile the filter panel is a dropdown: open it first. */
async function openFilters(page: Page) {
  if (isMobile(page)) await page.getByRole('button', { name: 'Filter' }).click();
}

test('home: carousel, six featured tiles, strips, popular categories and the landing grid, in at most 6 API requests', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(r.url());
  });
  await page.goto('/bmpl');
  await expect(page.getByRole('region', { name: 'Offers' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Featured Categories' }).getByRole('link')).toHaveCount(6);
  await expect(page.getByRole('region', { name: 'Popular Categories' }).getByRole('link')).toHaveCount(6);
  const landing = page.locator('section', { has: page.getByRole('heading', { name: 'Buy More Pay Less' }) });
  // The landing grid loads when scrolled near.
  await landing.getByRole('heading', { name: 'Buy More Pay Less' }).scrollIntoViewIfNeeded();
  await expect(landing.getByRole('listitem')).toHaveCount(40);
  await page.waitForLoadState('networkidle');
  // Issue 6: the home makes at most 5 API requests (one call for all strips); issue 35 added the 6th,
  // the active cities (GET /api/cities, the database's, no longer a constant in the bundle), asked
  // once per visit and shared with the storefront's city choice.
  expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(6);
  await landing.getByRole('button', { name: 'See More' }).click();
  await expect(landing.getByRole('listitem')).toHaveCount(56);
  // A strip shows 6 products on desktop and 4 on mobile.
  const strip = page.getByRole('region', { name: 'Rice & Grains' });
  await expect(strip.getByRole('article')).toHaveCount(isMobile(page) ? 4 : 6);
  await strip.getByRole('link', { name: 'See More Rice & Grains' }).click();
  await expect(page).toHaveURL(/\/bmpl\/category\/rice-&-grains\/$/);
});

test('city change: kept under City, prices and lists follow the city', async ({ page }) => {
  await page.goto('/bmpl/category/rice-&-grains/');
  await expect(page.getByText(/products in Lahore/)).toBeVisible();
  await page.getByRole('banner').getByLabel('City').selectOption('Karachi');
  await expect(page.getByText(/products in Karachi/)).toBeVisible();
  // What the app stored under City (read, never written); the reload below shows it kept.
  expect(await page.evaluate(() => localStorage.getItem('City'))).toBe('Karachi');
  const rice = await apiData<{ category: { id: number } }>(page, '/api/bmpl/categories/resolve?category=rice-grains');
  const karachi = await apiData<{ products: Product[] }>(page, `/api/bmpl/products?city=Karachi&category=${rice.category.id}&limit=1`);
  const first = karachi.products[0] as Product;
  await expect(page.getByRole('article', { name: first.name })).toContainText(`Rs. ${Math.round(Number(first.price)).toLocaleString('en-US')}`);
  await page.reload();
  await expect(page.getByRole('banner').getByLabel('City')).toHaveValue('Karachi');
});

test('category drill-down: subcategory, brand chips, Apply, sort, breadcrumb reset', async ({ page }) => {
  await page.goto('/bmpl/category/rice-&-grains/');
  await expect(page.getByRole('heading', { level: 1, name: 'Rice & Grains' })).toBeVisible();
  await openFilters(page);
  await page.getByRole('radio', { name: 'Basmati Rice' }).check();
  await page.getByRole('checkbox', { name: 'Guard' }).check();
  await expect(page.getByRole('button', { name: 'Remove Guard' })).toBeVisible();
  await expect(page.getByRole('slider', { name: 'From Rs.' })).toBeVisible();
  await expect(page.getByRole('slider', { name: 'To Rs.' })).toBeVisible();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/bmpl\/category\/rice-&-grains\/basmati-rice\/\?brands=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Basmati Rice' })).toBeVisible();
  const cards = page.getByRole('article');
  // The router commits the new address before React replaces the grid: read the cards until the
  // grid is the filtered one (every card Guard), which fails if it never becomes so.
  await expect.poll(async () => {
    const texts = await cards.allInnerTexts();
    return texts.length > 0 && texts.every((text) => text.includes('Guard'));
  }).toBe(true);

  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
    await page.getByRole('button', { name: 'Sort' }).click();
    // Only one of the two dropdowns is open at a time.
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
    await page.getByRole('radio', { name: 'Price Low to High' }).click();
  } else {
    await page.getByLabel('Sort By').selectOption({ label: 'Price Low to High' });
  }
  await expect(page).toHaveURL(/sort=price_asc/);
  // As above: the sorted grid replaces the previous one a moment after the address changes.
  await expect.poll(async () => {
    const prices = (await page.getByTestId('price').allInnerTexts()).map((t) => Number(t.replace(/\D/g, '')));
    return prices.length > 1 && prices.every((price, i) => i === 0 || (prices[i - 1] as number) <= price);
  }).toBe(true);

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Rice & Grains' }).click();
  await expect(page).toHaveURL(/\/bmpl\/category\/rice-&-grains\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rice & Grains' })).toBeVisible();
});

test('category page: empty state for a price range with nothing in it; unknown slugs go to /pageNotFound', async ({ page }) => {
  await page.goto('/bmpl/category/rice-&-grains/?min=1&max=2');
  await expect(page.getByText('No Products Found !!!')).toBeVisible();
  await page.goto('/bmpl/category/rice-&-grains/?min=abc&max=9&brands=999999');
  await expect(page.getByText('No Products Found !!!')).toBeVisible();
  for (const path of ['/bmpl/category/no-such-category/', '/bmpl/category/rice%2Fgrains/', `/bmpl/category/${'x'.repeat(250)}/`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/pageNotFound$/);
  }
});

test('search: panel after a 2 s pause, View All, the search page and no matches', async ({ page }) => {
  await page.goto('/bmpl');
  // The box becomes the combobox as it is clicked (marketplace-search.tsx).
  await page.getByLabel('Search the marketplace').click();
  const box = page.getByRole('combobox', { name: 'Search the marketplace' });
  await box.fill('zzqxv');
  await expect(page.getByText("Sorry! We couldn't find any matches for zzqxv")).toBeVisible();
  await box.fill('basmati rice');
  const panel = page.getByRole('listbox', { name: 'Search results' });
  await expect(panel.getByRole('option', { name: 'View All' })).toBeVisible();
  await panel.getByRole('option', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/bmpl\/search\?searchValue=basmati-rice$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for "basmati rice"' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  for (const text of (await cards.allInnerTexts()).slice(0, 10)) expect(text.toLowerCase()).toContain('basmati');
  await openFilters(page);
  await expect(page.getByRole('radio', { name: 'Basmati Rice' })).toBeVisible();
});

test('product detail without a threshold, opened directly from its URL', async ({ page }) => {
  const product = (await lahoreProducts(page)).find((p) => p.discount_threshold === null && p.subcategory_slug) as Product;
  await page.goto(productUrl(product));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(`Buy ${product.name} at the Best Wholesale Prices in Pakistan`);
  await expect(page.getByText('Net Price')).toBeVisible();
  await expect(page.getByText('Tax Include')).toBeVisible();
  await expect(page.getByText('Gross Sell Price')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'BUY MORE PAY LESS' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('BMPL');
  await expect(page.getByRole('link', { name: 'Chat with a representative' })).toBeVisible();
  // The shorter path forms show the same product.
  await page.goto(`/bmpl/productdetail/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.goto('/bmpl/productdetail/no-such-product-anywhere');
  await expect(page).toHaveURL(/\/pageNotFound$/);
});

test('product detail with a threshold: the two-row table, Similar Products, and /productDetail from a card', async ({ page }) => {
  const product = (await lahoreProducts(page)).find((p) => p.discount_threshold !== null) as Product;
  await page.goto(productUrl(product));
  const table = page.getByRole('table', { name: 'Price per quantity' });
  await expect(table.getByRole('rowheader', { name: 'x1 Piece' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: `x${product.discount_threshold} Pieces` })).toBeVisible();
  await expect(table).toContainText('With Tax');
  await expect(table).toContainText('PKR');
  await expect(page.getByRole('heading', { name: 'Similar Products' })).toBeVisible();

  await page.goto('/bmpl');
  const landing = page.locator('section', { has: page.getByRole('heading', { name: 'Buy More Pay Less' }) });
  await landing.getByRole('heading', { name: 'Buy More Pay Less' }).scrollIntoViewIfNeeded();
  await landing.getByRole('link', { name: product.name }).first().click();
  await expect(page).toHaveURL(/\/productDetail$/);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // A fresh tab: no navigation state, so /productDetail sends the visitor to /bmpl.
  const fresh = await page.context().newPage();
  await fresh.goto('/productDetail');
  await expect(fresh).toHaveURL(/\/bmpl$/);
});

test('a city without a record for the product is refused with its message', async ({ page }) => {
  const products = await lahoreProducts(page);
  let target: { product: Product; missing: string } | null = null;
  for (const p of products.slice(50)) {
    const detail = await apiData<Detail>(page, `/api/bmpl/products/${p.id}`);
    const missing = CITIES.find((c) => !detail.bmpl_products_city.some((r) => r.city === c));
    if (missing) {
      target = { product: p, missing };
      break;
    }
  }
  if (!target) throw new Error('no product missing a city');
  await page.goto(productUrl(target.product));
  await expect(page.getByRole('heading', { level: 1, name: target.product.name })).toBeVisible();
  await page.getByRole('main').getByLabel('City').selectOption(target.missing);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(`This product is not available in ${target.missing}`);
  // The stored City is unchanged (read, never written): the refused choice was not kept.
  expect(await page.evaluate(() => localStorage.getItem('City') ?? 'Lahore')).toBe('Lahore');
  await expect(page.getByText('Gross Sell Price').or(page.getByText('x1 Piece'))).toBeVisible();
});

test('the mega-menu opens Food, its level-2 categories and level-3 links', async ({ page }) => {
  await page.goto('/bmpl');
  await page.getByRole('navigation', { name: 'Marketplace categories' }).getByRole('button', { name: 'Food' }).click();
  const menu = page.locator('#marketplace-mega-menu');
  if (isMobile(page)) {
    await menu.getByRole('button', { name: 'Tea & Coffee' }).click();
  } else {
    await menu.getByRole('link', { name: 'Tea & Coffee' }).hover();
  }
  await menu.getByRole('link', { name: 'Black Tea' }).click();
  await expect(page).toHaveURL(/\/bmpl\/category\/tea-&-coffee\/black-tea\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Black Tea' })).toBeVisible();
});

test('widening the window past 767 px reloads the page once; other resizes do not', async ({ page }) => {
  // Every document the page asks for, as the network shows it: a reload is one more.
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents.push(r.url());
  });
  /** A moment after resizing, as a person looks at the page: a media query change (and a reload) would start in it. */
  const settle = () => page.waitForTimeout(1_000);
  let loads = 0;
  page.on('load', () => loads++);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/bmpl/category/rice-&-grains/');
  await expect(page.getByRole('heading', { level: 1, name: 'Rice & Grains' })).toBeVisible();
  expect(loads).toBe(1);
  expect(documents).toHaveLength(1);
  // Narrow to narrow: no reload.
  await page.setViewportSize({ width: 700, height: 740 });
  await settle();
  expect(documents).toHaveLength(1);
  // Across 767 px: one reload, after which the page is wide and stays put.
  const reloaded = page.waitForEvent('load');
  await page.setViewportSize({ width: 1280, height: 800 });
  await reloaded;
  await expect(page.getByRole('heading', { level: 1, name: 'Rice & Grains' })).toBeVisible();
  expect(documents).toHaveLength(2);
  await settle();
  // Wide to wider, and back under 768 px: no reload.
  await page.setViewportSize({ width: 1400, height: 800 });
  await settle();
  await page.setViewportSize({ width: 500, height: 800 });
  await settle();
  expect(documents).toHaveLength(2);
  expect(loads).toBe(2);
});

// The marketplace's axe checks (home, category, subcategory, search, product) are modern-shop.spec's.

test('a renamed product: its old address answers 301 to the new one, and the app replaces an old address it navigates to', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the address rule does not depend on the width; the back office is used on desktops');
  test.setTimeout(90_000);
  // A Catalogue person (demo: no second factor) renames a marketplace product's storefront product.
  await page.goto('/staff/catalogue/products');
  await page.getByLabel('Email').fill('catalogue@staff.demo.pk');
  await page.getByLabel('Password').fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('SKU or product name')).toBeVisible();
  let picked: { product: Product; staffId: number } | null = null;
  for (const product of (await lahoreProducts(page)).slice(20)) {
    // (A card of a multi-piece discount item leads to /productDetail, not to the product's address.)
    if (!product.subcategory_slug || !/^[a-z0-9-]+$/.test(product.slug) || product.discount_threshold !== null) continue;
    const found = await apiData<{ products: Array<{ id: number; marketplace_ids: number[] }> }>(
      page,
      `/api/staff/catalogue/products?search=${encodeURIComponent(product.name)}&limit=20`,
    );
    const staffProduct = found.products.find((s) => s.marketplace_ids.includes(product.id));
    if (staffProduct) {
      picked = { product, staffId: staffProduct.id };
      break;
    }
  }
  expect(picked, 'a marketplace product sold as a storefront product').not.toBeNull();
  const { product, staffId } = picked as { product: Product; staffId: number };
  const newName = `${product.name} Value Pack`;
  // A buyer's tab, open since before the rename, shows the product among its search results.
  const shop = await page.context().newPage();
  await shop.goto(`/bmpl/search?searchValue=${encodeURIComponent(product.name)}`);
  const card = shop.getByRole('article', { name: product.name, exact: true }).first();
  await expect(card.getByRole('link', { name: product.name, exact: true })).toBeVisible();
  await page.bringToFront();
  await page.goto(`/staff/catalogue/products/${staffId}`);
  await page.getByLabel('Name', { exact: true }).fill(newName);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  const renamed = await apiData<Detail>(page, `/api/bmpl/products/${product.id}`);
  expect(renamed.name).toBe(newName);
  const oldUrl = productUrl(product);
  const newUrl = productUrl(renamed);
  expect(newUrl).not.toBe(oldUrl);

  // A full load of the old address (a bookmark, a search engine's link): the server answers 301.
  const response = await page.goto(oldUrl);
  const first = await response?.request().redirectedFrom()?.response();
  expect(first?.status()).toBe(301);
  expect(new URL(page.url()).pathname).toBe(newUrl);
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();

  // Inside the app (a link it still had): the buyer clicks the card in the tab open since before the
  // rename. No document is loaded; the address is replaced, not added.
  await shop.bringToFront();
  const searched = shop.url();
  const documents: string[] = [];
  shop.on('request', (r) => {
    if (r.isNavigationRequest()) documents.push(r.url());
  });
  await card.getByRole('link', { name: product.name, exact: true }).click();
  await expect(shop.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  expect(new URL(shop.url()).pathname).toBe(newUrl);
  expect(documents).toEqual([]);
  await shop.goBack();
  await expect(shop).toHaveURL(searched);
});
