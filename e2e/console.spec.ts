import { expect, type Page, test } from '@playwright/test';
import { signIn, watchConsole } from './console-watch.ts';

// The production build registers its service worker: let the browser do so as a person's would (the
// config blocks workers for specs that intercept requests, and Playwright warns in the console then).
test.use({ serviceWorkers: 'allow' });

// Issue 15, point 3 (SPEC 8): every route of SPEC 2's table, on the production build, signed out
// and signed in, leaves nothing in the console: no warning, no error, no failed request.
// The walks are split into halves that run in parallel (the two workers share the file, instead of one
// worker walking all of it at the end of the lane: docs/decisions/020-suite-time.md).
test.describe.configure({ timeout: 240_000, mode: 'parallel' });

interface Tree {
  name: string;
  slug?: string;
  children: { name: string }[];
}
interface Product {
  slug: string;
  category_slug: string;
  subcategory_slug: string | null;
  discount_threshold: number | null;
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9&]+/g, '-');

/** The route table with real slugs from the demo data (read through the API, not the page). */
async function routes(page: Page): Promise<string[]> {
  const tree = ((await (await page.request.get('/api/bmpl/categories/tree')).json()) as { data: Tree[] }).data;
  const list = ((await (await page.request.get('/api/bmpl/products?city=Lahore&limit=200')).json()) as { data: { products: Product[] } }).data.products;
  const parent = tree.find((c) => c.children.length > 0) as Tree;
  const product = list.find((p) => p.subcategory_slug && p.discount_threshold == null) as Product;
  expect(parent && product).toBeTruthy();
  const [l2, l3, name] = [product.category_slug, product.subcategory_slug as string, product.slug];
  return [
    '/',
    '/home',
    '/bmpl',
    '/bmpl/search?searchValue=basmati-rice',
    `/bmpl/category/${slug(parent.name)}/`,
    `/bmpl/category/${slug(parent.name)}/${slug(parent.children[0]?.name ?? '')}/`,
    `/bmpl/category/${l2}/${l3}/productdetail/${name}`,
    `/bmpl/category/${l2}/productdetail/${name}`,
    `/bmpl/${l2}/${l3}/productdetail/${name}`,
    `/bmpl/productdetail/${name}`,
    `/${l2}/${l3}/productdetail/${name}`,
    '/productDetail',
    '/productDetails',
    '/categories',
    '/business',
    '/business/1',
    '/businessProducts',
    '/sign-up',
    '/sign-up-2',
    '/sign-up-3',
    '/sign-in',
    '/reset-password',
    '/otp',
    '/confirm-password',
    '/cart',
    '/accountInfo',
    '/userInfo',
    '/orders',
    '/pending',
    '/ledgers',
    '/quick-order',
    '/order-lists',
    // The demo's weekly list of Demo Kiryana Traders (issue 21).
    '/order-lists/1',
    '/privacypolicy',
    '/termsAndConditions',
    '/faqs',
    '/feedback',
    '/pageNotFound',
    '/no-such-page',
  ];
}

async function visitAll(page: Page, paths: string[]) {
  const watch = watchConsole(page);
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // The footer is on every page (SPEC 2): the page has rendered, not only loaded.
    await expect(page.getByRole('contentinfo')).toBeVisible();
    watch.expectClean(`visiting ${path}`);
  }
}

/** One half of the route table: the first (0) or the second (1). */
const half = (paths: string[], n: 0 | 1) => paths.slice(n * Math.ceil(paths.length / 2), (n + 1) * Math.ceil(paths.length / 2));

for (const n of [0, 1] as const) {
  test(`signed out (a guest session opens by itself): every route leaves the console clean, half ${n + 1} of 2`, async ({ page }) => {
    await visitAll(page, half(await routes(page), n));
  });

  test(`signed in as the Orderer: every route leaves the console clean, half ${n + 1} of 2`, async ({ page }) => {
    const paths = half(await routes(page), n);
    const watch = watchConsole(page);
    await signIn(page, 'orderer@demo.pk');
    watch.expectClean('signing in');
    await visitAll(page, paths);
  });
}

test('signed in as the Approver: the routes that differ for an Approver leave the console clean', async ({ page }) => {
  const watch = watchConsole(page);
  await signIn(page, 'approver@demo.pk');
  watch.expectClean('signing in');
  await visitAll(page, ['/pending', '/orders', '/ledgers', '/cart', '/userInfo', '/order-lists', '/order-lists/1', '/quick-order']);
});

test('pages that take navigation state, reached by clicking, leave the console clean', async ({ page }) => {
  const watch = watchConsole(page);
  await page.goto('/home');
  // /productDetails from a product card of the storefront.
  await page.getByRole('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/productDetails(\?|$)/);
  await page.waitForLoadState('networkidle');
  // /businessProducts through the business-type browser.
  await page.goto('/business');
  await page.getByRole('main').getByRole('link').first().click();
  await page.waitForLoadState('networkidle');
  watch.expectClean('state pages');
});
