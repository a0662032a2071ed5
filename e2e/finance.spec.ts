import { expect, test } from '@playwright/test';
import { buyerSignIn, staffSignIn } from './staff-sign-in.ts';

// Issue 18 "Done when" (Finance's part): Finance signs in with the second factor, records a part
// payment by cheque for the Credit demo business; the buyer's Outstandings show the new balance; the
// cheque bounces and the balance returns. Staff screens are desktop screens.
test.describe.configure({ timeout: 150_000 });
test.skip(({ isMobile }) => isMobile, 'the back office is used on desktops and tablets');

const BUSINESS = 'Crescent Hotel & Caterers';

/** "Rs. 512,340" as a number of rupees. */
const rupeesOf = (text: string | null) => Number((text ?? '').replace('Rs.', '').replace(/[^\d.]/g, ''));
const shown = (n: number) => `Rs. ${n.toLocaleString('en-US')}`;

test('Finance records a part payment by cheque; the buyer sees the new balance; the cheque bounces and the balance returns', async ({ page, browser }) => {
  // What the Credit buyer owes now, as the Outstandings page shows it.
  const buyer = await (await browser.newContext()).newPage();
  await buyerSignIn(buyer, 'credit@demo.pk');
  await buyer.goto('/ledgers');
  const outstanding = buyer.getByTestId('credit-outstanding');
  await expect(outstanding).toBeVisible();
  const before = rupeesOf(await outstanding.textContent());
  const over30Before = await buyer.getByTestId('bucket-30+').textContent();
  expect(before).toBeGreaterThan(50_000);

  // Finance finds the business and records Rs. 50,000 by cheque (applied to the oldest invoices first).
  await staffSignIn(page, 'finance@staff.demo.pk', '/staff/finance/ledgers', 'Business ledgers');
  await page.getByLabel('Business name or number').fill('Crescent');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('table', { name: 'Businesses' }).getByRole('link', { name: BUSINESS }).click();
  await expect(page.getByRole('heading', { name: BUSINESS, level: 1 })).toBeVisible();
  const balanceBefore = await page.getByTestId('ledger-balance').textContent();
  const form = page.getByRole('form', { name: 'Record a receipt' });
  await form.getByLabel('Method').selectOption('Cheque');
  await form.getByLabel('Amount (Rs.)').fill('50000');
  await form.getByLabel('Cheque number').fill('00789012');
  await form.getByLabel('Bank', { exact: true }).fill('United Bank Limited');
  await form.getByRole('button', { name: 'Record receipt' }).click();
  const recorded = page.getByRole('status').filter({ hasText: /Receipt RCT-\d{4}-\d{6} recorded/ });
  await expect(recorded).toBeVisible();
  const number = (await recorded.textContent())?.match(/RCT-\d{4}-\d{6}/)?.[0] as string;
  const receipts = page.getByRole('table', { name: 'Receipts' });
  await expect(receipts.getByRole('row', { name: new RegExp(number) })).toContainText('Cheque pending');
  await expect(page.getByTestId('ledger-balance')).not.toHaveText(balanceBefore ?? '');

  // The printable receipt.
  await page.getByRole('link', { name: 'Print receipt' }).click();
  await expect(page.getByRole('heading', { name: number, exact: true })).toBeVisible();
  await expect(page.getByText(/No. 00789012, United Bank Limited/)).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();

  // The buyer's Outstandings show the new balance at once.
  await buyer.reload();
  await expect(outstanding).toHaveText(shown(before - 50_000));

  // The cheque bounces: a reversing entry with a reason; the balance returns.
  await page.getByRole('button', { name: `Mark cheque of ${number} bounced` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Returned by the bank: insufficient funds');
  await dialog.getByRole('button', { name: 'Mark bounced' }).click();
  await expect(dialog).toBeHidden();
  await expect(receipts.getByRole('row', { name: new RegExp(number) })).toContainText('Cheque bounced');
  await expect(page.getByTestId('ledger-balance')).toHaveText(balanceBefore ?? '');
  await expect(page.getByRole('table', { name: 'Statement' })).toContainText('Cheque bounced: Returned by the bank: insufficient funds');

  await buyer.reload();
  await expect(outstanding).toHaveText(shown(before));
  await expect(buyer.getByTestId('bucket-30+')).toHaveText(over30Before ?? '');
});
