import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './a11y.ts';
import { apiGet, apiSignIn, arriveAsGuest, cartItems, catalogueStaff, type Priced, priced, putInCart, signIn, signOut } from './person.ts';

// Issue 5: cart, checkout, orders, approvals and outstandings, against the demo data.
// Every test acts as a person does (the sign-in form, a product's Add to cart, the cart's quantity box);
// the prices, ledgers and credit compared against come from a separate API client (`request`).
// Several flows sign in as two users and place orders; the shared 2-core machine can be slow.
test.describe.configure({ timeout: 90_000 });
const LIMIT = 50_000;
const IDS = Array.from({ length: 200 }, (_, i) => i + 1);

/** Signs in through the form (a Guest: the session a first arrival opens). */
async function signInAs(page: Page, email: string | null) {
  if (email === null) await arriveAsGuest(page);
  else await signIn(page, email);
}

/** In-stock demo products priced for the user's business (the cart's own price call, by the API client). */
async function pricedProducts(request: APIRequestContext, email: string | null): Promise<Priced[]> {
  return (await priced(request, await apiSignIn(request, email), IDS)).filter((p) => p.stock > 0);
}

async function checkOut(page: Page) {
  await page.getByRole('button', { name: 'Review Payment and Address' }).click();
  await expect(page.getByRole('heading', { name: 'Check Out', level: 1 })).toBeVisible();
}

/** Places an Orderer's order of one product and returns its order number from the API. */
async function orderAs(page: Page, request: APIRequestContext, overLimit: boolean): Promise<string> {
  await signInAs(page, 'orderer@demo.pk');
  const products = await pricedProducts(request, 'orderer@demo.pk');
  const product = products.find((p) => {
    const unit = Number(p.unit_price);
    return overLimit ? p.stock * unit > LIMIT * 1.2 && unit < LIMIT : unit < LIMIT / 4 && p.stock >= 2;
  });
  if (!product) throw new Error('no suitable product in the demo data');
  const quantity = overLimit ? Math.floor(LIMIT / Number(product.unit_price)) + 1 : 1;
  await putInCart(page, product, quantity);
  await checkOut(page);
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/write/Orders') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place order' }).click();
  const body = await (await placed).json();
  expect(body.data.status).toBe(overLimit ? 'Pending' : 'In Process');
  return body.data.order_number;
}

test('a Guest is refused with the exact message and sees no tax breakdown', { tag: '@width-independent' }, async ({ page, request }) => {
  await signInAs(page, null);
  const [product] = await pricedProducts(request, null);
  await putInCart(page, product as Priced, 2);
  await checkOut(page);
  await expect(page.getByText('Total Bill')).toBeVisible();
  await expect(page.getByText('Delivery Fee')).toBeVisible();
  await expect(page.getByTestId('tax-total')).toHaveCount(0);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('dialog')).toContainText('You are not allowed place order');
});

test("an empty cart answers 'Order already checked' under Confirmation Message", { tag: '@width-independent' }, async ({ page }) => {
  await signInAs(page, 'orderer@demo.pk');
  await page.goto('/cart');
  await expect(page.getByText("Looks like you haven't made any choice yet!")).toBeVisible();
  await checkOut(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Confirmation Message' })).toBeVisible();
  await expect(dialog).toContainText('Order already checked');
});

test('cart behaviours: add again, minus removes at 1, typed 0 removes, kept across reloads, Clear Cart', { tag: '@width-independent' }, async ({ page, request }) => {
  await signInAs(page, 'orderer@demo.pk');
  const [a, b] = await pricedProducts(request, 'orderer@demo.pk');
  if (!a || !b) throw new Error('no products');
  await putInCart(page, a, 1);
  await putInCart(page, b, 1);
  await page.reload();
  const items = cartItems(page);
  await expect(items.getByRole('listitem')).toHaveCount(2);
  await items.getByRole('button', { name: `Increase quantity of ${a.name}`, exact: true }).click();
  await expect(items.getByRole('textbox', { name: `Quantity of ${a.name}`, exact: true })).toHaveValue('2');
  await items.getByRole('button', { name: `Decrease quantity of ${b.name}`, exact: true }).click();
  await expect(items.getByRole('listitem')).toHaveCount(1);
  const qa = items.getByRole('textbox', { name: `Quantity of ${a.name}`, exact: true });
  await qa.fill('0');
  await qa.blur();
  await expect(page.getByText("Looks like you haven't made any choice yet!")).toBeVisible();
  await putInCart(page, a, 3);
  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByText("Looks like you haven't made any choice yet!")).toBeVisible();
});

test('the Most Add to Cart strip shows 8, Load More adds 8, and Add to cart fills the cart', async ({ page }) => {
  await signInAs(page, 'orderer@demo.pk');
  await page.goto('/cart');
  const strip = page.getByRole('region', { name: 'Most Add to Cart' });
  await expect(strip.getByRole('article')).toHaveCount(8);
  await strip.getByRole('button', { name: 'Load More' }).click();
  await expect(strip.getByRole('article')).toHaveCount(16);
  const card = strip.getByRole('article').first();
  const name = (await card.getAttribute('aria-label')) ?? '';
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartItems(page).getByRole('listitem', { name, exact: true })).toBeVisible();
});

test("the ordering bar's cart dropdown lists the lines and leads to /cart", async ({ page, request }) => {
  await signInAs(page, 'orderer@demo.pk');
  await page.goto('/home');
  await page.getByRole('button', { name: /^Cart, 0 items/ }).click();
  await expect(page.getByText("Looks like you haven't made any choice yet!")).toBeVisible();
  const [a] = await pricedProducts(request, 'orderer@demo.pk');
  if (!a) throw new Error('no products');
  await putInCart(page, a, 3);
  await page.getByRole('button', { name: /^Cart, 3 items/ }).click();
  await page.getByRole('link', { name: 'Review Payment and Address' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('button', { name: /^Cart, 3 items/ }).click();
  await page.getByRole('button', { name: 'Clear Cart' }).first().click();
  await expect(page.getByRole('button', { name: /^Cart, 0 items/ })).toBeVisible();
});

test('a changed price is shown to the buyer when the cart opens', { tag: '@width-independent' }, async ({ page, request }) => {
  await signInAs(page, 'orderer@demo.pk');
  const buyer = await apiSignIn(request, 'orderer@demo.pk');
  const products = (await priced(request, buyer, IDS)).filter((p) => p.stock > 0);
  // A product the other tests of this file do not order (they take the first ones), a different one per
  // project (the two projects may run this test at the same time).
  const product = products.at(test.info().project.name === 'mobile' ? -2 : -1);
  if (!product || !buyer.user.businessId) throw new Error('no products');
  await putInCart(page, product, 1);
  // While it is in the cart, the Catalogue person gives the buyer's business its own price for it.
  const staff = await catalogueStaff(request);
  const price = String(Math.max(1, Math.round(Number(product.unit_price) / 2)));
  const added = await request.post('/api/staff/prices', { headers: staff, data: { kind: 'customer', business_id: buyer.user.businessId, product_id: product.id, price } });
  expect(added.status(), await added.text()).toBe(200);
  const priceId = (await added.json()).data.id as number;
  try {
    await expect.poll(async () => (await priced(request, buyer, [product.id]))[0]?.unit_price).toBe(`${price}.00`);
    await page.goto('/home');
    await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
    await page.getByRole('link', { name: 'Review Payment and Address' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const notice = page.getByRole('status').filter({ hasText: 'Prices have changed' });
    await expect(notice).toContainText(product.name);
    const rupees = (v: string) => `Rs. ${Math.round(Number(v)).toLocaleString('en-US')}`;
    await expect(notice).toContainText(`${rupees(product.unit_price)} → ${rupees(price)}`);
  } finally {
    const ended = await request.post(`/api/staff/prices/customer/${priceId}/end`, { headers: staff, data: {} });
    expect(ended.status(), await ended.text()).toBe(200);
  }
});

test('an Orderer under the limit gets In Process, the confirmation and the order in history', { tag: '@width-independent' }, async ({ page, request }) => {
  const number = await orderAs(page, request, false);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await expect(dialog).toContainText('My Order');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto('/orders');
  const card = page.getByRole('listitem', { name: `Order ${number}` });
  await expect(card).toContainText('In Process');
  await card.getByRole('button', { name: 'View Details' }).click();
  await expect(card.getByRole('table')).toBeVisible();
  await card.getByRole('button', { name: 'Track Order' }).click();
  const track = page.getByRole('dialog');
  await expect(track.getByRole('button', { name: /In Process/ })).toHaveAttribute('aria-current', 'step');
  await track.getByRole('button', { name: /Shipping/ }).click();
  await expect(track.getByRole('button', { name: /Shipping/ })).toHaveAttribute('aria-current', 'step');
  await track.getByRole('button', { name: 'Close' }).click();
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Chat with us' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=/);
});

test("over the limit -> Pending -> the Approver approves -> In Process in the Orderer's history", async ({ page, request }) => {
  const number = await orderAs(page, request, true);
  await expect(page).toHaveURL(/\/home$/);
  await signInAs(page, 'approver@demo.pk');
  await page.goto('/pending');
  await expect(page.getByRole('list', { name: 'Pending orders' }).getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: new RegExp(number) }).click();
  const detail = page.getByRole('region', { name: `Order ${number}` });
  await detail.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('button', { name: new RegExp(number) })).toHaveCount(0);
  await signInAs(page, 'orderer@demo.pk');
  await page.goto('/orders');
  await expect(page.getByRole('listitem', { name: `Order ${number}` })).toContainText('In Process');
});

// Issue 37: an approval binds to what the Approver was shown. The Orderer sends the open order again,
// larger; the Approver's Approve is refused, the page shows the order as it is now and what changed,
// and a second Approve takes the new total.
test('the Orderer resubmits a pending order larger while the Approver has it open: Approve says what changed, then approves what is shown', async ({ page, request }) => {
  type Shown = { id: number; order_number: string; version: number; total_price: string; order_details: { product_id: number; quantity: number }[] };
  const rupees = (amount: string) => `Rs. ${Math.round(Number(amount)).toLocaleString('en-US')}`;
  const number = await orderAs(page, request, true);
  const orderer = await apiSignIn(request, 'orderer@demo.pk');
  const order = (await apiGet<Shown[]>(request, orderer, '/api/read/Orders?status=Pending')).find((o) => o.order_number === number) as Shown;
  const added = (await pricedProducts(request, 'orderer@demo.pk')).find((p) => !order.order_details.some((l) => l.product_id === p.id)) as Priced;
  await signInAs(page, 'approver@demo.pk');
  await page.goto('/pending');
  await page.getByRole('button', { name: new RegExp(number) }).click();
  const detail = page.getByRole('region', { name: `Order ${number}` });
  await expect(detail.getByRole('region', { name: 'Order lines' })).not.toContainText(added.name);

  const res = await request.post('/api/write/Orders', {
    headers: orderer.headers,
    data: { id: order.id, payment_mode: 'Cash', order_details: [...order.order_details.map((l) => ({ product_id: l.product_id, quantity: l.quantity })), { product_id: added.id, quantity: 1 }] },
  });
  expect(res.status(), await res.text()).toBe(200);
  const now = (await res.json()).data as Shown;
  expect(now.version).toBe(order.version + 1);

  await detail.getByRole('button', { name: 'Approve' }).click();
  const notice = detail.getByRole('alert', { name: 'Order changed' });
  await expect(notice).toContainText(`This order was changed after you opened it: it now totals ${rupees(now.total_price)} (was ${rupees(order.total_price)}).`);
  await expect(notice.getByRole('list', { name: 'Lines changed' })).toContainText(`${added.name}: added (1)`);
  await expect(detail.getByRole('region', { name: 'Order lines' })).toContainText(added.name);
  await detail.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('button', { name: new RegExp(number) })).toHaveCount(0);
  const approved = await apiGet<Shown & { status: string }>(request, orderer, `/api/read/Orders/${order.id}`);
  expect([approved.status, approved.total_price]).toEqual(['In Process', now.total_price]);
});

test('the Approver reviews a pending order at the cart and confirms it', async ({ page, request }) => {
  const number = await orderAs(page, request, true);
  await signInAs(page, 'approver@demo.pk');
  await page.goto('/pending');
  await page.getByRole('button', { name: new RegExp(number) }).click();
  await page.getByRole('region', { name: `Order ${number}` }).getByRole('button', { name: 'Review And Payment Address' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(`Reviewing pending order ${number}`)).toBeVisible();
  await checkOut(page);
  await expect(page.getByTestId('delivery-address')).toContainText('Gulberg');
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/write/Orders'));
  await page.getByRole('button', { name: 'Place order' }).click();
  const body = await (await placed).json();
  expect(body.data.order_number).toBe(number);
  expect(body.data.status).toBe('In Process');
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
});

test("the reject path moves the order to Rejected; an Orderer cannot approve", async ({ page, request }) => {
  const number = await orderAs(page, request, true);
  await page.goto('/pending');
  await page.getByRole('button', { name: new RegExp(number) }).click();
  await page.getByRole('region', { name: `Order ${number}` }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('dialog')).toContainText('You cannot approve order!');
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await signInAs(page, 'approver@demo.pk');
  await page.goto('/pending');
  await page.getByRole('button', { name: new RegExp(number) }).click();
  await page.getByRole('region', { name: `Order ${number}` }).getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('button', { name: new RegExp(number) })).toHaveCount(0);
  await signInAs(page, 'orderer@demo.pk');
  await page.goto('/orders');
  const card = page.getByRole('listitem', { name: `Order ${number}` });
  await expect(card).toContainText('Rejected');
  await expect(card.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
});

test("the credit user's outstandings show the four buckets and the Credit total", { tag: '@width-independent' }, async ({ page, request }) => {
  await signInAs(page, 'credit@demo.pk');
  const api = await apiGet<{ credit_outstanding: string; buckets: Record<string, string> }>(request, await apiSignIn(request, 'credit@demo.pk'), '/api/ledgers');
  await page.goto('/ledgers');
  const rupees = (v: string) => `Rs. ${Math.round(Number(v)).toLocaleString('en-US')}`;
  await expect(page.getByTestId('credit-outstanding')).toHaveText(rupees(api.credit_outstanding));
  for (const [label, key] of [['0-0', 'zero_to_zero'], ['1-14', 'one_to_fourteen'], ['15-29', 'fifteen_to_twentynine'], ['30+', 'thirty_to_onward']]) {
    await expect(page.getByTestId(`bucket-${label}`)).toHaveText(rupees(api.buckets[key as string] ?? ''));
    expect(Number(api.buckets[key as string])).toBeGreaterThan(0);
  }
  await expect(page.getByRole('table')).toContainText('Credit');
});

test('a Credit order above the credit limit is explained before Place order and refused by the server (issue 14.12)', { tag: '@width-independent' }, async ({ page, request }) => {
  await signInAs(page, 'credit@demo.pk');
  const available = Number((await apiGet<{ available: string }>(request, await apiSignIn(request, 'credit@demo.pk'), '/api/orders/credit')).available);
  const products = await pricedProducts(request, 'credit@demo.pk');
  const fits = (p: Priced) => Math.floor(available / Number(p.unit_price)) + 1;
  const product = products.find((p) => fits(p) <= Math.min(p.stock, 9999) && fits(p) <= 2000);
  if (!product) throw new Error('no product in the demo data that can pass the credit limit');
  await putInCart(page, product, fits(product));
  await checkOut(page);
  await page.getByRole('radio', { name: 'Credit' }).check();
  const warning = page.getByRole('alert').filter({ hasText: 'above its credit limit' });
  await expect(warning).toContainText('This order of Rs. ');
  await expect(warning).toContainText('Please choose Cash on Delivery, order less, or clear your outstanding first.');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/write/Orders') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place order' }).click();
  const refused = await answered;
  expect(refused.status()).toBe(409);
  await expect(page.getByRole('dialog')).toContainText((await refused.json()).error);
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  // A modest order fits: the checkout says what is available and the order is placed.
  await page.getByRole('tab', { name: 'Your Cart' }).click();
  const input = cartItems(page).getByRole('textbox', { name: `Quantity of ${product.name}`, exact: true });
  await input.fill('1');
  await input.press('Enter');
  await checkOut(page);
  await page.getByRole('radio', { name: 'Credit' }).check();
  await expect(page.getByTestId('credit-available')).toContainText('Credit available: Rs. ');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your order has been placed.');
});

test('empty states and no ledger call for a Guest', async ({ page, isMobile }) => {
  // The Advance business's Owner has no orders and no ledger entries (Demo Kiryana's Owner ordered last week: issue 21).
  await signInAs(page, 'advance@demo.pk');
  await page.goto('/ledgers');
  await expect(page.getByText('There is no ledgers for this specific user!')).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByText('There is no Order History!')).toBeVisible();
  await signInAs(page, 'credit@demo.pk');
  await page.goto('/pending');
  await expect(page.getByText(isMobile ? 'You have no Pending orders!' : 'There is no Pending orders!')).toBeVisible();
  await signOut(page);
  let ledgerCalls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/ledgers')) ledgerCalls++;
  });
  await page.goto('/ledgers');
  await expect(page.getByText('There is no ledgers for this specific user!')).toBeVisible();
  expect(ledgerCalls).toBe(0);
});

test('cart, orders and outstandings have no serious accessibility violations', async ({ page }) => {
  await signInAs(page, 'credit@demo.pk');
  for (const path of ['/cart', '/orders', '/ledgers']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect((await seriousViolations(page, { include: 'main' })).map((v) => `${path} ${v}`)).toEqual([]);
  }
});
