// Issue 35: the cities and their areas, kept by staff (role Admin): list, add, change (name, active,
// delivery days, cut-off time; an area's name, store and active), delete only what nothing uses (a
// city or area in use is made inactive instead). Every write is audited in its transaction. Sign-up,
// the storefront and the marketplace read the active cities from here (publicCities).
import type { AreaInput, CityInput, PublicCities, StaffArea, StaffCity } from '@shop/domain/places';
import { DEFAULT_CITY } from '@shop/domain/constants';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import type { CityOrderPolicy } from '@shop/domain/policy-facts';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import { renameRunsCity } from '../order-desk/delivery-runs.service.ts';
import { areas, cities } from '../../db/schema/places.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { businessCountSql, type StaffActor, type Tx } from '../businesses/businesses.service.ts';

type CityRow = typeof cities.$inferSelect;
type AreaRow = typeof areas.$inferSelect;

const cityOut = (c: CityRow) => ({ id: c.id, name: c.name, delivery_days: c.deliveryDays, cutoff_time: c.cutoffTime });
const cityState = (c: CityRow) => ({
  name: c.name,
  active: c.active,
  delivery_days: c.deliveryDays,
  cutoff_time: c.cutoffTime,
  min_order_value: c.minOrderValue,
});
const areaState = (a: AreaRow) => ({ city_id: a.cityId, name: a.name, store_id: a.storeId, active: a.active });

/** The active cities a buyer may choose, in the order they were added, and the one a new visitor starts in. */
export async function publicCities(db: Db): Promise<PublicCities> {
  const rows = await db.select().from(cities).where(eq(cities.active, true)).orderBy(asc(cities.id));
  const list = rows.map(cityOut);
  return { cities: list, default_city: (list.find((c) => c.name === DEFAULT_CITY) ?? list[0])?.name ?? null };
}

/** Every city (inactive ones too) with its areas and businesses counted. */
export async function listStaffCities(db: Db | Tx): Promise<StaffCity[]> {
  const rows = await jsonRows<{ id: number; areas: number; active_areas: number; businesses: number }>(
    db as Db,
    sql`select c.id,
          (select count(*)::int from areas a where a.city_id = c.id) as areas,
          (select count(*)::int from areas a where a.city_id = c.id and a.active) as active_areas,
          ${businessCountSql({ cityId: sql`c.id` })} as businesses
        from cities c`,
  );
  const counts = new Map(rows.map((r) => [Number(r.id), r]));
  const all = await db.select().from(cities).orderBy(asc(cities.name));
  return all.map((c) => {
    const n = counts.get(c.id);
    return { ...cityOut(c), active: c.active, min_order_value: c.minOrderValue, areas: n?.areas ?? 0, active_areas: n?.active_areas ?? 0, businesses: n?.businesses ?? 0 };
  });
}

async function oneCity(db: Db | Tx, id: number): Promise<StaffCity> {
  const found = (await listStaffCities(db)).find((c) => c.id === id);
  if (!found) throw notFound('There is no such city.');
  return found;
}

async function cityRow(tx: Tx, id: number): Promise<CityRow> {
  const [row] = await tx.select().from(cities).where(eq(cities.id, id)).for('update');
  if (!row) throw notFound('There is no such city.');
  return row;
}

async function refuseSameCityName(tx: Tx, name: string, id: number | null) {
  const [same] = await tx
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(and(sql`lower(${cities.name}) = lower(${name})`, id === null ? undefined : ne(cities.id, id)));
  if (same) throw conflict(`There is a city named ${same.name} already.`);
}

export async function addCity(db: Db, actor: StaffActor, input: CityInput): Promise<StaffCity> {
  const id = await db.transaction(async (tx) => {
    await refuseSameCityName(tx, input.name, null);
    const [row] = await tx
      .insert(cities)
      .values({
        name: input.name,
        active: input.active,
        deliveryDays: input.delivery_days,
        cutoffTime: input.cutoff_time,
        minOrderValue: input.min_order_value ?? null,
      })
      .returning();
    const made = row as CityRow;
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'city.create', entity: 'city', entityId: made.id, before: null, after: cityState(made) });
    return made.id;
  });
  return oneCity(db, id);
}

export async function changeCity(db: Db, actor: StaffActor, id: number, input: CityInput): Promise<StaffCity> {
  await db.transaction(async (tx) => {
    const before = await cityRow(tx, id);
    await refuseSameCityName(tx, input.name, id);
    const [row] = await tx
      .update(cities)
      .set({
        name: input.name,
        active: input.active,
        deliveryDays: input.delivery_days,
        cutoffTime: input.cutoff_time,
        // Left out, the city keeps its minimum (an older client's form does not clear it).
        ...(input.min_order_value === undefined ? {} : { minOrderValue: input.min_order_value }),
      })
      .where(eq(cities.id, id))
      .returning();
    if (before.name !== input.name) await renameRunsCity(tx, before.name, input.name);
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'city.update', entity: 'city', entityId: id, before: cityState(before), after: cityState(row as CityRow) });
  });
  return oneCity(db, id);
}

/** What names a city, in words ("3 businesses, 20 city prices"); empty when nothing does. */
async function cityUses(tx: Tx, id: number, name: string): Promise<string[]> {
  const [row] = await jsonRows<Record<string, number>>(
    tx as unknown as Db,
    sql`select (select count(*)::int from areas where city_id = ${id}) as areas,
          ${businessCountSql({ cityId: id })} as businesses,
          (select count(*)::int from city_prices where city_id = ${id}) as city_prices,
          (select count(*)::int from quantity_prices where city_id = ${id}) as quantity_prices,
          (select count(*)::int from banners where city_id = ${id}) as banners,
          (select count(*)::int from ticker_messages where city_id = ${id}) as ticker_messages,
          (select count(*)::int from bmpl_product_cities where city_id = ${id}) as marketplace_records,
          (select count(*)::int from delivery_runs where city = ${name}) as delivery_runs`,
  );
  const words: Record<string, [string, string]> = {
    areas: ['area', 'areas'],
    businesses: ['business', 'businesses'],
    city_prices: ['city price', 'city prices'],
    quantity_prices: ['Buy More Pay Less price', 'Buy More Pay Less prices'],
    banners: ['banner', 'banners'],
    ticker_messages: ['ticker message', 'ticker messages'],
    marketplace_records: ['marketplace record', 'marketplace records'],
    delivery_runs: ['delivery run', 'delivery runs'],
  };
  return Object.entries(words)
    .filter(([k]) => Number(row?.[k] ?? 0) > 0)
    .map(([k, [one, many]]) => `${row?.[k]} ${Number(row?.[k]) === 1 ? one : many}`);
}

export async function deleteCity(db: Db, actor: StaffActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await cityRow(tx, id);
    const uses = await cityUses(tx, id, before.name);
    if (uses.length > 0) throw conflict(`${before.name} is in use (${uses.join(', ')}): make it inactive instead, and it is no longer offered.`);
    await tx.delete(cities).where(eq(cities.id, id));
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'city.delete', entity: 'city', entityId: id, before: cityState(before), after: null });
  });
}

// ---- Areas ----

export async function listStaffAreas(db: Db | Tx, cityId: number): Promise<StaffArea[]> {
  const rows = await jsonRows<{ id: number; city_id: number; name: string; store_id: number; active: boolean; businesses: number }>(
    db as Db,
    sql`select a.id, a.city_id, a.name, a.store_id, a.active, ${businessCountSql({ areaId: sql`a.id` })} as businesses
        from areas a where a.city_id = ${cityId} order by lower(a.name), a.id`,
  );
  return rows;
}

async function areaRow(tx: Tx, cityId: number, id: number): Promise<AreaRow> {
  const [row] = await tx.select().from(areas).where(and(eq(areas.id, id), eq(areas.cityId, cityId))).for('update');
  if (!row) throw notFound('There is no such area in this city.');
  return row;
}

async function refuseSameAreaName(tx: Tx, cityId: number, name: string, id: number | null) {
  const [same] = await tx
    .select({ name: areas.name })
    .from(areas)
    .where(and(eq(areas.cityId, cityId), sql`lower(${areas.name}) = lower(${name})`, id === null ? undefined : ne(areas.id, id)));
  if (same) throw conflict(`The city has an area named ${same.name} already.`);
}

async function oneArea(db: Db, cityId: number, id: number): Promise<StaffArea> {
  const found = (await listStaffAreas(db, cityId)).find((a) => a.id === id);
  if (!found) throw notFound('There is no such area in this city.');
  return found;
}

export async function addArea(db: Db, actor: StaffActor, cityId: number, input: AreaInput): Promise<StaffArea> {
  const id = await db.transaction(async (tx) => {
    await cityRow(tx, cityId);
    await refuseSameAreaName(tx, cityId, input.name, null);
    const [row] = await tx.insert(areas).values({ cityId, name: input.name, storeId: input.store_id, active: input.active }).returning();
    const made = row as AreaRow;
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'area.create', entity: 'area', entityId: made.id, before: null, after: areaState(made) });
    return made.id;
  });
  return oneArea(db, cityId, id);
}

export async function changeArea(db: Db, actor: StaffActor, cityId: number, id: number, input: AreaInput): Promise<StaffArea> {
  await db.transaction(async (tx) => {
    const before = await areaRow(tx, cityId, id);
    await refuseSameAreaName(tx, cityId, input.name, id);
    const [row] = await tx.update(areas).set({ name: input.name, storeId: input.store_id, active: input.active }).where(eq(areas.id, id)).returning();
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'area.update', entity: 'area', entityId: id, before: areaState(before), after: areaState(row as AreaRow) });
  });
  return oneArea(db, cityId, id);
}

export async function deleteArea(db: Db, actor: StaffActor, cityId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await areaRow(tx, cityId, id);
    const [used] = await jsonRows<{ n: number }>(tx as unknown as Db, sql`select ${businessCountSql({ areaId: id })} as n`);
    const n = Number(used?.n ?? 0);
    if (n > 0) throw conflict(`${before.name} is in use (${n} ${n === 1 ? 'business' : 'businesses'}): make it inactive instead, and it is no longer offered.`);
    await tx.delete(areas).where(eq(areas.id, id));
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'area.delete', entity: 'area', entityId: id, before: areaState(before), after: null });
  });
}

/** A city id from a route, 404 when there is none (for reads that do not lock). */
export async function requireCity(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, id));
  if (!row) throw notFound('There is no such city.');
}

// ---- Issue 36: what orders need of a city (policy-facts.ts) ----

/**
 * The city `cityId` (an SQL expression of the caller's statement: place order's context reads it with
 * the buyer, in its one round trip) as JSON: name, minimum order value, delivery days, cut-off time;
 * null when there is no such city.
 */
export const cityOrderPolicySql = (cityId: SQL): SQL<CityOrderPolicy | string | null> =>
  sql`(select json_build_object('city', c.name, 'min_order_value', c.min_order_value::text, 'delivery_days', c.delivery_days, 'cutoff_time', c.cutoff_time)
       from ${cities} c where c.id = ${cityId})`;

/** The order rules of a business's city (null: the business has no city: no minimum, no delivery days). */
export function toCityOrderPolicy(value: CityOrderPolicy | string | null | undefined): CityOrderPolicy {
  const row = typeof value === 'string' ? (JSON.parse(value) as CityOrderPolicy) : value;
  if (!row) return { city: null, min_order_value: null, delivery_days: [], cutoff_time: null };
  return {
    city: row.city,
    min_order_value: row.min_order_value == null ? null : fromPaisa(toPaisa(String(row.min_order_value))),
    delivery_days: row.delivery_days,
    cutoff_time: row.cutoff_time,
  };
}
