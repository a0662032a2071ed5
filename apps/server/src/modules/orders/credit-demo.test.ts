// Issue 14.12 on the demo data: credit@demo.pk (Crescent Hotel & Caterers, Credit, ledger entries in
// every aging bucket and open Credit orders) can still place a modest Credit order.
import type { CreditStanding, Order } from '@shop/domain/orders';
import { toPaisa } from '@shop/domain/money';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../../test/demo-app.ts';
import { body } from '../../../test/test-app.ts';

const demo = useDemoApp();

describe('the demo Credit business (issue 14.12)', () => {
  it('owes its ledger and open Credit orders, and can still place a modest Credit order', async () => {
    const res = await demo.get('/api/orders/credit', demo.h.credit as Record<string, string>);
    const standing = body<{ data: CreditStanding }>(res).data;
    expect(toPaisa(standing.ledger_outstanding)).toBeGreaterThan(0);
    expect(toPaisa(standing.open_orders)).toBeGreaterThan(0);
    // Room for a few weeks of a hotel's orders.
    expect(toPaisa(standing.available)).toBeGreaterThanOrEqual(toPaisa('100000.00'));
    const rows = await demo.t.database.db.execute(sql`select id from products where stock >= 10 and price < 2000 order by id limit 3`);
    const products = (rows as unknown as { rows: { id: number }[] }).rows;
    const placed = await demo.t.app.inject({
      method: 'POST',
      url: '/api/write/Orders',
      headers: demo.h.credit,
      payload: { payment_mode: 'Credit', order_details: products.map((p) => ({ product_id: p.id, quantity: 2 })) },
    });
    expect(placed.statusCode).toBe(200);
    expect(body<{ data: Order }>(placed).data).toMatchObject({ payment_mode: 'Credit', status: 'In Process' });
  });
});
