import { expect, test } from '@playwright/test';
import { watchConsole } from './console-watch.ts';
import { staffSignIn } from './staff-sign-in.ts';

// Issue 18 "Done when", in one flow: a business signs up with documents; Finance asks for one document
// again; the buyer uploads it on Account Information; Finance approves the business on Credit with a
// limit; the buyer sees Credit at checkout and orders on it; the desk delivers the order; Finance
// records a part payment by cheque; the buyer's Outstandings show the new balance and aging; the cheque
// bounces and the balance returns. Staff screens are desktop screens.
test.describe.configure({ timeout: 300_000 });
test.skip(({ isMobile }) => isMobile, 'the back office is used on desktops and tablets');

/** "Rs. 512,340.50" or "512340.50" as a number of rupees. */
const rupeesOf = (text: string | null) => Number((text ?? '').replace('Rs.', '').replace(/[^\d.]/g, ''));
const shown = (n: number) => `Rs. ${Math.round(n).toLocaleString('en-US')}`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);

test('sign-up with documents, one asked again, approved on Credit, ordered, delivered, paid part by cheque that bounces', async ({ page, browser }) => {
  const business = `Verified Traders ${Date.now()}`;
  const email = `verify-${Date.now()}@test.pk`;

  // The buyer signs up with two documents (SPEC 2, three steps).
  await page.goto('/sign-up');
  await page.getByLabel('Customer Name').fill('Zahid Hussain Shah');
  await page.getByLabel('Business Name').fill(business);
  await page.getByLabel('Phone Number').fill('923451112233');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/sign-up-2$/);
  await page.getByLabel('Business Type', { exact: true }).selectOption({ label: 'Retail' });
  await page.getByLabel('Sub Business Type').selectOption({ label: 'Kiryana Store' });
  await page.getByLabel('City').selectOption({ label: 'Lahore' });
  await page.getByLabel('Area').selectOption({ label: 'Gulberg' });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/sign-up-3$/);
  await page.getByLabel('CNIC front', { exact: true }).setInputFiles({ name: 'cnic.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('NTN certificate', { exact: true }).setInputFiles({ name: 'ntn.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Finance finds it in the queue, oldest first, with its unproven email flagged.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff, 'finance@staff.demo.pk', '/staff', 'Welcome, Farah Finance');
  // The dashboard: the registrations waiting, a link to the queue; its charts draw without a console message.
  const staffConsole = watchConsole(staff);
  const waiting = staff.getByRole('link', { name: /Registrations waiting/ });
  await expect(waiting).toContainText(/[1-9]/);
  await expect(staff.getByRole('figure', { name: /Orders per day/ }).locator('svg.recharts-surface')).toBeVisible();
  await waiting.click();
  await expect(staff.getByRole('heading', { name: 'Business verification', level: 1 })).toBeVisible();
  staffConsole.expectClean('the staff dashboard');
  const row = staff.getByRole('table', { name: 'Businesses' }).getByRole('row').filter({ hasText: business });
  await expect(row).toContainText('New');
  await expect(row).toContainText('Email not proven');
  await expect(row).toContainText('2 of 5');
  await row.getByRole('link', { name: business }).click();
  await expect(staff.getByRole('heading', { name: business, level: 1 })).toBeVisible();

  // The documents, zoomed and turned.
  const viewer = staff.getByRole('region', { name: 'Documents' });
  await viewer.getByRole('button', { name: /CNIC front/ }).click();
  const image = viewer.getByRole('img', { name: 'CNIC front', exact: true });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByText('150%')).toBeVisible();
  await viewer.getByRole('button', { name: 'Rotate right' }).click();
  await expect(image).toHaveCSS('transform', /matrix\(0, 1, -1, 0|matrix\(6\.\d+e-17, 1, -1, 6\.\d+e-17/);

  // Ask for the CNIC front again, with what is wrong.
  const ask = staff.getByRole('form', { name: 'Ask for documents again' });
  await ask.getByLabel('CNIC front').check();
  await ask.getByLabel(/What is wrong with them/).fill('The CNIC photo is blurred. Please take it again in daylight.');
  await ask.getByRole('button', { name: 'Ask for documents again' }).click();
  await expect(staff.getByRole('status')).toContainText('Asked for the documents again');
  await expect(staff.getByText(/^Waiting for the buyer to send again: CNIC front/)).toBeVisible();

  // The buyer sees the request on Account Information and uploads the document again.
  await page.goto('/userInfo');
  const documents = page.getByRole('region', { name: 'Business documents' });
  await expect(documents).toContainText('Please upload these documents again: CNIC front');
  await expect(documents).toContainText('The CNIC photo is blurred.');
  await documents.getByLabel('CNIC front').setInputFiles({ name: 'cnic-again.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await documents.getByRole('button', { name: 'Upload documents' }).click();
  await expect(documents).toContainText('We are checking your documents.');

  // Back in the queue as changed; Finance approves on Credit with a limit.
  await staff.getByRole('link', { name: '← Business verification' }).click();
  const again = staff.getByRole('table', { name: 'Businesses' }).getByRole('row').filter({ hasText: business });
  await expect(again).toContainText('Changed');
  await again.getByRole('link', { name: business }).click();
  await expect(staff.getByRole('button', { name: /CNIC front \(earlier\)/ })).toBeVisible();
  const approve = staff.getByRole('form', { name: 'Approve' });
  await approve.getByLabel('Payment mode').selectOption('Credit');
  await approve.getByLabel('Credit limit (Rs.)').fill('200000');
  await approve.getByLabel('Payment days').fill('30');
  await approve.getByRole('button', { name: 'Approve business' }).click();
  await expect(staff.getByRole('status')).toContainText('Approved');
  await expect(staff.getByRole('heading', { name: business, level: 1 }).locator('..')).toContainText('Approved');
  await staffContext.close();

  // The buyer's checkout now offers Credit, and the order is placed on it.
  await page.goto('/userInfo');
  await expect(page.getByRole('region', { name: 'Business documents' })).toContainText('Your business is verified.');
  await page.goto('/cart');
  const strip = page.getByRole('region', { name: 'Most Add to Cart' });
  await strip.getByRole('article').first().getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: 'Review Payment and Address' }).click();
  await expect(page.getByRole('heading', { name: 'Check Out', level: 1 })).toBeVisible();
  const credit = page.getByRole('radio', { name: 'Credit' });
  await expect(credit).toBeVisible();
  await credit.check();
  await expect(page.getByTestId('credit-available')).toContainText('Credit available: Rs. ');
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/write/Orders') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place order' }).click();
  const order = (await (await placed).json()).data as { order_number: string; payment_mode: string; payment_days: number; total_price: string };
  expect(order).toMatchObject({ payment_mode: 'Credit', payment_days: 30 });
  await expect(page.getByRole('dialog')).toContainText('Your order has been placed.');
  const total = rupeesOf(order.total_price);
  expect(total).toBeGreaterThan(100);

  // The desk delivers it, one step at a time.
  const deskContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const desk = await deskContext.newPage();
  await staffSignIn(desk, 'desk@staff.demo.pk', `/staff/orders?q=${order.order_number}`, 'Orders');
  await desk.getByRole('table', { name: 'Orders' }).getByRole('link', { name: order.order_number }).click();
  await expect(desk.getByRole('heading', { name: order.order_number, level: 1 })).toBeVisible();
  for (const to of ['Arrange', 'Shipping', 'Delivered']) {
    await desk.getByRole('button', { name: `Move to ${to}` }).click();
    await expect(desk.getByRole('button', { name: `Move to ${to}` })).toHaveCount(0);
  }
  await expect(desk.getByRole('heading', { name: order.order_number, level: 1 }).locator('..')).toContainText('Delivered');
  await deskContext.close();

  // What the buyer owes: the order's total, not yet due.
  await page.goto('/ledgers');
  const outstanding = page.getByTestId('credit-outstanding');
  await expect(outstanding).toHaveText(shown(total));
  await expect(page.getByTestId('bucket-0-0')).toHaveText(shown(total));

  // Finance records a part payment of Rs. 100 by cheque.
  const financeContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const finance = await financeContext.newPage();
  await staffSignIn(finance, 'finance@staff.demo.pk', '/staff/finance/ledgers', 'Business ledgers');
  await finance.getByLabel('Business name or number').fill(business);
  await finance.getByRole('button', { name: 'Find' }).click();
  await finance.getByRole('table', { name: 'Businesses' }).getByRole('link', { name: business }).click();
  await expect(finance.getByRole('heading', { name: business, level: 1 })).toBeVisible();
  const receipt = finance.getByRole('form', { name: 'Record a receipt' });
  await receipt.getByLabel('Method').selectOption('Cheque');
  await receipt.getByLabel('Amount (Rs.)').fill('100');
  await receipt.getByLabel('Cheque number').fill('00451177');
  await receipt.getByLabel('Bank', { exact: true }).fill('Meezan Bank');
  await receipt.getByRole('button', { name: 'Record receipt' }).click();
  const recorded = finance.getByRole('status').filter({ hasText: /Receipt RCT-\d{4}-\d{6} recorded/ });
  await expect(recorded).toBeVisible();
  const number = (await recorded.textContent())?.match(/RCT-\d{4}-\d{6}/)?.[0] as string;

  // The buyer's Outstandings: the new balance, in its aging bucket.
  await page.reload();
  await expect(outstanding).toHaveText(shown(total - 100));
  await expect(page.getByTestId('bucket-0-0')).toHaveText(shown(total - 100));

  // The cheque bounces: the balance returns.
  await finance.getByRole('button', { name: `Mark cheque of ${number} bounced` }).click();
  const dialog = finance.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Returned by the bank: signature differs');
  await dialog.getByRole('button', { name: 'Mark bounced' }).click();
  await expect(dialog).toBeHidden();
  await expect(finance.getByRole('table', { name: 'Receipts' }).getByRole('row', { name: new RegExp(number) })).toContainText('Cheque bounced');
  await financeContext.close();
  await page.reload();
  await expect(outstanding).toHaveText(shown(total));
  await expect(page.getByTestId('bucket-0-0')).toHaveText(shown(total));
});
