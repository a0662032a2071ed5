import { ORDER_STATUSES, PAYMENT_MODES } from '@shop/domain/constants';
import { RECEIPT_METHODS, STATEMENT_KINDS } from '@shop/domain/finance';
import { isOverdue } from '@shop/domain/ledgers';
import { RUN_STATUSES } from '@shop/domain/order-desk';
import { CHANGE_REQUEST_KINDS, CHANGE_REQUEST_STATUSES, ORDER_REFERENCE_MAX } from '@shop/domain/policy-facts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, jsonRows } from '../src/db/client.ts';
import { ledgers } from '../src/db/schema/orders.ts';
import { holdFactsSql } from '../src/modules/finance/postings.service.ts';
import { makeBusiness, makeUser } from './factories.ts';
import { openTestDatabase } from './test-app.ts';

// Issue 38 (docs/order-rules.md): where an order rule of packages/domain also stands in the database, as a
// check a migration made, or in SQL that cannot import it, this compares the two, as catalogue-rules.test.ts
// does for the catalogue. Runs on PGlite and (TEST_DATABASE_URL) PostgreSQL.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
}, 180_000);
afterAll(() => drop?.());

/** The quoted values of a check's `in (...)` list, as PostgreSQL prints it (= ANY (ARRAY['a'::text, ...])). */
const listed = (def: string) => [...def.matchAll(/'([^']*)'::text/g)].map((m) => m[1]);

describe("the database's checks hold the domain's lists", () => {
  it('statuses, payment modes, run statuses, change requests, receipt methods and posting kinds', async () => {
    const checks = new Map(
      (await jsonRows<{ name: string; def: string }>(database.db, sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where contype = 'c'`)).map((c) => [c.name, c.def]),
    );
    const expected: [string, readonly string[]][] = [
      ['orders_status_ck', ORDER_STATUSES],
      ['orders_payment_mode_ck', PAYMENT_MODES],
      ['ledgers_payment_mode_ck', PAYMENT_MODES],
      ['delivery_runs_status_ck', RUN_STATUSES],
      ['order_change_requests_kind_ck', CHANGE_REQUEST_KINDS],
      ['order_change_requests_status_ck', CHANGE_REQUEST_STATUSES],
      ['receipts_method_ck', RECEIPT_METHODS],
      ['ledger_postings_kind_ck', STATEMENT_KINDS],
    ];
    for (const [name, values] of expected) {
      const def = checks.get(name);
      expect(def, name).toBeDefined();
      expect(listed(def!).sort(), `${name}: ${def}`).toEqual([...values].sort());
    }
    expect(checks.get('orders_reference_ck'), 'orders_reference_ck').toContain(`${ORDER_REFERENCE_MAX}`);
  });
});

describe('overdue (ledgers.ts isOverdue)', () => {
  it("is what the credit hold's SQL reads as overdue (finance/postings.service.ts holdFactsSql: payable_by before today)", async () => {
    const business = await makeBusiness(database.db, { paymentMode: 'Credit' });
    const user = await makeUser(database.db, { businessId: business.id, type: 'Owner' });
    const due = '2026-03-31';
    await database.db.insert(ledgers).values({ businessId: business.id, businessUserId: user.id, totalSpent: '1000.00', payable: '1000.00', payableBy: due, paymentMode: 'Credit' });
    const seen: boolean[] = [];
    for (const today of ['2026-03-30', '2026-03-31', '2026-04-01', '2026-05-01']) {
      const [row] = await jsonRows<{ overdue: unknown }>(database.db, sql`select ${holdFactsSql(sql`${business.id}::int`, today)}`);
      expect(row!.overdue != null, today).toBe(isOverdue(due, today));
      seen.push(row!.overdue != null);
    }
    expect(seen).toEqual([false, false, true, true]);
  });
});
