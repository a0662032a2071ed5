import { MAX_ORDER_QUANTITY } from '@shop/domain/order-rules';
import { displayPrice, isOnSale, isReducedBySale } from '@shop/domain/pricing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, jsonRows } from '../src/db/client.ts';
import { displayedPriceSql } from '../src/modules/catalogue/listing-sql.ts';
import { openTestDatabase } from './test-app.ts';

// Issue 17, "each rule once" (docs/catalogue-rules.md): where a rule of packages/domain must also stand
// in the database, as an index expression or a check that a migration made, or in the demo data, this
// compares the two, so they cannot drift apart unnoticed. Runs on PGlite and (TEST_DATABASE_URL) PostgreSQL.

/** An index definition on one line (PostgreSQL prints a CASE over several), spaces inside brackets dropped. */
const oneLine = (def: string) => def.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')');

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase(undefined, { demo: true }));
}, 180_000);
afterAll(() => drop?.());

describe('the displayed price (pricing.ts DISPLAYED_PRICE_SOURCES)', () => {
  it("is the expression of every listing index over the products' prices (migrations 0003 and 0005)", async () => {
    // The database's own rendering of the expression derived from the domain (listing-sql.ts), read
    // back from an index made of it, compared with the indexes the migrations made by hand.
    await database.db.execute(sql`create index rules_test_displayed_price on products ((${displayedPriceSql(null)}))`);
    try {
      const [made] = await jsonRows<{ def: string }>(database.db, sql`select indexdef as def from pg_indexes where indexname = 'rules_test_displayed_price'`);
      const expression = /USING btree \((.*)\)$/.exec(oneLine(made!.def))?.[1];
      expect(expression ?? made!.def).toMatch(/^\(CASE WHEN .* END\)$/);
      const listing = await jsonRows<{ name: string; def: string }>(
        database.db,
        sql`select indexname as name, indexdef as def from pg_indexes
            where tablename = 'products' and indexdef like '%sale_price%' and indexname <> 'rules_test_displayed_price' order by indexname`,
      );
      expect(listing.length).toBeGreaterThan(0);
      for (const index of listing) expect(oneLine(index.def), index.name).toContain(expression!);
    } finally {
      await database.db.execute(sql`drop index rules_test_displayed_price`);
    }
  });

  it('decides which demo products get a city price of their own in the other cities (seed/prices-content.ts)', async () => {
    const rows = await jsonRows<{ price: string; p_price: string; sale: boolean; sale_price: string | null }>(
      database.db,
      sql`select cp.price::text as price, p.price::text as p_price, p.sale, p.sale_price::text as sale_price
          from city_prices cp join products p on p.id = cp.product_id join cities c on c.id = cp.city_id where c.name <> 'Lahore'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    // Only a price that differs from the product's displayed price is a city price of its own.
    const same = rows.filter((r) => Number(r.price) === Number(displayPrice({ price: r.p_price, sale: r.sale, sale_price: r.sale_price, customer_specific_pricing: null })));
    expect(same).toEqual([]);
  });
});

describe('on sale (pricing.ts isOnSale, issue 38)', () => {
  it("is what the products' sale column says on the demo, which the listing filter `sale` reads; every product on sale is reduced", async () => {
    const rows = await jsonRows<{ id: number; price: string; sale: boolean; sale_price: string | null }>(
      database.db,
      sql`select id, price::text as price, sale, sale_price::text as sale_price from products order by id`,
    );
    expect(rows.filter((r) => r.sale).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.sale !== isOnSale(r)).map((r) => r.id)).toEqual([]);
    expect(rows.filter((r) => isOnSale(r) && !isReducedBySale(r)).map((r) => r.id)).toEqual([]);
  });
});

describe('the quantity cap (order-rules.ts MAX_ORDER_QUANTITY)', () => {
  it("is the upper bound of the database's quantity checks (order list items, quantity price thresholds)", async () => {
    const checks = await jsonRows<{ name: string; def: string }>(
      database.db,
      sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
          where conname in ('order_list_items_quantity_ck', 'quantity_prices_min_ck') order by conname`,
    );
    expect(checks.map((c) => c.name)).toEqual(['order_list_items_quantity_ck', 'quantity_prices_min_ck']);
    for (const check of checks) {
      const bounds = [...check.def.matchAll(/<= (\d+)/g)].map((m) => Number(m[1]));
      expect(bounds, `${check.name}: ${check.def}`).toEqual([MAX_ORDER_QUANTITY]);
    }
  });
});
