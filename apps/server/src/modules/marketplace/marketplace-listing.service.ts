// Issue 35: the marketplace's listing per city, kept by the Catalogue role (routes in
// marketplace-listing.routes.ts). A storefront product is listed in a city by a city record
// (bmpl_product_cities) of its marketplace product (bmpl_products), which the first listing makes from
// the product's own name, categories, brand, picture and description; after that the catalogue's
// edits keep them in step (catalogue-write.ts followInMarketplace, migration 0021's active). The
// record's price columns are the one price rule's (decision 019: prices/city-price.service.ts
// refreshMarketplacePrices in the same transaction), never typed here.
//
// Taking a product out of a city deletes its city record; the marketplace product stays (its address
// and old addresses keep pointing at it; its page says where it is sold, and listing it again reuses
// it). Not a flag: the record's `active` is the database's copy of the product's (0021's trigger writes
// it on every insert and update), and a record of a storefront product holds nothing of its own but
// its stock (its prices are city_prices', which keep their periods and audit; its name, categories
// and brand are copies), so a deleted record loses nothing a new listing would not make again, and
// the audit entry names what was taken out.
//
// The writes are SQL on the marketplace's tables, whose statement triggers raise its change counters
// and feed (migrations 0022, 0024): every instance's marketplace copy and answer caches follow within
// the usual 2 s, as after any write.
import {
  isMarketplaceTopCategory,
  type MarketplaceCandidate,
  type MarketplaceCityProducts,
  type MarketplaceCityProductsQuery,
  type MarketplaceListInput,
  type MarketplaceListResult,
  type MarketplaceOverview,
  type MarketplaceUnlistInput,
  type MarketplaceUnlistResult,
  marketplaceCategoryRefusal,
  marketplaceListingRefusal,
} from '@shop/domain/marketplace-listing';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { toSlug } from '@shop/domain/slug';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import { marketplaceProductCities, marketplaceProducts } from '../../db/schema/marketplace.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { StaffActor, Tx } from '../businesses/businesses.service.ts';
import { findStaffProducts } from '../catalogue-admin/catalogue-admin.service.ts';
import {
  activeProductsPerCategory,
  categoriesForMarketplace,
  type MarketplaceSource,
  productIdsBySku,
  productsForMarketplace,
  skusOf,
} from '../catalogue/marketplace-source.service.ts';
import { listStaffCities, requireCity } from '../places/places.service.ts';
import { refreshMarketplacePrices } from '../prices/city-price.service.ts';

const CHUNK = 1000;
/** SKUs and names an audit entry names at most (the count is always whole). */
const AUDIT_NAMES = 200;
const SKIPPED_SHOWN = 50;

const asDb = (tx: Db | Tx) => tx as unknown as Db;
const chunks = <T>(list: readonly T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));
const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

interface TreeCategory {
  id: number;
  name: string;
  level: number;
  parentId: number | null;
  path: string;
  /** Its level-1 ancestor (itself at level 1). */
  tier1Id: number;
}

/** The category tree with each category's path and top, in tree order (each after its parent, siblings by order). */
async function categoryTree(db: Db | Tx): Promise<{ list: TreeCategory[]; byId: Map<number, TreeCategory>; top: TreeCategory | null }> {
  const rows = await categoriesForMarketplace(db);
  const children = new Map<number | null, typeof rows>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const list: TreeCategory[] = [];
  const walk = (parent: TreeCategory | null, depth: number) => {
    if (depth > 4) return;
    for (const r of children.get(parent?.id ?? null) ?? []) {
      const c: TreeCategory = { id: r.id, name: r.name, level: r.level, parentId: r.parentId, path: parent ? `${parent.path} > ${r.name}` : r.name, tier1Id: parent?.tier1Id ?? r.id };
      list.push(c);
      walk(c, depth + 1);
    }
  };
  walk(null, 0);
  const byId = new Map(list.map((c) => [c.id, c]));
  return { list, byId, top: list.find(isMarketplaceTopCategory) ?? null };
}

/** The cities `ids`, or a 404 naming those there are not (nothing is changed). */
async function requireCities(tx: Db | Tx, ids: readonly number[]): Promise<Map<number, string>> {
  const all = new Map((await listStaffCities(tx)).map((c) => [c.id, c.name]));
  const unknown = ids.filter((id) => !all.has(id));
  if (unknown.length) throw notFound(`There is no city ${unknown.join(', ')}.`);
  return new Map(ids.map((id) => [id, all.get(id) as string]));
}

/**
 * The marketplace products sold as `sources`, made for those that have none: the product's name,
 * categories, brand, picture and description, and SPEC 2's slug of its name (made unique with -2, -3
 * as the seed and a rename do). Answers product id -> marketplace product id.
 */
async function marketplaceProductsFor(tx: Tx, sources: readonly MarketplaceSource[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (sources.length === 0) return out;
  const ids = sources.map((s) => s.id);
  for (const part of chunks(ids)) {
    const found = await jsonRows<{ id: number; product_id: number }>(
      asDb(tx),
      sql`select id, product_id from bmpl_products where product_id = any(${intArray(part)}::int[]) order by id`,
    );
    // A product sold as two marketplace products (none is made so, but the table allows it): the first.
    for (const f of found) if (!out.has(f.product_id)) out.set(f.product_id, f.id);
  }
  const missing = sources.filter((s) => !out.has(s.id));
  if (missing.length === 0) return out;
  const bases = missing.map((s) => toSlug(s.name) || `product-${s.id}`);
  const taken = new Set<string>();
  for (const part of chunks([...new Set(bases)])) {
    const rows = await jsonRows<{ slug: string }>(
      asDb(tx),
      sql`select slug from bmpl_products where regexp_replace(slug, '-[0-9]+$', '') = any(array(select jsonb_array_elements_text(${JSON.stringify(part)}::jsonb))) or slug = any(array(select jsonb_array_elements_text(${JSON.stringify(part)}::jsonb)))`,
    );
    for (const r of rows) taken.add(r.slug);
  }
  const rows = missing.map((s, i) => {
    const base = bases[i] as string;
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return {
      productId: s.id,
      name: s.name,
      slug,
      urlName: s.urlName,
      description: s.description,
      tier1Id: s.tier1Id,
      tier2Id: s.tier2Id as number,
      tier3Id: s.tier3Id,
      tier4Id: s.tier4Id,
      brandId: s.brandId,
      brandName: s.brandName,
    };
  });
  for (const part of chunks(rows)) {
    const made = await tx.insert(marketplaceProducts).values(part).returning({ id: marketplaceProducts.id, productId: marketplaceProducts.productId });
    for (const m of made) out.set(m.productId as number, m.id);
  }
  return out;
}

/**
 * Lists picked storefront products, or every listable product of a category and the categories below
 * it, in the cities, in one transaction. Picked products must all be listable (else 400 with the
 * reasons, nothing changed); a category's products that are not (inactive, outside Food, in Food
 * itself) are left out and answered with their reasons. A product already listed in a city stays as it
 * is. One audit entry per city where products were listed.
 */
export async function listInMarketplace(db: Db, actor: StaffActor, input: MarketplaceListInput): Promise<MarketplaceListResult> {
  return db.transaction(async (tx) => {
    const cities = await requireCities(tx, input.city_ids);
    const tree = await categoryTree(tx);
    let category: TreeCategory | null = null;
    let sources: MarketplaceSource[];
    if (input.category_id !== undefined) {
      category = tree.byId.get(input.category_id) ?? null;
      if (!category) throw notFound('There is no such category.');
      const refusal = marketplaceCategoryRefusal({ name: category.path, tier1_id: category.tier1Id }, tree.top);
      if (refusal) throw badRequest(refusal);
      sources = await productsForMarketplace(tx, { categoryId: category.id }, true);
    } else {
      const ids = [...new Set(input.product_ids ?? [])];
      sources = await productsForMarketplace(tx, { ids }, true);
      const found = new Set(sources.map((s) => s.id));
      const unknown = ids.filter((id) => !found.has(id));
      if (unknown.length) throw notFound(`There is no product ${unknown.join(', ')}.`);
    }
    const refusals = sources
      .map((s) => ({ s, reason: marketplaceListingRefusal({ name: s.name, active: s.active, tier1_id: s.tier1Id, tier2_id: s.tier2Id }, tree.top) }))
      .filter((r): r is { s: MarketplaceSource; reason: string } => r.reason !== null);
    if (category === null && refusals.length > 0) throw badRequest(refusals.map((r) => r.reason).join(' '));
    const refused = new Set(refusals.map((r) => r.s.id));
    const listable = sources.filter((s) => !refused.has(s.id));

    const marketplaceIds = await marketplaceProductsFor(tx, listable);
    const made: { bmplProductId: number; cityId: number }[] = [];
    const records = listable.flatMap((s) =>
      input.city_ids.map((cityId) => ({
        marketplaceProductId: marketplaceIds.get(s.id) as number,
        cityId,
        // Placeholders the refresher below replaces with the price rule's figures, in this transaction.
        price: s.price,
        sellPrice: s.sellPrice,
        tax: s.tax,
        // The city record's own stock (decision 019, "Consequences": a second notion of stock): the
        // product's at the time it is listed.
        stock: s.stock,
      })),
    );
    for (const part of chunks(records)) {
      made.push(
        ...(await tx
          .insert(marketplaceProductCities)
          .values(part)
          .onConflictDoNothing()
          .returning({ bmplProductId: marketplaceProductCities.marketplaceProductId, cityId: marketplaceProductCities.cityId })),
      );
    }
    const bySource = new Map(listable.map((s) => [marketplaceIds.get(s.id) as number, s]));
    const newlyListed = [...new Set(made.map((m) => bySource.get(m.bmplProductId)?.id as number))];
    await refreshMarketplacePrices(tx, newlyListed);

    for (const [cityId, city] of cities) {
      const here = made.filter((m) => m.cityId === cityId).map((m) => bySource.get(m.bmplProductId) as MarketplaceSource);
      if (here.length === 0) continue;
      await appendAudit(tx, {
        staffId: actor.staffId,
        ip: actor.ip,
        action: 'marketplace.list',
        entity: 'marketplace_city',
        entityId: cityId,
        before: null,
        after: { city, category: category?.path ?? null, listed: here.length, skus: here.slice(0, AUDIT_NAMES).map((s) => s.sku), left_out: refusals.length },
      });
    }
    return {
      listed: made.length,
      already: records.length - made.length,
      skipped: refusals.slice(0, SKIPPED_SHOWN).map((r) => ({ product_id: r.s.id, name: r.s.name, reason: r.reason })),
      skipped_total: refusals.length,
    };
  });
}

/**
 * Takes picked marketplace products, or every product of a category and the categories below it, out
 * of the cities: their city records are deleted (see the top of this file for why not a flag). Unknown
 * cities, products or category are a 404 and change nothing. One audit entry per city where records
 * were deleted, naming them.
 */
export async function unlistFromMarketplace(db: Db, actor: StaffActor, input: MarketplaceUnlistInput): Promise<MarketplaceUnlistResult> {
  return db.transaction(async (tx) => {
    const cities = await requireCities(tx, input.city_ids);
    let which: SQL;
    let category: TreeCategory | null = null;
    if (input.category_id !== undefined) {
      category = (await categoryTree(tx)).byId.get(input.category_id) ?? null;
      if (!category) throw notFound('There is no such category.');
      which = sql`${category.id}::int in (p.tier1_id, p.tier2_id, p.tier3_id, p.tier4_id)`;
    } else {
      const ids = [...new Set(input.marketplace_product_ids ?? [])];
      const found = new Set(
        (await jsonRows<{ id: number }>(asDb(tx), sql`select id from bmpl_products where id = any(${intArray(ids)}::int[])`)).map((r) => Number(r.id)),
      );
      const unknown = ids.filter((id) => !found.has(id));
      if (unknown.length) throw notFound(`There is no marketplace product ${unknown.join(', ')}.`);
      which = sql`p.id = any(${intArray(ids)}::int[])`;
    }
    // A data-modifying statement answers its rows itself (jsonRows wraps a select; a DELETE cannot be inside it).
    const deleted = await tx.execute(sql`delete from bmpl_product_cities c using bmpl_products p
        where p.id = c.bmpl_product_id and c.city_id = any(${intArray(input.city_ids)}::int[]) and ${which}
        returning c.city_id, p.name, p.product_id`);
    const removed = ((Array.isArray(deleted) ? deleted : (deleted as unknown as { rows: unknown[] }).rows) as { city_id: number; name: string; product_id: number | null }[])
      .map((r) => ({ city_id: Number(r.city_id), name: r.name, product_id: r.product_id === null ? null : Number(r.product_id) }))
      .sort((a, b) => a.city_id - b.city_id || a.name.localeCompare(b.name));
    const skus = await skusOf(asDb(tx), [...new Set(removed.map((r) => r.product_id).filter((id): id is number => id !== null))]);
    for (const [cityId, city] of cities) {
      const here = removed.filter((r) => Number(r.city_id) === cityId);
      if (here.length === 0) continue;
      await appendAudit(tx, {
        staffId: actor.staffId,
        ip: actor.ip,
        action: 'marketplace.unlist',
        entity: 'marketplace_city',
        entityId: cityId,
        before: {
          city,
          category: category?.path ?? null,
          removed: here.length,
          products: here.slice(0, AUDIT_NAMES).map((r) => (r.product_id === null ? r.name : (skus.get(r.product_id) ?? r.name))),
        },
        after: null,
      });
    }
    return { removed: removed.length };
  });
}

/** Per city, what the marketplace shows; per category under Food, how many products each city shows. */
export async function marketplaceOverview(db: Db): Promise<MarketplaceOverview> {
  const [cities, tree, perCategory, groups] = await Promise.all([
    listStaffCities(db),
    categoryTree(db),
    activeProductsPerCategory(db),
    jsonRows<{ city_id: number; t1: number; t2: number | null; t3: number | null; t4: number | null; active: boolean; n: number }>(
      db,
      sql`select c.city_id, p.tier1_id as t1, p.tier2_id as t2, p.tier3_id as t3, p.tier4_id as t4, c.active, count(*)::int as n
          from bmpl_product_cities c join bmpl_products p on p.id = c.bmpl_product_id group by 1, 2, 3, 4, 5, 6`,
    ),
  ]);
  const listed = new Map<number, Record<string, number>>();
  const cityTotals = new Map<number, { listed: number; hidden: number; level2: Set<number> }>();
  for (const g of groups) {
    const cityId = Number(g.city_id);
    const n = Number(g.n);
    const totals = cityTotals.get(cityId) ?? { listed: 0, hidden: 0, level2: new Set<number>() };
    cityTotals.set(cityId, totals);
    if (!g.active) {
      totals.hidden += n;
      continue;
    }
    totals.listed += n;
    const level2 = tree.byId.get(Number(g.t2));
    if (level2 && tree.top && level2.parentId === tree.top.id) totals.level2.add(level2.id);
    for (const id of [g.t1, g.t2, g.t3, g.t4]) {
      if (id == null) continue;
      const per = listed.get(Number(id)) ?? {};
      per[String(cityId)] = (per[String(cityId)] ?? 0) + n;
      listed.set(Number(id), per);
    }
  }
  const top = tree.top;
  return {
    top_category: top ? { id: top.id, name: top.name } : null,
    cities: cities.map((c) => {
      const t = cityTotals.get(c.id);
      return { id: c.id, name: c.name, active: c.active, listed: t?.listed ?? 0, hidden: t?.hidden ?? 0, categories: t?.level2.size ?? 0 };
    }),
    categories: top
      ? tree.list
          .filter((c) => c.tier1Id === top.id)
          .map((c) => ({ id: c.id, name: c.name, path: c.path, level: c.level, parent_id: c.parentId, products: perCategory.get(c.id) ?? 0, listed: listed.get(c.id) ?? {} }))
      : [],
  };
}

const money = (v: string | null) => (v == null ? null : fromPaisa(toPaisa(v)));

/** A city's listed products by name (shown and hidden), optionally of a category or matching words or a SKU. */
export async function cityProducts(db: Db, cityId: number, q: MarketplaceCityProductsQuery): Promise<MarketplaceCityProducts> {
  await requireCity(db, cityId);
  const where: SQL[] = [sql`c.city_id = ${cityId}`];
  const tree = await categoryTree(db);
  if (q.category_id !== undefined) {
    if (!tree.byId.has(q.category_id)) throw notFound('There is no such category.');
    where.push(sql`${q.category_id}::int in (p.tier1_id, p.tier2_id, p.tier3_id, p.tier4_id)`);
  }
  const search = (q.search ?? '').trim();
  if (search) {
    const words = search.split(/\s+/).slice(0, 8).map((w) => sql`c.name ilike ${`%${w.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
    const bySku = await productIdsBySku(db, search);
    const named = sql.join(words, sql` and `);
    where.push(bySku.length ? sql`((${named}) or p.product_id = any(${intArray(bySku)}::int[]))` : sql`(${named})`);
  }
  const condition = sql.join(where, sql` and `);
  const offset = q.offset ?? 0;
  const limit = q.limit ?? 50;
  const [rows, [total]] = await Promise.all([
    jsonRows<{
      id: number;
      product_id: number | null;
      name: string;
      category_id: number;
      brand: string;
      price: string;
      sale: boolean;
      sale_price: string | null;
      discount_threshold: number | null;
      discount_price: string | null;
      stock: number;
      active: boolean;
    }>(
      db,
      sql`select p.id, p.product_id, p.name, coalesce(p.tier4_id, p.tier3_id, p.tier2_id, p.tier1_id) as category_id, p.bmpl_brand_name as brand,
            c.price::text as price, c.sale, c.sale_price::text as sale_price, c.discount_threshold, c.discount_price::text as discount_price, c.stock, c.active
          from bmpl_product_cities c join bmpl_products p on p.id = c.bmpl_product_id
          where ${condition} order by p.name, p.id limit ${limit} offset ${offset}`,
    ),
    jsonRows<{ n: number }>(db, sql`select count(*)::int as n from bmpl_product_cities c join bmpl_products p on p.id = c.bmpl_product_id where ${condition}`),
  ]);
  const skus = await skusOf(db, rows.map((r) => r.product_id).filter((id): id is number => id !== null));
  return {
    total: Number(total?.n ?? 0),
    products: rows.map((r) => ({
      marketplace_product_id: Number(r.id),
      product_id: r.product_id,
      sku: r.product_id === null ? null : (skus.get(r.product_id) ?? null),
      name: r.name,
      category: tree.byId.get(Number(r.category_id))?.path ?? '',
      brand: r.brand,
      price: money(r.price) as string,
      sale_price: r.sale ? money(r.sale_price) : null,
      discount_threshold: r.discount_threshold,
      discount_price: money(r.discount_price),
      stock: Number(r.stock),
      shown: r.active,
    })),
  };
}

/**
 * Storefront products found by SKU or words of the name (the catalogue's staff search, inactive ones
 * too), each with the cities it is listed in and why it cannot be listed, if so: what the screen shows
 * beside each before the clerk lists it.
 */
export async function listingCandidates(db: Db, q: { search: string; limit: number }): Promise<MarketplaceCandidate[]> {
  const [page, tree] = await Promise.all([findStaffProducts(db, { search: q.search, active: 'all', offset: 0, limit: q.limit }), categoryTree(db)]);
  const ids = page.products.map((p) => p.id);
  const listed = ids.length
    ? await jsonRows<{ product_id: number; city_ids: number[] }>(
        db,
        sql`select b.product_id, array_agg(distinct c.city_id order by c.city_id) as city_ids
            from bmpl_products b join bmpl_product_cities c on c.bmpl_product_id = b.id
            where b.product_id = any(${intArray(ids)}::int[]) group by b.product_id`,
      )
    : [];
  const cities = new Map(listed.map((l) => [Number(l.product_id), l.city_ids.map(Number)]));
  return page.products.map((p) => ({
    id: p.id,
    sku: p.sku,
    name: p.name,
    category: p.category_path,
    price: p.price,
    active: p.active,
    listed_city_ids: cities.get(p.id) ?? [],
    refusal: marketplaceListingRefusal({ name: p.name, active: p.active, tier1_id: p.tier1Id, tier2_id: p.tier2Id }, tree.top),
  }));
}
