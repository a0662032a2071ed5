import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './a11y.ts';
import { apiGet, apiSignIn, cartItems, type Priced, priced as pricedFor, signIn } from './person.ts';

// Issue 21: buyers who order the same things every week. Reorder from Order History, quick order by
// SKU (pasted from a spreadsheet), order lists an Owner keeps and an Orderer orders from.
// People sign in through the form; what the tests compare against comes from a separate API client.
// The demo's order of last week by the Owner of Demo Kiryana Traders (seed/reorder.ts): one of its
// products has sold out since.
const LAST_WEEK = 'ORD-2024-000019';
test.describe.configure({ timeout: 120_000 });

const signInAs = signIn;

/** Products priced for the Owner's business through the cart's own price call (not the feature under test). */
async function priced(request: APIRequestContext, ids: number[]): Promise<Priced[]> {
  return pricedFor(request, await apiSignIn(request, 'owner@demo.pk'), ids);
}

/** The product ids of one of the Owner's orders, read through Order History's own call. */
async function orderProductIds(request: APIRequestContext, number: string): Promise<number[]> {
  const orders = await apiGet<{ order_number: string; order_details: { product_id: number }[] }[]>(request, await apiSignIn(request, 'owner@demo.pk'), '/api/read/Orders');
  return orders.find((o) => o.order_number === number)?.order_details.map((d) => d.product_id) ?? [];
}

async function placeOrder(page: Page) {
  await page.getByRole('button', { name: 'Review Payment and Address' }).click();
  await expect(page.getByRole('heading', { name: 'Check Out', level: 1 })).toBeVisible();
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/write/Orders') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place order' }).click();
  const answer = await placed;
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).data as { order_number: string; status: string; order_details: { product_id: number; quantity: number }[] };
}

test("a buyer reorders last week's order: the line now out of stock is named, the rest goes in the cart at today's prices", { tag: '@width-independent' }, async ({ page, request }) => {
  await signInAs(page, 'owner@demo.pk');
  const ids = await orderProductIds(request, LAST_WEEK);
  const today = await priced(request, ids);
  const soldOut = today.find((p) => p.stock === 0);
  expect(soldOut, 'last week order has a product out of stock now').toBeTruthy();
  const inStock = today.filter((p) => p.stock > 0);

  await page.goto('/orders');
  const card = page.getByRole('listitem', { name: `Order ${LAST_WEEK}` });
  await card.getByRole('button', { name: `Reorder ${LAST_WEEK}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reorder ${LAST_WEEK}` });
  const lines = dialog.getByRole('list', { name: `Lines of ${LAST_WEEK}` });
  const soldOutLine = lines.getByRole('listitem', { name: soldOut?.name, exact: true });
  await expect(soldOutLine).toContainText(`${soldOut?.name} is out of stock.`);
  await expect(soldOutLine).toContainText('Not added');
  await expect(soldOutLine.getByRole('checkbox')).toBeDisabled();
  // Every other line at today's price, ticked.
  for (const p of inStock) {
    const line = lines.getByRole('listitem', { name: p.name, exact: true });
    await expect(line.getByRole('checkbox')).toBeChecked();
    await expect(line).toContainText(`Rs. ${Math.round(Number(p.unit_price)).toLocaleString('en-US')}`);
  }
  await dialog.getByRole('button', { name: `Add ${inStock.length} products to cart` }).click();

  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartItems(page).getByRole('listitem')).toHaveCount(inStock.length);
  await expect(cartItems(page).getByRole('listitem', { name: soldOut?.name, exact: true })).toHaveCount(0);
  const order = await placeOrder(page);
  expect(order.status).toBe('In Process');
  expect(order.order_details.map((d) => d.product_id).sort()).toEqual(inStock.map((p) => p.id).sort());
  await expect(page.getByRole('dialog')).toContainText('Order Confirmed');
});

test('quick order: 20 rows pasted from a spreadsheet, one unknown SKU fixed, the order placed', { tag: '@width-independent' }, async ({ page, context, request }) => {
  await signInAs(page, 'owner@demo.pk');
  const products = (await priced(request, Array.from({ length: 120 }, (_, i) => i + 1))).filter((p) => p.stock >= 5 && Number(p.unit_price) < 3000);
  expect(products.length).toBeGreaterThanOrEqual(21);
  const rows = products.slice(0, 20).map((p, i) => ({ sku: p.sku, quantity: (i % 3) + 1 }));
  const fix = products[20] as Priced;
  rows[6] = { sku: 'SKU-999999', quantity: 2 };
  const sheet = ['SKU\tQuantity', ...rows.map((r) => `${r.sku}\t${r.quantity}`)].join('\r\n');

  await page.goto('/quick-order');
  await expect(page.getByRole('heading', { name: 'Quick order', level: 1 })).toBeVisible();
  // The spreadsheet's rows on the clipboard: typed into a text box, selected and copied with Ctrl+C (the
  // box is emptied again), then pasted with Ctrl+V into the first row's field.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByText('Paste or upload rows').click();
  const scratch = page.getByLabel('Rows from a spreadsheet (SKU and quantity, tab or comma separated)');
  await scratch.fill(sheet);
  await scratch.press('ControlOrMeta+A');
  await scratch.press('ControlOrMeta+C');
  await scratch.fill('');
  await page.getByText('Paste or upload rows').click();
  await page.getByLabel('SKU or product name, row 1', { exact: true }).click();
  await page.keyboard.press('ControlOrMeta+V');

  const status = page.getByRole('status').filter({ hasText: /rows:/ });
  await expect(status).toHaveText('20 rows: 19 found, 1 with a problem');
  const pad = page.getByRole('list', { name: 'Quick order rows' });
  await expect(pad.getByRole('listitem', { name: 'Row 7', exact: true })).toContainText('No product matches "SKU-999999".');
  await expect(pad.getByRole('listitem', { name: 'Row 1', exact: true })).toContainText(products[0]?.name ?? '');
  await expect(page.getByRole('button', { name: 'Add 19 products to cart' })).toBeVisible();

  // Fix the unknown SKU; Enter moves to the next row.
  const row7 = page.getByLabel('SKU or product name, row 7', { exact: true });
  await row7.fill(fix.sku);
  await row7.press('Enter');
  await expect(page.getByLabel('SKU or product name, row 8', { exact: true })).toBeFocused();
  await expect(status).toHaveText('20 rows: 20 found');
  await expect(pad.getByRole('listitem', { name: 'Row 7', exact: true })).toContainText(fix.name);
  await page.getByRole('button', { name: 'Add 20 products to cart' }).click();

  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartItems(page).getByRole('listitem')).toHaveCount(20);
  const order = await placeOrder(page);
  expect(order.order_details).toHaveLength(20);
  const wanted = new Map(rows.map((r, i) => [i === 6 ? fix.id : (products[i] as Priced).id, r.quantity]));
  for (const d of order.order_details) expect(d.quantity).toBe(wanted.get(d.product_id));
  await expect(page.getByRole('dialog')).toContainText('Order Confirmed');
});

test('quick order: a CSV file fills the rows, a name is found despite a typo, each row priced before the cart', { tag: '@width-independent' }, async ({ page, request }) => {
  await signInAs(page, 'owner@demo.pk');
  const [a, b] = (await priced(request, Array.from({ length: 40 }, (_, i) => i + 1))).filter((p) => p.stock >= 5);
  await page.goto('/quick-order');
  await page.getByText('Paste or upload rows').click();
  const csv = `sku,quantity\n"${a?.sku}",2\n${b?.sku.toLowerCase()},1\nbasmti rice,3\n`;
  await page.getByLabel('Upload a CSV file').setInputFiles({ name: 'week.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('status').filter({ hasText: /rows:/ })).toHaveText('3 rows: 3 found');
  const pad = page.getByRole('list', { name: 'Quick order rows' });
  await expect(pad.getByRole('listitem', { name: 'Row 1', exact: true })).toContainText(`${a?.name}`);
  await expect(pad.getByRole('listitem', { name: 'Row 2', exact: true })).toContainText(`${b?.name}`);
  const byName = pad.getByRole('listitem', { name: 'Row 3', exact: true });
  await expect(byName).toContainText('found by name');
  await expect(byName).toContainText(/basmati rice/i);
  await expect(page.getByRole('button', { name: 'Add 3 products to cart' })).toBeEnabled();
});

test("an Orderer orders from the Owner's list and the order waits for approval over the limit", { tag: '@width-independent' }, async ({ page }, testInfo) => {
  const name = `Weekly order (${testInfo.project.name} ${Date.now()})`;
  // The Owner keeps last week's order as a list.
  await signInAs(page, 'owner@demo.pk');
  await page.goto('/orders');
  await page.getByRole('listitem', { name: `Order ${LAST_WEEK}` }).getByRole('button', { name: `Save ${LAST_WEEK} as order list` }).click();
  const save = page.getByRole('dialog', { name: 'Save as order list' });
  await save.getByLabel('List name').fill(name);
  await save.getByRole('button', { name: 'Save list' }).click();
  await expect(page).toHaveURL(/\/order-lists\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // The Orderer finds it in the navigation, reads it and cannot change it.
  await signInAs(page, 'orderer@demo.pk');
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'Order Lists' }).click();
  await expect(page).toHaveURL(/\/order-lists$/);
  await page.getByRole('list', { name: 'Order lists' }).getByRole('link', { name: new RegExp(name.replace(/[()]/g, '\\$&')) }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit list' })).toHaveCount(0);
  const items = page.getByRole('list', { name: `Products of ${name}` });
  await expect(items.getByText(/is out of stock\.$/)).toHaveCount(1);
  // SPEC 4 told ahead: the whole list is above the Orderer's Rs. 50,000.
  await expect(page.getByText('Paying Cash, this comes to more than your limit of Rs. 50,000: the order will wait for an Approver.')).toBeVisible();
  await page.getByRole('button', { name: 'Add the whole list to cart' }).click();

  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartItems(page).getByRole('listitem')).toHaveCount(6);
  const order = await placeOrder(page);
  expect(order.status).toBe('Pending');
  // SPEC 4: a pending order goes to /home; the Approver sees it waiting.
  await expect(page).toHaveURL(/\/home$/);
  await signInAs(page, 'approver@demo.pk');
  await page.goto('/pending');
  await expect(page.getByText(order.order_number).first()).toBeVisible();
});

test('the Owner keeps a list: a product found by a misspelt name at a usual quantity, saved, then the list deleted', { tag: '@width-independent' }, async ({ page }, testInfo) => {
  const name = `Kitchen (${testInfo.project.name} ${Date.now()})`;
  await signInAs(page, 'owner@demo.pk');
  await page.goto('/order-lists');
  await page.getByLabel('New list').fill(name);
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('heading', { name: 'Edit list', level: 1 })).toBeVisible();
  // A few letters of a name, with a typo: the catalogue's search finds it.
  await page.getByLabel('SKU or product name').fill('basmti rice');
  await page.getByLabel('Usual qty').fill('6');
  await page.getByLabel('Usual qty').press('Enter');
  const found = page.getByRole('button', { name: 'Add to list' });
  await found.click();
  const onList = page.getByRole('list', { name: 'Products on the list' });
  await expect(onList.getByRole('listitem')).toHaveCount(1);
  await expect(onList.getByRole('textbox', { name: /^Usual quantity of / })).toHaveValue('6');
  await page.getByRole('button', { name: 'Save list' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('1 product ·')).toBeVisible();

  await page.getByRole('button', { name: 'Edit list' }).click();
  await page.getByRole('button', { name: 'Delete list' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete list' }).click();
  await expect(page).toHaveURL(/\/order-lists$/);
  await expect(page.getByRole('link', { name: new RegExp(name.replace(/[()]/g, '\\$&')) })).toHaveCount(0);
});

test('Buy again on the home page, and the new pages without serious accessibility violations', async ({ page }) => {
  await signInAs(page, 'owner@demo.pk');
  await page.goto('/home');
  const buyAgain = page.getByRole('region', { name: 'Buy again' });
  await expect(buyAgain.getByRole('article')).toHaveCount(8);
  await expect(buyAgain.getByRole('link', { name: 'Quick order' })).toBeVisible();
  for (const path of ['/quick-order', '/order-lists', '/order-lists/1']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect((await seriousViolations(page, { include: 'main' })).map((v) => `${path} ${v}`)).toEqual([]);
  }
  await page.goto('/orders');
  await page.getByRole('button', { name: `Reorder ${LAST_WEEK}` }).click();
  await expect(page.getByRole('dialog').getByRole('list')).toBeVisible();
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
});
