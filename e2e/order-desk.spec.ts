import { expect, type Page, test } from '@playwright/test';
import { buyerSignIn, staffSignIn } from './staff-sign-in.ts';

// Issue 16 "Done when": a desk clerk signs in with the second factor, filters the queue, moves two
// orders to Delivered in bulk, prints their slips and rejects a third with a reason; the buyers then
// see Delivered, the reason, and the new ledger entries. Staff screens are desktop screens.
test.describe.configure({ timeout: 120_000 });
test.skip(({ isMobile }) => isMobile, 'the back office is used on desktops and tablets');

// Seeded In Process orders: two of Demo Kiryana Traders (orderer@demo.pk), one of Crescent Hotel (credit@demo.pk).
const KIRYANA = ['ORD-2024-000011', 'ORD-2024-000014'];
const CRESCENT = 'ORD-2024-000012';
const REASON = 'Our Islamabad warehouse is out of cardamom this week';

const deskSignIn = (page: Page) => staffSignIn(page, 'desk@staff.demo.pk', '/staff/orders', 'Orders');

test('the desk moves two orders to Delivered in bulk, prints slips, rejects a third; the buyers see it', async ({ page, browser }) => {
  await deskSignIn(page);
  const orders = page.getByRole('table', { name: 'Orders' });

  // Filter: search the business, then Cash orders; the filters are kept in the address bar.
  await page.getByLabel('Order number or business').fill('Demo Kiryana');
  await page.getByLabel('Order number or business').press('Enter');
  await page.getByLabel('Payment mode').selectOption('Cash');
  await expect(page).toHaveURL(/q=Demo\+Kiryana/);
  await expect(page).toHaveURL(/payment_mode=Cash/);
  await expect(orders.getByRole('link', { name: KIRYANA[0] })).toBeVisible();
  await expect(orders).not.toContainText('Crescent Hotel');
  await page.getByLabel('City').selectOption('Lahore');
  await page.getByLabel('Area').selectOption({ label: 'Gulberg' });
  await expect(page).toHaveURL(/area_id=\d+/);
  await page.reload();
  await expect(page.getByLabel('Payment mode')).toHaveValue('Cash');
  await expect(orders.getByRole('link', { name: KIRYANA[1] })).toBeVisible();

  // A saved view brings the same filters back.
  await page.getByLabel('View name').fill('Kiryana cash');
  await page.getByRole('button', { name: 'Save view' }).click();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(orders).toContainText('Crescent Hotel');
  await page.getByRole('region', { name: 'Saved views' }).getByRole('button', { name: 'Kiryana cash', exact: true }).click();
  await expect(page).toHaveURL(/payment_mode=Cash/);
  await expect(orders).not.toContainText('Crescent Hotel');

  // Select the two In Process orders: one by click, one by keyboard (j / k move between rows, x selects).
  await orders.getByRole('checkbox', { name: `Select order ${KIRYANA[0]}` }).click();
  await orders.getByRole('link', { name: KIRYANA[1] }).focus();
  await page.keyboard.press('j');
  await expect(orders.getByRole('link', { name: 'ORD-2024-000013' })).toBeFocused();
  await page.keyboard.press('k');
  await expect(orders.getByRole('link', { name: KIRYANA[1] })).toBeFocused();
  await page.keyboard.press('x');
  await expect(orders.getByRole('checkbox', { name: `Select order ${KIRYANA[1]}` })).toBeChecked();
  const bulk = page.getByRole('region', { name: 'Selected orders' });
  await expect(bulk).toContainText('2 selected');

  // One step at a time: In Process → Arrange → Shipping → Delivered.
  for (const to of ['Arrange', 'Shipping', 'Delivered']) {
    await bulk.getByRole('button', { name: `Move to ${to}` }).click();
    await expect(bulk.getByRole('status')).toContainText(`2 orders moved to ${to}.`);
  }
  for (const number of KIRYANA) await expect(orders.getByRole('row', { name: new RegExp(number) })).toContainText('Delivered');
  await expect(bulk).toContainText('Delivered orders do not move further.');
  const ids = await Promise.all(KIRYANA.map(async (n) => Number((await orders.getByRole('link', { name: n }).getAttribute('href'))?.split('/').pop())));

  // Delivery slips: one per order, with lines, totals, address, phone and a signature box.
  await bulk.getByRole('link', { name: 'Print slips' }).click();
  await expect(page).toHaveURL(/\/staff\/orders\/print\/slips\?ids=/);
  for (const number of KIRYANA) {
    const slip = page.getByRole('article', { name: `Slip ${number}` });
    await expect(slip.getByRole('heading', { name: `Delivery slip ${number}` })).toBeVisible();
    await expect(slip.getByRole('row')).not.toHaveCount(0);
    await expect(slip).toContainText('Total');
    await expect(slip).toContainText(/Rs\. [\d,]+/);
    await expect(slip).toContainText('Gulberg');
    await expect(slip).toContainText(/Phone: \d{10,}/);
    await expect(slip.getByRole('group', { name: 'Signature box' })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Print', exact: true }).click();

  // Reject a third order with a reason the buyer will read; an empty reason is refused first.
  await page.goto('/staff/orders');
  await orders.getByRole('row', { name: new RegExp(CRESCENT) }).getByRole('link', { name: 'Crescent Hotel & Caterers' }).click();
  await expect(page.getByText('Business: Crescent Hotel & Caterers')).toBeVisible();
  await expect(orders).not.toContainText('Demo Kiryana');
  await orders.getByRole('link', { name: CRESCENT }).click();
  await expect(page.getByRole('heading', { name: CRESCENT, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Reject…' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${CRESCENT}` });
  await dialog.getByRole('button', { name: 'Reject order' }).click();
  await expect(dialog).toContainText('A rejection needs a reason the buyer will read');
  await dialog.getByLabel('Reason the buyer will see').fill(REASON);
  await dialog.getByRole('button', { name: 'Reject order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Rejection reason (shown to the buyer): ${REASON}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Move to/ })).toHaveCount(0);

  // The buyers: Delivered and the new ledger entries for Demo Kiryana's orderer…
  const buyer = await (await browser.newContext()).newPage();
  await buyerSignIn(buyer, 'orderer@demo.pk');
  await buyer.goto('/orders');
  for (const number of KIRYANA) await expect(buyer.getByRole('listitem', { name: `Order ${number}` })).toContainText('Delivered');
  await buyer.goto('/ledgers');
  const ledger = buyer.getByRole('region', { name: 'Ledger entries' });
  for (const id of ids) await expect(ledger).toContainText(new RegExp(`INV-\\d{4}-${String(id).padStart(6, '0')}`));
  // …and the reason on Crescent Hotel's rejected order.
  const other = await (await browser.newContext()).newPage();
  await buyerSignIn(other, 'credit@demo.pk');
  await other.goto('/orders');
  const rejected = other.getByRole('listitem', { name: `Order ${CRESCENT}` });
  await expect(rejected).toContainText('Rejected');
  await expect(rejected).toContainText(REASON);
});

test('pick short with a reason, a staff note, the 409 of a stale page, and a delivery run moved to Shipping', async ({ page, context }) => {
  const number = 'ORD-2024-000015'; // Crescent Hotel & Caterers, Islamabad, In Process in the seed
  await deskSignIn(page);
  await page.goto(`/staff/orders?q=${number}`);
  await page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { name: number, level: 1 })).toBeVisible();

  // Picked short: the line goes to 0 with a reason and the server recomputes the total.
  const total = page.getByTestId('order-total');
  const before = await total.textContent();
  const lines = page.getByRole('table', { name: 'Order lines' });
  await lines.getByRole('button', { name: /^Pick short / }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Quantity to send/).fill('0');
  await dialog.getByLabel('Reason').fill('Out of stock');
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(dialog).toBeHidden();
  await expect(lines).toContainText('Changed: Out of stock');
  await expect(total).not.toHaveText(before ?? '');

  await page.getByLabel(/New note/).fill('Call before delivery: the gate closes at 6 pm');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('region', { name: 'Staff notes' })).toContainText('the gate closes at 6 pm');

  // Two people, one order: the other tab moves it first; this stale page is told so and reloads.
  const other = await context.newPage();
  await other.goto(page.url());
  await other.getByRole('button', { name: 'Move to Arrange' }).click();
  await expect(other.getByRole('button', { name: 'Move to Shipping' })).toBeVisible();
  await page.getByRole('button', { name: 'Move to Arrange' }).click();
  await expect(page.getByRole('alert')).toHaveText('This order was changed by someone else — reload it and try again.');
  await page.getByRole('button', { name: 'Reload the order' }).click();
  await expect(page.getByRole('button', { name: 'Move to Shipping' })).toBeVisible();

  // A delivery run for Islamabad: create it, open its sheet, move it to Shipping with its orders.
  await page.goto('/staff/runs?city=Islamabad');
  await page.getByRole('checkbox', { name: new RegExp(number) }).check();
  await page.getByLabel('Vehicle').fill('ICT-4455');
  await page.getByLabel('Driver').fill('Rashid');
  await page.getByRole('button', { name: 'Create run (1)' }).click();
  await page.getByRole('link', { name: /Run #\d+: Islamabad, ICT-4455/ }).click();
  const sheet = page.getByRole('table', { name: 'Run orders' });
  await expect(sheet.getByRole('row', { name: new RegExp(number) })).toContainText('Blue Area');
  await page.getByRole('button', { name: 'Move run to Shipping' }).click();
  await expect(sheet.getByRole('row', { name: new RegExp(number) })).toContainText('Shipping');
  await expect(page.getByRole('button', { name: 'Move run to Shipping' })).toHaveCount(0);
});

test('an order opened from the foot of the queue opens at its top, and Back returns to the same place in the queue', async ({ page }) => {
  await deskSignIn(page);
  const orders = page.getByRole('table', { name: 'Orders' });
  const last = orders.getByRole('link', { name: /^ORD-/ }).last();
  await expect(last).toBeVisible();
  const number = (await last.textContent()) ?? '';
  // Down to the foot of the list, then the last order.
  await page.keyboard.press('End');
  await expect(last).toBeInViewport();
  await last.click();
  await expect(page.getByRole('heading', { name: number })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Orders' })).toBeInViewport();
  // Back: the queue where the clerk left it.
  await page.goBack();
  await expect(orders.getByRole('link', { name: number })).toBeInViewport();
  // The same order again, its page now drawn at once from what was loaded: still at its top.
  await orders.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { name: number })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Orders' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
});
