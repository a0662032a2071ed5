import type { Order, PricedProduct } from '@shop/domain/orders';
import type { PriceCheck, StaffPrice } from '@shop/domain/prices';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusiness, makeUser, signIn } from '../../../test/factories.ts';
import { makeProducts, newKey } from '../../../test/order-factories.ts';
import { type SignedInStaff, signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { businesses, customerPrices } from '../../db/schema/business.ts';
import { catalogueVersions } from '../../db/schema/catalogue.ts';
import { followCounters } from '../../lib/db-mirror.ts';
import { bumpPassedBoundaries, followPriceBoundaries } from './prices.service.ts';
import { cities } from '../../db/schema/places.ts';
import { auditLog } from '../../db/schema/staff.ts';

let t: TestApp;
let catalogue: SignedInStaff;
let desk: SignedInStaff;
let lahore: number;
beforeAll(async () => {
  t = await createTestApp();
  catalogue = await signInStaff(t, { email: 'prices-catalogue@staff.pk', roles: ['Catalogue'] });
  desk = await signInStaff(t, { email: 'prices-desk@staff.pk', roles: ['Order desk'] });
  const rows = await t.database.db.insert(cities).values([{ name: 'Lahore' }, { name: 'Karachi' }]).onConflictDoNothing().returning();
  lahore = rows.find((c) => c.name === 'Lahore')?.id ?? (await t.database.db.select().from(cities).where(eq(cities.name, 'Lahore')))[0]!.id;
});
afterAll(async () => t.close());

/** A Cash business in Lahore with an Owner signed in, and one product (list Rs. 118.00, tax 18 of 118). */
async function world(options: { sale?: boolean; salePrice?: string } = {}) {
  const db = t.database.db;
  const business = await makeBusiness(db);
  await db.update(businesses).set({ cityId: lahore }).where(eq(businesses.id, business.id));
  const owner = await makeUser(db, { businessId: business.id, type: 'Owner' });
  const [product] = await makeProducts(db, 1, { sale: options.sale, salePrice: options.salePrice ?? null });
  return { business, owner, product: product!, buyer: await signIn(t.app, owner.email) };
}

const add = (payload: Record<string, unknown>, who = catalogue) => who.inject({ method: 'POST', url: '/api/staff/prices', payload });
const check = async (payload: Record<string, unknown>) => {
  const res = await desk.inject({ method: 'POST', url: '/api/staff/prices/check', payload });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: PriceCheck }>(res).data;
};
const cartPrice = async (headers: Record<string, string>, id: number, quantity: number) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/cart/price', headers, payload: { ids: [id], quantities: [quantity] } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: PricedProduct[] }>(res).data[0]!;
};
const order = async (headers: Record<string, string>, id: number, quantity: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/write/Orders',
    headers: { ...headers, 'idempotency-key': newKey() },
    payload: { payment_mode: 'Cash', status: 'In Process', order_details: [{ product_id: id, quantity }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: Order }>(res).data;
};

describe('the price check answers what the cart and order placement charge (issue 19)', () => {
  it('for each rule: list, sale, city, quantity threshold and customer price, the check equals the cart and the order', async () => {
    const w = await world({ sale: true, salePrice: '110.00' });
    const agree = async (quantity: number, unit: string, rule: string) => {
      const answer = await check({ business_id: w.business.id, product_id: w.product.id, quantity });
      expect([answer.unit_price, answer.rule, answer.city]).toEqual([unit, rule, 'Lahore']);
      const cart = await cartPrice(w.buyer, w.product.id, quantity);
      expect([cart.unit_price, cart.price_rule]).toEqual([unit, rule]);
      const placed = await order(w.buyer, w.product.id, quantity);
      expect(placed.order_details[0]?.unit_price).toBe(answer.unit_price);
      expect(placed.total_price).toBe(answer.line_total);
    };
    await agree(1, '110.00', 'sale');
    expect((await add({ kind: 'city', city: 'Lahore', product_id: w.product.id, price: '105' })).statusCode).toBe(200);
    await agree(1, '105.00', 'city');
    expect((await add({ kind: 'quantity', city: 'Lahore', product_id: w.product.id, min_quantity: 10, price: '99.50' })).statusCode).toBe(200);
    await agree(9, '105.00', 'city');
    await agree(10, '99.50', 'quantity');
    // Another city's business is charged neither the Lahore city price nor its threshold.
    const karachi = await check({ business_id: w.business.id, product_id: w.product.id, quantity: 10, city: 'Karachi' });
    expect([karachi.unit_price, karachi.rule]).toEqual(['110.00', 'sale']);
    expect((await add({ kind: 'customer', business_id: w.business.id, product_id: w.product.id, price: '101' })).statusCode).toBe(200);
    await agree(10, '101.00', 'customer');
    // A guest's cart has no business and no city: the sale price.
    const guest = await check({ product_id: w.product.id, quantity: 10 });
    expect([guest.unit_price, guest.rule, guest.business_id]).toEqual(['110.00', 'sale', null]);
  });
});

describe('prices are ended and replaced, never edited (issue 19)', () => {
  it('a new customer price ends the one in effect where it starts; both writes audited; the storefront shows the new one', async () => {
    const w = await world();
    const first = body<{ data: StaffPrice }>(await add({ kind: 'customer', business_id: w.business.id, product_id: w.product.id, price: '100' })).data;
    expect(first.status).toBe('current');
    const second = body<{ data: StaffPrice }>(await add({ kind: 'customer', business_id: w.business.id, product_id: w.product.id, price: '95.25' })).data;
    const list = body<{ data: StaffPrice[] }>(
      await catalogue.inject({ method: 'GET', url: `/api/staff/prices?kind=customer&business_id=${w.business.id}&include_ended=true` }),
    ).data;
    expect(list.map((p) => [p.id, p.price, p.status])).toEqual([
      [second.id, '95.25', 'current'],
      [first.id, '100.00', 'ended'],
    ]);
    const product = await t.app.inject({ method: 'GET', url: `/api/custom_route/get_products_by_categories?filter=id&filterValue=${w.product.id}`, headers: w.buyer });
    expect(product.body).toContain('"customer_specific_pricing":"95.25"');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer_price'), sql`${auditLog.entityId} in (${String(first.id)}, ${String(second.id)})`));
    expect(audits.map((a) => a.action).sort()).toEqual(['price.add', 'price.add', 'price.end']);
  });

  it('a scheduled price is not charged before its start; ending a price stops it; an ended price cannot be ended again', async () => {
    const w = await world();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const later = body<{ data: StaffPrice }>(await add({ kind: 'city', city: 'Lahore', product_id: w.product.id, price: '90', starts_at: tomorrow })).data;
    expect(later.status).toBe('scheduled');
    expect((await cartPrice(w.buyer, w.product.id, 1)).unit_price).toBe('118.00');
    // An open-ended price from now overlaps the scheduled one: refused until that one is withdrawn.
    expect((await add({ kind: 'city', city: 'Lahore', product_id: w.product.id, price: '100' })).statusCode).toBe(409);
    const withdrawn = body<{ data: StaffPrice }>(await catalogue.inject({ method: 'POST', url: `/api/staff/prices/city/${later.id}/end`, payload: {} })).data;
    expect([withdrawn.status, withdrawn.ends_at]).toEqual(['ended', withdrawn.starts_at]);
    const now = body<{ data: StaffPrice }>(await add({ kind: 'city', city: 'Lahore', product_id: w.product.id, price: '100' })).data;
    expect(now.status).toBe('current');
    expect(now.ends_at).toBeNull();
    expect((await cartPrice(w.buyer, w.product.id, 1)).unit_price).toBe('100.00');
    const ended = await catalogue.inject({ method: 'POST', url: `/api/staff/prices/city/${now.id}/end`, payload: {} });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await cartPrice(w.buyer, w.product.id, 1)).unit_price).toBe('118.00');
    const again = await catalogue.inject({ method: 'POST', url: `/api/staff/prices/city/${now.id}/end`, payload: {} });
    expect([again.statusCode, again.json().error]).toEqual([409, 'This price has already ended.']);
  });

  it('an open-ended price over a scheduled one is refused with a reason; bad input changes nothing', async () => {
    const w = await world();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await add({ kind: 'quantity', city: 'Lahore', product_id: w.product.id, min_quantity: 5, price: '90', starts_at: tomorrow })).statusCode).toBe(200);
    const clash = await add({ kind: 'quantity', city: 'Lahore', product_id: w.product.id, min_quantity: 5, price: '95' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatch(/^Another price is scheduled from .* in this period: end it first\.$/);
    for (const bad of [
      { kind: 'city', city: 'Paris', product_id: w.product.id, price: '90' },
      { kind: 'city', city: 'Lahore', product_id: w.product.id, price: '-1' },
      { kind: 'city', city: 'Lahore', product_id: w.product.id, price: '0' },
      { kind: 'quantity', city: 'Lahore', product_id: w.product.id, min_quantity: 1, price: '90' },
      { kind: 'customer', business_id: 999999, product_id: w.product.id, price: '90' },
      { kind: 'city', city: 'Lahore', product_id: 999999, price: '90' },
      { kind: 'city', city: 'Lahore', product_id: w.product.id, price: '90', starts_at: tomorrow, ends_at: tomorrow },
    ]) {
      const res = await add(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const listed = body<{ data: StaffPrice[] }>(await catalogue.inject({ method: 'GET', url: '/api/staff/prices?kind=quantity&include_ended=true' })).data;
    expect(listed.filter((p) => p.product_id === w.product.id)).toHaveLength(1);
  });

  it('the Order desk reads and checks prices but may not set them', async () => {
    const w = await world();
    const res = await add({ kind: 'city', city: 'Lahore', product_id: w.product.id, price: '90' }, desk);
    expect(res.statusCode).toBe(403);
  });
});

describe('a scheduled locked price reaches the catalogue copy at its start (issue 19)', () => {
  it('the copy keeps the old price until the clock raises the counter; then the listing shows the new one', async () => {
    const w = await world();
    const listed = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/custom_route/get_products_by_categories?filter=id&filterValue=${w.product.id}`, headers: w.buyer });
      return (res.json() as { data: { products: { customer_specific_pricing: string | null }[] } }).data.products[0]?.customer_specific_pricing;
    };
    expect(await listed()).toBeNull();
    const since = new Date().toISOString();
    const [price] = await t.database.db
      .insert(customerPrices)
      .values({ businessId: w.business.id, productId: w.product.id, price: '99.00', startsAt: new Date(Date.now() + 3_600_000).toISOString() })
      .returning({ id: customerPrices.id });
    // The insert itself moved the counter: the copy reloads, and the price is not in effect yet.
    expect(await listed()).toBeNull();
    // Its start passes without a write: as the clock would, the row's start becomes now with no trigger
    // running (so no counter moves), instead of the test waiting for a real start a loaded machine may
    // reach before the look above.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update customer_prices set starts_at = now() where id = ${price!.id}`);
    });
    // The copy still answers without it.
    expect(await listed()).toBeNull();
    await bumpPassedBoundaries(t.database.db, since);
    expect(await listed()).toBe('99.00');
  });

  it('a running server follows the schedule: the counter rises at a scheduled start and at its end, and rests after', async () => {
    const w = await world();
    const versionOf = async () =>
      Number((await t.database.db.select().from(catalogueVersions).where(eq(catalogueVersions.name, 'customer_prices')))[0]?.version);
    // The counter's moves are counted, and the reads of the counters the follower makes (the same
    // shared reads, every 50 ms), never wall-clock time.
    const versionIn = async (db: Pick<typeof t.database.db, 'select'>) =>
      Number((await db.select().from(catalogueVersions).where(eq(catalogueVersions.name, 'customer_prices')))[0]?.version);
    let reads = 0;
    const stopCounting = followCounters(t.database.db, 50, () => {
      reads++;
    });
    /** The counter once it has moved past `from` (45 s ends a failing test). */
    const movedPast = async (from: number) => {
      for (let i = 0; i < 450 && (await versionOf()) <= from; i++) await new Promise((r) => setTimeout(r, 100));
      return versionOf();
    };
    const stop = followPriceBoundaries(t.database.db, 50);
    try {
      // A price with a start 1 s ahead, and the counter its insert left (the same transaction: the
      // follower's own move can only come after it).
      const [price, added] = await t.database.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(customerPrices)
          .values({ businessId: w.business.id, productId: w.product.id, price: '97.00', startsAt: new Date(Date.now() + 1_000).toISOString() })
          .returning({ id: customerPrices.id });
        return [row!, await versionIn(tx)] as const;
      });
      // At the start, with no write: the counter rises.
      const afterStart = await movedPast(added);
      expect(afterStart).toBeGreaterThan(added);
      // An end 1 s ahead, set once the start is past (so the two boundaries are apart however slow the machine).
      const edited = await t.database.db.transaction(async (tx) => {
        await tx.update(customerPrices).set({ endsAt: new Date(Date.now() + 1_000).toISOString() }).where(eq(customerPrices.id, price.id));
        return versionIn(tx);
      });
      // At the end, with no write: it rises again.
      const afterEnd = await movedPast(edited);
      expect(afterEnd).toBeGreaterThan(edited);
      // Nothing more scheduled: the counter rests over the next ten reads of the counters.
      const readsAtEnd = reads;
      while (reads < readsAtEnd + 10) await new Promise((r) => setTimeout(r, 20));
      expect(await versionOf()).toBe(afterEnd);
    } finally {
      stop();
      stopCounting();
    }
  });
});
