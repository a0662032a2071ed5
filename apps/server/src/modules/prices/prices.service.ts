import { PRICE_RULE_LABELS } from '@shop/domain/pricing';
import { formatKarachiDateTime, toKarachiIso } from '@shop/domain/karachi-time';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import type { AddPriceInput, PriceCheck, PriceCheckInput, PriceKind, PriceListQuery, StaffPrice } from '@shop/domain/prices';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isoTime } from '../../db/schema/common.ts';
import { followCounters } from '../../lib/db-mirror.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { priceProducts } from '../catalogue/pricing.service.ts';
import { refreshMarketplacePrices } from './city-price.service.ts';

export interface PriceActor {
  staffId: number;
  ip: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Each kind's table, the columns that name "the same price" (one in effect at a time) and its audit entity. */
const TABLES: Record<PriceKind, { table: string; key: readonly string[]; price: string; entity: string }> = {
  customer: { table: 'customer_prices', key: ['business_id', 'product_id'], price: 'price', entity: 'customer_price' },
  city: { table: 'city_prices', key: ['product_id', 'city_id'], price: 'price', entity: 'city_price' },
  quantity: { table: 'quantity_prices', key: ['product_id', 'city_id', 'min_quantity'], price: 'unit_price', entity: 'quantity_price' },
};

async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
}

const STATUS = (t: string) =>
  sql.raw(
    `case when ${t}.ends_at is not null and (${t}.ends_at <= now() or ${t}.ends_at = ${t}.starts_at) then 'ended' when ${t}.starts_at > now() then 'scheduled' else 'current' end`,
  );

interface PriceRow {
  id: number;
  business_id: number | null;
  business_name: string | null;
  city: string | null;
  product_id: number;
  product_name: string;
  sku: string;
  list_price: string;
  min_quantity: number | null;
  price: string;
  starts_at: string;
  ends_at: string | null;
  status: StaffPrice['status'];
}

function selectPrices(kind: PriceKind, where: SQL): SQL {
  const { table, price } = TABLES[kind];
  const t = sql.raw(table);
  const business = kind === 'customer' ? sql.raw('x.business_id, b.name as business_name') : sql.raw('null::int as business_id, null::text as business_name');
  const city = kind === 'customer' ? sql.raw('null::text as city') : sql.raw('c.name as city');
  const minQuantity = kind === 'quantity' ? sql.raw('x.min_quantity') : sql.raw('null::int as min_quantity');
  const joins = kind === 'customer' ? sql.raw('join businesses b on b.id = x.business_id') : sql.raw('join cities c on c.id = x.city_id');
  return sql`select x.id, ${business}, ${city}, x.product_id, p.name as product_name, p.sku, p.price::text as list_price, ${minQuantity},
      x.${sql.raw(price)}::text as price, x.starts_at::text as starts_at, x.ends_at::text as ends_at, ${STATUS('x')} as status
    from ${t} x join products p on p.id = x.product_id ${joins}
    where ${where}`;
}

const toStaffPrice = (kind: PriceKind, r: PriceRow): StaffPrice => ({
  ...r,
  kind,
  price: fromPaisa(toPaisa(r.price)),
  list_price: fromPaisa(toPaisa(r.list_price)),
  starts_at: toKarachiIso(isoTime(r.starts_at)),
  ends_at: r.ends_at == null ? null : toKarachiIso(isoTime(r.ends_at)),
});

/** Issue 19: the prices of one kind, newest first; ended ones only when asked. At most 200. */
export async function listPrices(db: Db, query: PriceListQuery): Promise<StaffPrice[]> {
  const conditions: SQL[] = [sql`true`];
  if (query.include_ended !== 'true') conditions.push(sql`(x.ends_at is null or (x.ends_at > now() and x.ends_at <> x.starts_at))`);
  if (query.business_id != null && query.kind === 'customer') conditions.push(sql`x.business_id = ${query.business_id}`);
  if (query.city && query.kind !== 'customer') conditions.push(sql`c.name = ${query.city}`);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    conditions.push(query.kind === 'customer' ? sql`(p.name ilike ${like} or p.sku ilike ${like} or b.name ilike ${like})` : sql`(p.name ilike ${like} or p.sku ilike ${like})`);
  }
  const rows = await rowsOf<PriceRow>(db, sql`${selectPrices(query.kind, sql.join(conditions, sql` and `))} order by x.starts_at desc, x.id desc limit 200`);
  return rows.map((r) => toStaffPrice(query.kind, r));
}

async function readPrice(db: Db | Tx, kind: PriceKind, id: number): Promise<StaffPrice | null> {
  const [row] = await rowsOf<PriceRow>(db, selectPrices(kind, sql`x.id = ${id}`));
  return row ? toStaffPrice(kind, row) : null;
}

async function cityId(db: Db | Tx, name: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(db, sql`select id from cities where name = ${name}`);
  if (!row) throw badRequest(`City ${name} was not found.`);
  return row.id;
}

/**
 * Issue 19: a new price, from starts_at (now when left out) until ends_at (open when left out). Money
 * is never edited: the price in effect for the same business and product (or product and city, and
 * threshold) is ended where the new one starts, in the same transaction, both audited. A price
 * already scheduled to start inside the new one's period is refused (end it first). Writes are
 * serialised per product (its row is locked), so two staff cannot make two prices in effect at once.
 */
export async function addPrice(db: Db, actor: PriceActor, input: AddPriceInput): Promise<StaffPrice> {
  const { table, key, price, entity } = TABLES[input.kind];
  return db.transaction(async (tx) => {
    const [product] = await rowsOf<{ id: number }>(tx, sql`select id from products where id = ${input.product_id} for update`);
    if (!product) throw badRequest(`Product ${input.product_id} was not found.`);
    const values: Record<string, number> = { product_id: input.product_id };
    if (input.kind === 'customer') {
      const [business] = await rowsOf<{ id: number }>(tx, sql`select id from businesses where id = ${input.business_id}`);
      if (!business) throw badRequest(`Business ${input.business_id} was not found.`);
      values.business_id = input.business_id;
    } else {
      values.city_id = await cityId(tx, input.city);
      if (input.kind === 'quantity') values.min_quantity = input.min_quantity;
    }
    const [now] = await rowsOf<{ now: string }>(tx, sql`select now()::text as now`);
    const startsAt = input.starts_at ?? isoTime((now as { now: string }).now);
    const endsAt = input.ends_at ?? null;
    if (Date.parse(startsAt) < Date.parse(isoTime((now as { now: string }).now)) - 60_000) throw badRequest('A price cannot start in the past.');
    const sameKey = sql.join(
      key.map((k) => sql`${sql.raw(k)} = ${values[k]}`),
      sql` and `,
    );
    const overlapping = await rowsOf<{ id: number; starts_at: string; ends_at: string | null }>(
      tx,
      sql`select id, starts_at::text as starts_at, ends_at::text as ends_at from ${sql.raw(table)}
        where ${sameKey} and ends_at is distinct from starts_at and (ends_at is null or ends_at > ${startsAt}::timestamptz)
          ${endsAt == null ? sql`` : sql`and starts_at < ${endsAt}::timestamptz`}`,
    );
    for (const o of overlapping) {
      if (Date.parse(isoTime(o.starts_at)) >= Date.parse(startsAt)) {
        throw conflict(`Another price is scheduled from ${formatKarachiDateTime(isoTime(o.starts_at))} in this period: end it first.`);
      }
    }
    for (const o of overlapping) {
      const before = await readPrice(tx, input.kind, o.id);
      await tx.execute(sql`update ${sql.raw(table)} set ends_at = ${startsAt}::timestamptz where id = ${o.id}`);
      await appendAudit(tx, { ...actor, action: 'price.end', entity, entityId: o.id, before, after: await readPrice(tx, input.kind, o.id) });
    }
    const columns = Object.keys(values);
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into ${sql.raw(table)} (${sql.raw([...columns, price, 'starts_at', 'ends_at'].join(', '))})
        values (${sql.join(
          columns.map((c) => sql`${values[c]}`),
          sql`, `,
        )}, ${input.price}::numeric, ${startsAt}::timestamptz, ${endsAt}::timestamptz) returning id`,
    );
    const created = await readPrice(tx, input.kind, (row as { id: number }).id);
    await appendAudit(tx, { ...actor, action: 'price.add', entity, entityId: (row as { id: number }).id, before: null, after: created });
    // Decision 019: the marketplace shows the city's price in effect, in the same transaction.
    if (input.kind !== 'customer') await refreshMarketplacePrices(tx, [input.product_id]);
    return created as StaffPrice;
  });
}

/**
 * Issue 19: ends a price at `endsAt` (now when left out). A price not started yet is withdrawn (it
 * ends where it starts, and never is in effect). An ended price cannot be ended again.
 */
export async function endPrice(db: Db, actor: PriceActor, kind: PriceKind, id: number, endsAt?: string): Promise<StaffPrice> {
  const { table, entity } = TABLES[kind];
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ product_id: number }>(tx, sql`select product_id from ${sql.raw(table)} where id = ${id}`);
    if (!row) throw notFound('Price not found');
    await tx.execute(sql`select id from products where id = ${row.product_id} for update`);
    const before = await readPrice(tx, kind, id);
    if (!before) throw notFound('Price not found');
    if (before.status === 'ended') throw conflict('This price has already ended.');
    const at = endsAt == null ? sql`greatest(now(), starts_at)` : sql`greatest(${endsAt}::timestamptz, starts_at)`;
    if (endsAt != null && before.ends_at != null && Date.parse(endsAt) > Date.parse(before.ends_at)) {
      throw badRequest('A price can only be ended earlier, not made longer: add a new one.');
    }
    await tx.execute(sql`update ${sql.raw(table)} set ends_at = ${at} where id = ${id}`);
    const after = await readPrice(tx, kind, id);
    await appendAudit(tx, { ...actor, action: 'price.end', entity, entityId: id, before, after });
    if (kind !== 'customer') await refreshMarketplacePrices(tx, [row.product_id]);
    return after as StaffPrice;
  });
}

/**
 * Issue 19: the price check. For a business (or a guest), a product, a quantity and a city (the
 * business's own when left out): what the cart charges per piece and which rule produced it. It asks
 * priceProducts, the very function of the cart's refresh and of order placement.
 */
export async function checkPrice(db: Db, input: PriceCheckInput): Promise<PriceCheck> {
  let business: { id: number; name: string; city: string | null } | null = null;
  if (input.business_id != null) {
    const [row] = await rowsOf<{ id: number; name: string; city: string | null }>(
      db,
      sql`select b.id, b.name, c.name as city from businesses b left join cities c on c.id = b.city_id where b.id = ${input.business_id}`,
    );
    if (!row) throw badRequest(`Business ${input.business_id} was not found.`);
    business = row;
  }
  const city = input.city ?? business?.city ?? null;
  const priced = await priceProducts(db, business?.id ?? null, [input.product_id], {
    cityId: city == null ? null : await cityId(db, city),
    quantities: new Map([[input.product_id, input.quantity]]),
  });
  const p = priced.get(input.product_id);
  if (!p) throw badRequest(`Product ${input.product_id} was not found.`);
  return {
    product_id: p.id,
    product_name: p.name,
    business_id: business?.id ?? null,
    business_name: business?.name ?? null,
    business_city: business?.city ?? null,
    city,
    quantity: input.quantity,
    unit_price: p.unit_price,
    unit_tax: p.unit_tax,
    line_total: fromPaisa(toPaisa(p.unit_price) * input.quantity),
    rule: p.price_rule,
    rule_label: PRICE_RULE_LABELS[p.price_rule],
  };
}

/** Businesses and products by name (or SKU) for the staff screens' pickers, 20 at most. */
export async function pickBusinesses(db: Db, search: string) {
  const like = `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return rowsOf<{ id: number; label: string }>(
    db,
    sql`select b.id, b.name || coalesce(' (' || c.name || ')', '') as label from businesses b left join cities c on c.id = b.city_id
      where b.name ilike ${like} order by b.name, b.id limit 20`,
  );
}

export async function pickProducts(db: Db, search: string) {
  const like = `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return rowsOf<{ id: number; label: string }>(
    db,
    sql`select id, name || ' (' || sku || ', Rs. ' || price::text || ')' as label from products
      where name ilike ${like} or sku ilike ${like} order by name, id limit 20`,
  );
}

/**
 * A locked price that starts or ends on its own (scheduled) changes listings without a write, so no
 * trigger raises the customer_prices counter the catalogue copies follow. The server raises it when a
 * boundary passed since the last look (docs/decisions/017-prices-and-content.md). A city price or
 * threshold that starts or ends on its own changes what the marketplace shows (decision 019): their
 * products' city records are refreshed, which moves the marketplace's counters. Answers the database's
 * time now and the next boundary of any of the three after it (null: none scheduled), so that the
 * server looks again only then (`followPriceBoundaries`), not every second.
 */
export async function bumpPassedBoundaries(db: Db, since: string): Promise<{ now: string; next: string | null }> {
  const passed = (alias: string) => {
    const t = sql.raw(alias);
    return sql`(${t}.starts_at > ${since}::timestamptz and ${t}.starts_at <= now()) or (${t}.ends_at > ${since}::timestamptz and ${t}.ends_at <= now())`;
  };
  const [row] = await rowsOf<{ now: string; moved: boolean; products: number[] | string | null; next: string | null }>(
    db,
    sql`with b as (select exists (select 1 from customer_prices x where ${passed('x')}) as moved),
        p as (select product_id from city_prices x where ${passed('x')} union select product_id from quantity_prices x where ${passed('x')})
      select now()::text as now, (select moved from b) as moved, (select json_agg(product_id) from p) as products,
        (select min(t) from (
          select min(starts_at) as t from customer_prices where starts_at > now() union all select min(ends_at) from customer_prices where ends_at > now()
          union all select min(starts_at) from city_prices where starts_at > now() union all select min(ends_at) from city_prices where ends_at > now()
          union all select min(starts_at) from quantity_prices where starts_at > now() union all select min(ends_at) from quantity_prices where ends_at > now()
        ) n)::text as next`,
  );
  if (row?.moved) await db.execute(sql`update catalogue_versions set version = version + 1 where name = 'customer_prices'`);
  const products = typeof row?.products === 'string' ? (JSON.parse(row.products) as number[]) : (row?.products ?? []);
  if (products.length > 0) {
    await db.transaction((tx) => refreshMarketplacePrices(tx, products));
    // Issue 36: the storefront's copies and answers show a city's prices too; their counter moves so they read them again.
    await db.execute(sql`update catalogue_versions set version = version + 1 where name = 'city_prices'`);
  }
  return row ? { now: isoTime(row.now), next: row.next === null ? null : isoTime(row.next) } : { now: since, next: null };
}

/** At least this often the schedule is read again, whatever it said (a safety net, not the bound). */
const BOUNDARY_RECHECK_MS = 60_000;
/** The counters of the scheduled prices (migrations 0007 and 0025). */
const PRICE_COUNTERS = ['customer_prices', 'city_prices', 'quantity_prices'] as const;

/**
 * A running server's follow of the prices' schedule, on the shared reads of the change counters
 * (every `everyMs`): it looks at the database when a scheduled boundary is due, when a prices'
 * counter moved (a price added or ended, here or on another instance, may bring a nearer boundary),
 * and once a minute; otherwise an idle server asks nothing. Returns the stop.
 */
export function followPriceBoundaries(db: Db, everyMs: number): () => void {
  let since = new Date().toISOString();
  let dueAt = 0;
  let lookedAt = 0;
  let seen: string | undefined;
  let running = false;
  return followCounters(db, everyMs, (versions) => {
    const counters = PRICE_COUNTERS.map((name) => versions.get(name)).join(',');
    const now = Date.now();
    if (running || (counters === seen && now < dueAt && now - lookedAt < BOUNDARY_RECHECK_MS)) return;
    running = true;
    seen = counters;
    lookedAt = now;
    bumpPassedBoundaries(db, since)
      .then(({ now: dbNow, next }) => {
        since = dbNow;
        // The database's clock decides; the wait until its next boundary is measured on our own.
        dueAt = next === null ? Number.POSITIVE_INFINITY : Date.now() + (Date.parse(next) - Date.parse(dbNow));
      })
      .catch(() => {
        dueAt = 0;
      })
      .finally(() => {
        running = false;
      });
  });
}
