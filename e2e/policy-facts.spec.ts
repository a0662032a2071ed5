import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { watchConsole } from './console-watch.ts';
import { apiSignIn, cartItems, type Priced, priced } from './person.ts';
import { staffSignIn } from './staff-sign-in.ts';

// Issue 36, SPEC 9 "Policy facts": the Admin sets a new city's minimum order on the cities screen; a
// buyer who signs up there is shown in the cart how much more is needed and is refused below it; at
// checkout the buyer asks for a delivery day (only the city's days) and gives a reference, which the
// order, the desk's queue, the order page and the slip show; within two hours the Cancel dialog (still
// the Contact dialog with its chat link) sends a cancellation request, flagged in the desk's queue;
// the desk answers and the buyer reads the answer on the order. Nothing relies on demo orders or demo
// cities: the city, its area and the buyer are made here (products and staff are the demo's).
// The staff screens are desktop screens; the buyer's screens at 375 px are the same components.
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.skip(({ isMobile }) => isMobile, 'the back office is used on desktops and tablets');

const stamp = (Date.now().toString(36).replace(/\d/g, '') || 'abc').slice(-5);
const CITY = `Policy ${stamp[0]?.toUpperCase()}${stamp.slice(1)}pur`;
const AREA = 'Saddar Bazaar';
const MINIMUM = 5000;
const REFERENCE = `PO-${Date.now() % 100_000}`;
const IDS = Array.from({ length: 200 }, (_, i) => i + 1);

/** The buyer's browser, kept between the tests as a person's browser keeps its session. */
let buyerState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
let product: Priced;
let orderNumber = '';

const rupees = (n: number) => `Rs. ${Math.round(n).toLocaleString('en-US')}`;
const adminSignIn = (page: Page) => staffSignIn(page, 'admin@staff.demo.pk', '/staff/admin/cities', 'Cities and areas');
const deskSignIn = (page: Page) => staffSignIn(page, 'desk@staff.demo.pk', '/staff/orders', 'Orders');

async function buyerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: buyerState, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

async function setQuantity(page: Page, quantity: number) {
  const input = cartItems(page).getByRole('textbox', { name: `Quantity of ${product.name}`, exact: true });
  await input.fill(String(quantity));
  await input.press('Enter');
  await expect(input).toHaveValue(String(quantity));
}

test('A: the Admin sets a city minimum order; the cart says how much more is needed and the order is refused below it', async ({ page, browser, request }) => {
  // The Admin adds the city (delivered Mon, Wed, Fri) with its minimum order, and one area.
  await page.setViewportSize({ width: 1280, height: 800 });
  await adminSignIn(page);
  const adminWatch = watchConsole(page);
  await page.getByRole('button', { name: 'Add a city' }).click();
  await page.getByLabel('City name').fill(CITY);
  for (const day of ['Tue', 'Thu', 'Sat']) await page.getByLabel(day).uncheck();
  await page.getByLabel('Cut-off time').fill('18:00');
  await page.getByLabel('Minimum order (Rs.)').fill(String(MINIMUM));
  await page.getByRole('button', { name: 'Add city' }).click();
  await expect(page.getByRole('status')).toHaveText(`${CITY} saved.`);
  const row = page.getByRole('table', { name: 'Cities' }).getByRole('row').filter({ hasText: CITY });
  await expect(row).toContainText(rupees(MINIMUM));
  await expect(row).toContainText(`Deliveries in ${CITY}: Mon, Wed, Fri.`);
  await row.getByRole('link', { name: CITY }).click();
  await expect(page.getByRole('heading', { name: `Areas of ${CITY}`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add an area' }).click();
  await page.getByLabel('Area name').fill(AREA);
  await page.getByLabel('Store number').fill('991');
  await page.getByRole('button', { name: 'Add area' }).click();
  await expect(page.getByRole('table', { name: 'Areas' })).toContainText(AREA);
  adminWatch.expectClean('the cities screen');

  // A buyer signs up in that city (documents later) and is signed in.
  const buyer = await buyerPage(browser);
  await buyer.goto('/sign-up');
  await buyer.getByLabel('Customer Name').fill('Shahid Mehmood Awan');
  await buyer.getByLabel('Business Name').fill(`Awan General Store ${stamp}`);
  await buyer.getByLabel('Phone Number').fill('923214445566');
  await buyer.getByLabel('Email').fill(`policy-${Date.now()}@test.pk`);
  await buyer.getByRole('button', { name: 'Sign Up' }).click();
  await expect(buyer).toHaveURL(/\/sign-up-2$/);
  await buyer.getByLabel('Business Type', { exact: true }).selectOption({ label: 'Retail' });
  await buyer.getByLabel('Sub Business Type').selectOption({ label: 'Kiryana Store' });
  await buyer.getByLabel('City').selectOption({ label: CITY });
  await buyer.getByLabel('Area').selectOption({ label: AREA });
  await buyer.getByRole('button', { name: 'Next' }).click();
  await expect(buyer).toHaveURL(/\/sign-up-3$/);
  await buyer.getByRole('button', { name: 'Upload Later' }).click();
  await expect(buyer).toHaveURL(/\/home$/);

  // A product of a few hundred rupees (a new city has no city prices: the list or sale price).
  const guest = await apiSignIn(request, null);
  const found = (await priced(request, guest, IDS)).find((p) => Number(p.unit_price) >= 100 && Number(p.unit_price) <= 1500 && p.stock >= Math.ceil(MINIMUM / Number(p.unit_price)) + 2);
  if (!found) throw new Error('no product of Rs. 100 to 1,500 with stock in the demo data');
  product = found;
  const unit = Number(product.unit_price);
  const below = Math.max(1, Math.floor((MINIMUM - 1) / unit));
  const enough = Math.ceil(MINIMUM / unit);

  await buyer.goto(`/productDetails?id=${product.id}`);
  await buyer.getByRole('article', { name: product.name, exact: true }).first().getByRole('button', { name: 'Add to cart' }).click();
  await buyer.goto('/cart');
  await setQuantity(buyer, below);
  const shortText = `The minimum order in ${CITY} is ${rupees(MINIMUM)}. Add ${rupees(Math.ceil(MINIMUM - below * unit))} more to place this order.`;
  await expect(buyer.getByTestId('minimum-order')).toHaveText(shortText);

  // Below the minimum, Place order is refused by the server with the same sentence; no order is made.
  await buyer.getByRole('button', { name: 'Review Payment and Address' }).click();
  await expect(buyer.getByTestId('minimum-order')).toHaveText(shortText);
  const refused = buyer.waitForResponse((r) => r.url().endsWith('/api/write/Orders') && r.request().method() === 'POST');
  await buyer.getByRole('button', { name: 'Place order' }).click();
  expect((await refused).status()).toBe(422);
  const alert = buyer.getByRole('dialog');
  await expect(alert).toContainText(shortText);
  await alert.getByRole('button', { name: 'OK' }).click();
  await buyer.goto('/orders');
  await expect(buyer.getByText('There is no Order History!')).toBeVisible();

  // Enough pieces: the cart says the minimum is reached, and the order is placed.
  await buyer.goto('/cart');
  await setQuantity(buyer, enough);
  await expect(buyer.getByTestId('minimum-order')).toHaveText(`The minimum order in ${CITY} (${rupees(MINIMUM)}) is reached.`);
  await buyer.getByRole('button', { name: 'Review Payment and Address' }).click();
  await buyer.getByRole('button', { name: 'Place order' }).click();
  await expect(buyer.getByRole('dialog').getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  buyerState = await buyer.context().storageState();
  await buyer.context().close();
});

test('B: at checkout the buyer asks for one of the city delivery days and gives a reference; the order, the desk queue, the order page and the slip show them', async ({ page, browser }) => {
  const buyer = await buyerPage(browser);
  const watch = watchConsole(buyer);
  await buyer.goto(`/productDetails?id=${product.id}`);
  await buyer.getByRole('article', { name: product.name, exact: true }).first().getByRole('button', { name: 'Add to cart' }).click();
  await buyer.goto('/cart');
  await setQuantity(buyer, Math.ceil(MINIMUM / Number(product.unit_price)) + 1);
  await buyer.getByRole('button', { name: 'Review Payment and Address' }).click();

  // Only Mondays, Wednesdays and Fridays are offered; left as it is, the next one.
  const day = buyer.getByRole('combobox', { name: 'Delivery day' });
  const options = (await day.locator('option').allTextContents()).map((o) => o.trim());
  expect(options[0]).toMatch(/^Next delivery day \((Mon|Wed|Fri) \d{1,2} [A-Z][a-z]{2} \d{4}\)$/);
  expect(options.length).toBeGreaterThanOrEqual(6);
  for (const o of options.slice(1)) expect(o).toMatch(/^(Mon|Wed|Fri) \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  const chosen = options[2] as string;
  await day.selectOption({ label: chosen });
  await buyer.getByRole('textbox', { name: /Your reference/ }).fill(REFERENCE);
  await expect(buyer.getByText(`Deliveries in ${CITY}: Mon, Wed, Fri. Orders placed by 6:00 pm go out on the next delivery day.`)).toBeVisible();
  const placed = buyer.waitForResponse((r) => r.url().endsWith('/api/write/Orders') && r.request().method() === 'POST');
  await buyer.getByRole('button', { name: 'Place order' }).click();
  const answer = await (await placed).json();
  orderNumber = answer.data.order_number;
  await expect(buyer.getByRole('dialog').getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await buyer.getByRole('dialog').getByRole('button', { name: 'OK' }).click();

  // The buyer's order shows them.
  await buyer.goto('/orders');
  const card = buyer.getByRole('listitem', { name: `Order ${orderNumber}` });
  await expect(card).toContainText(`Your reference:${REFERENCE}`);
  await expect(card).toContainText(`Delivery day asked:${chosen}`);
  watch.expectClean('checkout and Order History');
  buyerState = await buyer.context().storageState();
  await buyer.context().close();

  // The desk's queue, the order page and the slip.
  await page.setViewportSize({ width: 1280, height: 800 });
  await deskSignIn(page);
  await page.getByLabel('Order number or business').fill(orderNumber);
  await page.getByLabel('Order number or business').press('Enter');
  const row = page.getByRole('table', { name: 'Orders' }).getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row).toContainText(chosen.replace(/ \d{4}$/, ''));
  await expect(row).toContainText(`Ref. ${REFERENCE}`);
  await row.getByRole('link', { name: orderNumber }).click();
  const delivery = page.getByRole('region', { name: 'Orderer and delivery' });
  await expect(delivery).toContainText(`${chosen} (asked)`);
  await expect(delivery).toContainText(REFERENCE);
  await page.getByRole('link', { name: 'Print slip' }).click();
  const slip = page.getByRole('article', { name: `Slip ${orderNumber}` });
  await expect(slip).toContainText(`Buyer's reference: ${REFERENCE}`);
  await expect(slip).toContainText(`Delivery day: ${chosen} (asked by the buyer)`);
});

test('C: within two hours the Cancel dialog sends a cancellation request; the desk sees it flagged and answers; the buyer reads the answer', async ({ page, browser }) => {
  const buyer = await buyerPage(browser);
  await buyer.goto('/orders');
  const card = buyer.getByRole('listitem', { name: `Order ${orderNumber}` });
  await card.getByRole('button', { name: 'Cancel' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Contact' });
  // SPEC 2/5: the Contact dialog and its chat link stay.
  await expect(dialog).toContainText(`To cancel or change order ${orderNumber}, please message us.`);
  await expect(dialog.getByRole('link', { name: 'Chat with us' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=/);
  // A request without a reason is not sent.
  await dialog.getByRole('radio', { name: 'Cancel the order' }).check();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Say what you would like and why (at least 5 characters).');
  await dialog.getByRole('textbox', { name: 'Why would you like to cancel it?' }).fill('We ordered the same goods twice by mistake.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('status')).toContainText('Your cancellation request of');
  await expect(dialog.getByRole('button', { name: 'Send request' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card).toContainText('Cancellation request');
  await expect(card).toContainText('Waiting for our answer');

  // The desk: the queue's "Buyer requests waiting" finds it, flagged; the order page answers it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await deskSignIn(page);
  await page.getByLabel('Buyer requests waiting').click();
  await expect(page).toHaveURL(/request=open/);
  await expect(page.getByLabel('Buyer requests waiting')).toBeChecked();
  const row = page.getByRole('table', { name: 'Orders' }).getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row).toContainText('Cancellation request');
  await row.getByRole('link', { name: orderNumber }).click();
  const requests = page.getByRole('region', { name: "Buyer's requests" });
  await expect(requests).toContainText('We ordered the same goods twice by mistake.');
  await requests.getByRole('button', { name: 'Accept request' }).click();
  await expect(requests.getByRole('alert')).toHaveText('Write a note the buyer will read (at least 3 characters).');
  await requests.getByLabel('Answer (the buyer reads it on the order)').fill('Cancelled: we will not send it and nothing is owed.');
  await requests.getByRole('button', { name: 'Accept request' }).click();
  await expect(requests).toContainText('Accepted');
  await expect(requests.getByRole('button', { name: 'Accept request' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('cancellation request accepted');

  // The buyer reads the answer on the order.
  await buyer.reload();
  await expect(card).toContainText('Accepted: Cancelled: we will not send it and nothing is owed.');

  // Two hours after the confirmation (the buyer's clock says so), the dialog only offers the chat, and says why.
  await buyer.clock.setFixedTime(new Date(Date.now() + 2 * 3_600_000 + 5 * 60_000));
  await buyer.reload();
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toContainText('An order can be cancelled or changed within two hours of its confirmation.');
  await expect(dialog.getByRole('link', { name: 'Chat with us' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send request' })).toHaveCount(0);
  await buyer.context().close();
});
