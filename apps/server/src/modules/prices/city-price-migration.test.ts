import { readFileSync } from 'node:fs';
import { inEffectAt } from '@shop/domain/pricing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import { type Database, jsonRows } from '../../db/client.ts';
import { periodInEffect } from '../catalogue/pricing.service.ts';
import { linkedCityRecords } from './city-price.service.ts';

// Decision 019, migration 0023: the marketplace's own city prices of storefront products become city
// prices and thresholds, and every linked record then shows what marketplaceCityPrice computes. Run
// here on the demo data: the bookkeeping row of 0023 is taken away and the data put back as it stood
// before (other cities' prices only on the records, a record's own sale and threshold, a record
// that disagrees with a city price), then the migration runs again.
let made: Awaited<ReturnType<typeof openTestDatabase>>;
let database: Database;
beforeAll(async () => {
  made = await openTestDatabase(undefined, { demo: true });
  database = made.database;
}, 180_000);
afterAll(async () => made?.drop());

const rows = <T>(query: ReturnType<typeof sql>) => jsonRows<T>(database.db, query);

describe('the SQL period rule is inEffectAt (decision 019)', () => {
  it('agrees on every edge of a period', async () => {
    const at = '2026-03-01T12:00:00.000Z';
    const periods = [
      { starts_at: '2026-03-01T11:00:00.000Z', ends_at: null },
      { starts_at: at, ends_at: null },
      { starts_at: '2026-03-01T12:00:01.000Z', ends_at: null },
      { starts_at: '2026-02-01T00:00:00.000Z', ends_at: '2026-03-01T12:00:01.000Z' },
      { starts_at: '2026-02-01T00:00:00.000Z', ends_at: at },
      { starts_at: '2026-02-01T00:00:00.000Z', ends_at: '2026-02-02T00:00:00.000Z' },
      { starts_at: at, ends_at: at },
    ];
    for (const period of periods) {
      const [row] = await rows<{ on: boolean }>(
        sql`select ${periodInEffect(sql.raw('x'), sql`${at}::timestamptz`)} as on from (select ${period.starts_at}::timestamptz as starts_at, ${period.ends_at}::timestamptz as ends_at) x`,
      );
      expect(row?.on, JSON.stringify(period)).toBe(inEffectAt(period, at));
    }
  });
});

interface Rec {
  id: number;
  product_id: number | null;
  city: string;
  price: string;
  sale_price: string | null;
  discount_threshold: number | null;
  discount_price: string | null;
}

describe('migration 0023: one city price (decision 019)', () => {
  it('makes city prices and thresholds of what the marketplace showed, keeps existing city prices, and every linked record then equals marketplaceCityPrice', async () => {
    const db = database.db;
    const records = await rows<Rec>(sql`select pc.id, b.product_id, c.name as city, pc.price::text as price, pc.sale_price::text as sale_price,
        pc.discount_threshold, pc.discount_price::text as discount_price
      from bmpl_product_cities pc join bmpl_products b on b.id = pc.bmpl_product_id join cities c on c.id = pc.city_id order by pc.id`);
    const linked = records.filter((r) => r.product_id !== null);
    // The seed's other-city prices and thresholds, as the records show them: the migration must make them again.
    const key = (r: { product_id: number | null; city: string }) => `${r.product_id}@${r.city}`;
    const otherPrices = await rows<{ product_id: number; city: string; price: string }>(
      sql`select x.product_id, c.name as city, x.price::text as price from city_prices x join cities c on c.id = x.city_id where c.name <> 'Lahore' order by 1, 2`,
    );
    const otherTiers = await rows<{ product_id: number; city: string; min_quantity: number; unit_price: string }>(
      sql`select x.product_id, c.name as city, x.min_quantity, x.unit_price::text as unit_price from quantity_prices x join cities c on c.id = x.city_id where c.name <> 'Lahore' order by 1, 2`,
    );
    expect(otherPrices.length).toBeGreaterThan(100);
    const shownTiers = new Set(linked.filter((r) => r.city !== 'Lahore' && r.discount_threshold !== null).map(key));
    await db.execute(sql`delete from city_prices where city_id <> (select id from cities where name = 'Lahore')`);
    await db.execute(sql`delete from quantity_prices where city_id <> (select id from cities where name = 'Lahore')`);

    // Lahore records as the old marketplace had them: one with its own sale, one with its own
    // threshold, and one that disagrees with the product's Lahore city price.
    const lahorePriced = new Set((await rows<{ product_id: number }>(sql`select product_id from city_prices`)).map((r) => r.product_id));
    const lahoreTiered = new Set((await rows<{ product_id: number }>(sql`select product_id from quantity_prices`)).map((r) => r.product_id));
    const plainLahore = linked.filter((r) => r.city === 'Lahore' && !lahorePriced.has(r.product_id!) && !lahoreTiered.has(r.product_id!) && r.sale_price === null && Number(r.price) > 50);
    const [onSale, withThreshold] = plainLahore;
    const disagreeing = linked.find((r) => r.city === 'Lahore' && lahorePriced.has(r.product_id!))!;
    const [cityPrice] = await rows<{ price: string }>(sql`select price::text as price from city_prices where product_id = ${disagreeing.product_id} and ends_at is null`);
    const salePrice = (Number(onSale!.price) - 5).toFixed(2);
    const tierPrice = (Number(withThreshold!.price) - 3).toFixed(2);
    await db.execute(sql`update bmpl_product_cities set sale = true, sale_price = ${salePrice}::numeric where id = ${onSale!.id}`);
    await db.execute(sql`update bmpl_product_cities set discount_threshold = 6, discount_price = ${tierPrice}::numeric where id = ${withThreshold!.id}`);
    await db.execute(sql`update bmpl_product_cities set price = 1 where id = ${disagreeing.id}`);
    const ownRecords = await rows<Record<string, unknown>>(
      sql`select pc.* from bmpl_product_cities pc join bmpl_products b on b.id = pc.bmpl_product_id where b.product_id is null order by pc.id`,
    );
    expect(ownRecords.length).toBeGreaterThan(0);

    // Run 0023 again: its statements as the migrator runs them, in one transaction (later migrations
    // stay applied, so the migrator itself would not run it again).
    const migration = readFileSync(new URL('../../db/migrations/0023_one_city_price.sql', import.meta.url), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint')) if (statement.trim()) await tx.execute(sql.raw(statement));
    });

    const cityPrices = await rows<{ product_id: number; city: string; price: string }>(
      sql`select x.product_id, c.name as city, x.price::text as price from city_prices x join cities c on c.id = x.city_id
        where x.ends_at is null and x.created_at = (select max(created_at) from city_prices) order by 1, 2`,
    );
    expect(cityPrices).toEqual(
      [...otherPrices, { product_id: onSale!.product_id!, city: 'Lahore', price: salePrice }].sort((a, b) => a.product_id - b.product_id || a.city.localeCompare(b.city)),
    );
    const tiers = await rows<{ product_id: number; city: string; min_quantity: number; unit_price: string }>(
      sql`select x.product_id, c.name as city, x.min_quantity, x.unit_price::text as unit_price from quantity_prices x join cities c on c.id = x.city_id
        where x.created_at = (select max(created_at) from quantity_prices) order by 1, 2`,
    );
    expect(tiers).toEqual(
      [...otherTiers.filter((t) => shownTiers.has(key(t))), { product_id: withThreshold!.product_id!, city: 'Lahore', min_quantity: 6, unit_price: tierPrice }].sort(
        (a, b) => a.product_id - b.product_id || a.city.localeCompare(b.city),
      ),
    );
    // The product's Lahore city price won over the record's own price.
    const [shown] = await rows<{ price: string }>(sql`select price::text as price from bmpl_product_cities where id = ${disagreeing.id}`);
    expect(shown?.price).toBe(cityPrice!.price);

    // Every linked record shows what the function computes; marketplace-only records are untouched.
    const after = await linkedCityRecords(db, 'all');
    expect(after).toHaveLength(linked.length);
    expect(after.filter((r) => JSON.stringify(r.now) !== JSON.stringify(r.due))).toEqual([]);
    expect(
      await rows<Record<string, unknown>>(sql`select pc.* from bmpl_product_cities pc join bmpl_products b on b.id = pc.bmpl_product_id where b.product_id is null order by pc.id`),
    ).toEqual(ownRecords);

    // One audit entry, no staff, with the counts.
    const audit = await rows<{ staff_id: number | null; after: { city_prices: number; quantity_prices: number; marketplace_records: number } }>(
      sql`select staff_id, after from audit_log where action = 'price.migrate' order by id desc limit 1`,
    );
    expect(audit[0]?.staff_id).toBeNull();
    expect(audit[0]?.after).toMatchObject({ city_prices: cityPrices.length, quantity_prices: tiers.length });
    expect(audit[0]?.after.marketplace_records).toBeGreaterThanOrEqual(3);
  });
});
