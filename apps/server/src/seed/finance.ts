// Issue 18 demo data: a few receipts for the Credit demo business, so its ledger page and statement
// are not empty, posted through the same service Finance uses (numbers, allocations, audit entries).
import { formatKarachiDate } from '@shop/domain/karachi-time';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { creditHoldReleases } from '../db/schema/finance.ts';
import { ledgers } from '../db/schema/orders.ts';
import { staffUsers } from '../db/schema/staff.ts';
import { clearCheque, recordReceipt } from '../modules/finance/finance-writes.service.ts';
import type { DemoAccounts } from './accounts.ts';

/** How long the demo Credit business may order on Credit despite its overdue demo invoices. */
export const DEMO_HOLD_RELEASE_DAYS = 365;

export async function insertDemoReceipts(db: Db, accounts: DemoAccounts, now: Date): Promise<void> {
  const business = accounts.users.credit.business.id;
  const [finance] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, 'finance@staff.demo.pk'));
  if (!finance) throw new Error('demo Finance person missing');
  const actor = { staffId: finance.id, ip: 'seed' };
  const entries = await db
    .select({ id: ledgers.id, mode: ledgers.paymentMode, payable: ledgers.payable, payableBy: ledgers.payableBy })
    .from(ledgers)
    .where(and(eq(ledgers.businessId, business)))
    .orderBy(asc(ledgers.payableBy), asc(ledgers.id));
  const today = formatKarachiDate(now);
  const cash = entries.find((e) => e.mode === 'Cash');
  const overdueCredit = entries.filter((e) => e.mode === 'Credit' && e.payableBy < today);
  // Half the Cash invoice paid at the door; part of two overdue Credit invoices paid, so every aging
  // bucket still holds money (README: "ledger entries in every aging bucket") and Cash is still owed.
  if (cash) {
    const half = Math.floor(toPaisa(cash.payable) / 200) * 100;
    await recordReceipt(db, actor, business, { method: 'Cash', amount: fromPaisa(half), received_on: today, apply_to: [cash.id], idempotency_key: 'demo-receipt-cash-1', note: 'Part paid to the driver on delivery' });
  }
  const [, fifteen, seven] = overdueCredit;
  if (fifteen) {
    await recordReceipt(db, actor, business, { method: 'Bank transfer', amount: '25000.00', received_on: today, reference: 'IBFT 88123401', apply_to: [fifteen.id], idempotency_key: 'demo-receipt-bank-1' });
  }
  if (seven) {
    const id = await recordReceipt(db, actor, business, {
      method: 'Cheque',
      amount: '15000.00',
      received_on: today,
      cheque_number: '00451237',
      cheque_bank: 'Habib Bank Limited',
      cheque_date: today,
      apply_to: [seven.id],
      idempotency_key: 'demo-receipt-cheque-1',
    });
    await clearCheque(db, actor, id);
  }
  // The demo invoices are overdue by design (every aging bucket), which puts the business on credit
  // hold (issue 18); the demo's Credit buyer must still be able to order on Credit, as the README says.
  await db.insert(creditHoldReleases).values({
    businessId: business,
    until: sql`now() + make_interval(days => ${DEMO_HOLD_RELEASE_DAYS})`,
    days: DEMO_HOLD_RELEASE_DAYS,
    // Issue 37: nothing above the credit limit; the release lifts only the overdue hold.
    amount: '0',
    reason: 'Demo data: the overdue demo invoices are kept for the aging buckets; Credit orders stay possible.',
    staffId: finance.id,
  });
}
