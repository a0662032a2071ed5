import { expect, type Page, test } from '@playwright/test';
import { signIn, watchConsole } from './console-watch.ts';

// The production build registers its service worker: let the browser do so as a person's would (the
// config blocks workers for specs that intercept requests, and Playwright warns in the console then).
test.use({ serviceWorkers: 'allow' });

// Issue 15, "The storefront in a real buyer's hands", points 1 to 9: real clicks and key presses,
// at 1280 px (desktop) and 375 px (mobile).
test.describe.configure({ timeout: 90_000 });

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** Documents the browser loads after the first: a full page load, which in-app links must never cause. */
function countPageLoads(page: Page): { count(): number } {
  let loads = 0;
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads += 1;
  });
  return { count: () => loads };
}

const accountMenu = (page: Page) => page.getByRole('button', { name: 'Account menu' });

test('point 1 and 6: every account menu entry works by mouse and keyboard, in the app, and Sign Out signs out', async ({ page }) => {
  await signIn(page, 'orderer@demo.pk');
  const loads = countPageLoads(page);
  const entries: [string, RegExp, string][] = [
    ['Account Information', /\/userInfo$/, 'Account Information'],
    ['Order History', /\/orders$/, 'Order History'],
    ['Pending Approvals', /\/pending$/, 'Pending Approvals'],
    ['Outstandings', /\/ledgers$/, 'Outstandings'],
  ];
  for (const [label, url, heading] of entries) {
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: label }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  // The keyboard: open with Enter, move with the arrow keys, choose with Enter.
  await accountMenu(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Account Information' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  // A person sees the highlight move before pressing Enter (on a loaded machine an arrow key pressed
  // while the menu still settled its first focus was lost, and Enter chose the first entry).
  await expect(page.getByRole('menuitem', { name: 'Order History' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orders$/);
  // Escape closes it without choosing.
  await accountMenu(page).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page).toHaveURL(/\/orders$/);
  expect(loads.count(), 'a menu link reloaded the whole page').toBe(0);

  // Sign Out with the mouse: storage cleared, /sign-in, a guest again.
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await accountMenu(page).click();
  await expect(page.getByRole('menu')).toContainText('Guest account');
  await expect(page.getByRole('menuitem', { name: 'Order History' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The storefront's links navigate in the app too.
  await page.getByRole('link', { name: 'Shop by Categories' }).click();
  await expect(page).toHaveURL(/\/categories$/);
  expect(loads.count()).toBe(0);
});

test('point 1: Sign Out from the menu works by keyboard too', async ({ page }) => {
  await signIn(page, 'owner@demo.pk');
  await accountMenu(page).focus();
  await page.keyboard.press('Enter');
  // As a person does: the menu is seen open before the next key.
  await expect(page.getByRole('menuitem', { name: 'Account Information' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('point 2: an Orderer on /pending goes to /home and /cart with the approver flag; only approving is refused', async ({ page }) => {
  await signIn(page, 'orderer@demo.pk');
  await page.goto('/pending');
  const detail = page.getByRole('region', { name: /^Order ORD-/ });
  await expect(detail).toBeVisible();
  const number = ((await detail.getByRole('heading', { level: 2 }).textContent()) ?? '').trim();

  await detail.getByRole('button', { name: 'Edit Order' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/pending');
  await detail.getByRole('button', { name: 'Review And Payment Address' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(`Reviewing pending order ${number}`)).toBeVisible();
  await expect(page.getByText('Placing it sends the changed order again.')).toBeVisible();
  // Place order's rules apply: the Orderer sends the same order again, still over the limit: Pending, to /home.
  await page.getByRole('button', { name: 'Review Payment and Address' }).click();
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/write/Orders') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place order' }).click();
  const answer = await placed;
  expect(answer.status()).toBe(200);
  const order = (await answer.json()).data as { order_number: string; status: string };
  expect(order).toMatchObject({ order_number: number, status: 'Pending' });
  await expect(page).toHaveURL(/\/home$/);

  // Approve and reject stay the Approver's.
  await page.goto('/pending');
  await page.getByRole('region', { name: /^Order ORD-/ }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('dialog')).toContainText('You cannot approve order!');
});

test('point 4: an unknown marketplace category shows the not-found page with a clean console', async ({ page }) => {
  const watch = watchConsole(page);
  await page.goto('/bmpl');
  await page.waitForLoadState('networkidle');
  for (const path of ['/bmpl/category/no-such-category/', '/bmpl/category/rice-&-grains/no-such-subcategory/']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/pageNotFound$/);
    await expect(page.getByText("Sorry, the page you're looking for may have been moved or is no longer available.")).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // A known one still opens.
  await page.goto('/bmpl/category/rice-&-grains/');
  await expect(page.getByRole('heading', { level: 1, name: 'Rice & Grains' })).toBeVisible();
  watch.expectClean();
});

test('point 5: the top bar fits the screen: greeting, Sign Out and every link in view', async ({ page }) => {
  await signIn(page, 'orderer@demo.pk');
  const bar = page.getByRole('banner');
  const shop = bar.getByRole('navigation', { name: 'Shop' });
  for (const name of ['Shop by Business', 'Shop by Categories', 'Profile', 'Buy More Pay Less']) {
    await expect(shop.getByRole('link', { name })).toBeInViewport({ ratio: 1 });
  }
  await expect(accountMenu(page)).toBeInViewport({ ratio: 1 });
  await expect(bar.getByText('Hello,').filter({ visible: true })).toBeInViewport({ ratio: 1 });
  await expect(bar.getByText('Hello,').filter({ visible: true })).toHaveText(/^Hello, \S+/);
  if (isMobile(page)) {
    const signOut = shop.getByRole('button', { name: 'Sign Out' });
    await expect(signOut).toBeInViewport({ ratio: 1 });
    await signOut.click();
    await expect(page).toHaveURL(/\/sign-in$/);
  }
  // Nothing in the bar reaches past the right edge (no sideways scrolling).
  const width = page.viewportSize()?.width ?? 0;
  for (const box of [await bar.boundingBox(), await shop.boundingBox()]) expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
});

test('point 7: counts read right: 1 item, 2 items', async ({ page }) => {
  await page.goto('/home');
  const grid = page.getByRole('region', { name: 'Most Viewed Products' });
  const addable = grid.getByRole('article').filter({ has: page.getByRole('button', { name: 'Add to cart', disabled: false }) }).first();
  const card = grid.getByRole('article', { name: (await addable.getAttribute('aria-label')) ?? '', exact: true });
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('button', { name: 'Cart, 1 item', exact: true })).toBeVisible();
  await card.getByRole('button', { name: /^Increase quantity of/ }).click();
  await page.getByRole('button', { name: 'Cart, 2 items', exact: true }).click();
  await expect(page.getByText('2 items', { exact: true })).toBeVisible();
  // The cart page counts the same way, down to one.
  await page.getByRole('link', { name: 'Review Payment and Address' }).click();
  const line = page.getByRole('list', { name: 'Cart items' });
  await expect(page.getByRole('main').getByText('2 items', { exact: true })).toBeVisible();
  await line.getByRole('button', { name: /^Decrease quantity of/ }).click();
  await expect(page.getByRole('main').getByText('1 item', { exact: true })).toBeVisible();
});

test('point 8: an order placed at 02:00 Pakistan time shows its Pakistan date', { tag: '@width-independent' }, async ({ page }) => {
  await signIn(page, 'orderer@demo.pk');
  const listed = page.waitForResponse((r) => r.url().includes('/api/read/Orders') && r.request().method() === 'GET');
  await page.goto('/orders');
  const orders = (await (await listed).json()).data as { order_number: string; created_on: string }[];
  // The demo's night order (seed: 02:00 Pakistan time): its UTC date is the day before.
  const night = orders.find((o) => /T02:00:00\.000\+05:00$/.test(o.created_on));
  expect(night, 'the demo data has an order placed at 02:00 Pakistan time').toBeTruthy();
  const date = (night?.created_on ?? '').split('T')[0] as string;
  const utcDate = new Date(night?.created_on ?? '').toISOString().slice(0, 10);
  expect(utcDate).not.toBe(date);
  const card = page.getByRole('listitem', { name: `Order ${night?.order_number}` });
  await expect(card).toContainText(date);
  await expect(card).not.toContainText(utcDate);
  // Every date on the page carries the offset, so the date part is the buyer's.
  expect(orders.every((o) => o.created_on.endsWith('+05:00'))).toBe(true);
});

test('point 9: a quantity above the stock is told as it is set, on the product page and in the cart', { tag: '@width-independent' }, async ({ page }) => {
  const listed = page.waitForResponse((r) => r.url().includes('/api/custom_route/get_products_by_categories') && r.url().includes('viewed_count__DESC'));
  await page.goto('/home');
  const first = ((await (await listed).json()).data.products as { name: string; stock: number }[]).slice(0, 8);
  const product = first.find((p) => p.stock > 0 && p.stock < 9998);
  if (!product) throw new Error('no in-stock product among the first 8');
  const notice = `Only ${product.stock.toLocaleString('en-US')} ${product.stock === 1 ? 'piece' : 'pieces'} in stock`;
  const card = page.getByRole('region', { name: 'Most Viewed Products' }).getByRole('article', { name: product.name });
  await card.getByRole('link', { name: product.name }).first().click();
  await expect(page).toHaveURL(/\/productDetails/);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Add to cart' }).first().click();
  const qty = main.getByRole('textbox', { name: `Quantity of ${product.name}`, exact: true });
  await qty.fill(String(product.stock + 1));
  // Told while typing, before anything is placed.
  await expect(main.getByRole('alert')).toHaveText(notice);
  await qty.press('Enter');
  await expect(main.getByRole('alert')).toHaveText(notice);
  await expect(main.getByRole('button', { name: `Increase quantity of ${product.name}` })).toBeDisabled();
  // Back within the stock: the notice goes.
  await qty.fill(String(product.stock));
  await qty.press('Enter');
  await expect(main.getByRole('alert')).toHaveCount(0);

  await page.goto('/cart');
  const line = page.getByRole('list', { name: 'Cart items' });
  const cartQty = line.getByRole('textbox', { name: `Quantity of ${product.name}`, exact: true });
  await cartQty.fill(String(product.stock + 1));
  await cartQty.press('Tab');
  await expect(line.getByRole('alert')).toHaveText(notice);
});

test('a page opened by its address opens at its top, not where the page before it was scrolled', async ({ page }) => {
  const watch = watchConsole(page);
  await page.goto('/productDetails?id=1');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Add to cart' }).first().click();
  await expect(main.getByRole('textbox', { name: /^Quantity of / })).toBeVisible();
  // Down the page to its foot, as a buyer reading on: a click on the product's name first, so the key
  // scrolls the page rather than moving the caret in the quantity box the click on Add to cart put it in;
  // End again while the page still grows (the related products arrive after the product).
  const name = main.getByRole('heading', { level: 1 });
  await name.click();
  await expect(main.getByRole('heading', { name: 'Related products' })).toBeVisible();
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(name).not.toBeInViewport({ timeout: 5_000 });
    await expect(page.getByRole('contentinfo')).toBeInViewport({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  // The cart opened by its address (typed, a bookmark, a link from a message): its heading and line in view.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeInViewport();
  await expect(page.getByRole('list', { name: 'Cart items' })).toBeInViewport();
  watch.expectClean('opening pages by their address');
});
