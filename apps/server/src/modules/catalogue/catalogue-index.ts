import type { ListingQuery, Product, ProductDetail } from '@shop/domain/catalogue';
import { RELATED_MAX } from '@shop/domain/constants';
import { RELATED_ORDER, relatedTier } from '@shop/domain/listing';
import { toPaisa } from '@shop/domain/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerPrices } from '../../db/schema/business.ts';
import { productBusinessTypes } from '../../db/schema/catalogue.ts';
import { createDbMirror } from '../../lib/db-mirror.ts';
import { positionOf } from './catalogue-columns.ts';
import { sortedAll, sortedMembers } from './catalogue-order.ts';
import { type IndexPage, listingPage, rowsAt } from './catalogue-page.ts';
import { patchSnapshot } from './catalogue-patch.ts';
import { type BuyerPrices, type CityOverlay, type Locked, loadSnapshot, ORDERS, type Snapshot } from './catalogue-snapshot.ts';
import { parseListingConditions } from './listing-sql.ts';
import { rankedMatches } from './name-search.ts';
import { cityPricesInEffect, customerPriceInEffect, type PriceView } from './pricing.service.ts';
import { searchPlan } from './search-plan.ts';
import type { VocabularySource } from './vocabulary.ts';

/**
 * The storefront catalogue held in memory for listings and the ordering-bar search (issue 3): every
 * product's fields as columns (catalogue-columns.ts), per sort order the products in that order
 * (catalogue-order.ts), and the names' lexemes and trigrams (name-search.ts),
 * so a page of a category is a walk over a ready-sorted list and a search a few passes over flat
 * arrays instead of a statement. On the embedded database a listing statement cost 3-5 ms of the
 * server's single thread (building it, planning, running, decoding), a search 10-35 ms.
 *
 * It is a cache of the database, not a second source of truth:
 * - Triggers (migrations 0007 and 0021) raise a counter in catalogue_versions on every statement that
 *   changes products (but an update of viewed_count alone), customer_prices or product_business_types,
 *   and log the product ids a statement changed (catalogue_changes). The index reads the counters at
 *   most every `maxStaleMs` (0: before every use, as tests need) or when a NOTIFY says they moved; a
 *   change of products is patched in (catalogue-patch.ts patchSnapshot: those rows read again, each order's list merged),
 *   and only a change the log cannot name (a statement of over 1,000 rows, over PATCH_MAX_ROWS
 *   products at once, a rename of a category or brand, a trimmed log) loads the whole copy again.
 *   Locked prices and business types are derived again on use. It follows writes by any server
 *   instance or tool; catalogue-feed.test.ts proves a patched copy answers what a fresh one does.
 * - View counts written by the server's batched counter move no counter: the "Most Viwed" order and
 *   viewed_count follow them at the next full reload, every `fullReloadMs`.
 * - Until the first load is done (a few seconds at 100,000 products), listings go to SQL.
 * The rules are packages/domain's (listing.ts LISTING_SORTS and listingConditions, pricing.ts
 * DISPLAYED_PRICE_SOURCES): the comparators and predicates below are derived from the same sort keys
 * and conditions as listing-sql.ts's SQL, and differential tests (catalogue-index.test.ts,
 * listing-differential.test.ts) run the same queries through both and compare the answers.
 */

const MAX_PRICE_BUSINESSES = 2_000;
const MAX_PRICE_CITIES = 500;
/** More changed products than this at once (an import) and the copy loads whole instead of patching. */
const PATCH_MAX_ROWS = 2_000;

/** The tables whose change counters the storefront's copy and answer cache follow. */
export const CATALOGUE_TABLES = ['products', 'customer_prices', 'product_business_types', 'city_prices', 'quantity_prices'] as const;

export function createCatalogueIndex(
  db: Db,
  options: {
    maxStaleMs: number;
    fullReloadMs: number;
    onLoad?: (info: { products: number; ms: number }) => void;
    onPatch?: (info: { products: number; rows: number; ms: number }) => void;
  },
) {
  const mirror = createDbMirror<Snapshot>(db, {
    tables: CATALOGUE_TABLES,
    reloadOn: ['products'],
    // Every order sorted while loading, so no listing waits for a sort of 100,000 products.
    load: async () => {
      const s = await loadSnapshot(db);
      for (const order of ORDERS) sortedAll(s, order);
      return s;
    },
    patch: { tables: ['products'], maxRows: PATCH_MAX_ROWS, apply: (s, ids) => patchSnapshot(db, s, ids) },
    onChange(s, table) {
      if (table === 'customer_prices') {
        s.locked = new Map();
        s.own = new Map();
      }
      if (table === 'city_prices' || table === 'quantity_prices') {
        s.cities = new Map();
        s.own = new Map();
      }
      if (table === 'product_business_types') {
        s.types = null;
        s.typeMasks = new Map();
      }
    },
    maxStaleMs: options.maxStaleMs,
    fullReloadMs: options.fullReloadMs,
    onLoad: (s, ms) => options.onLoad?.({ products: s.n, ms }),
    onPatch: (s, info) => options.onPatch?.({ products: s.n, ...info }),
  });
  const current = () => mirror.current();

  async function lockedPrices(s: Snapshot, businessId: number): Promise<Map<number, Locked>> {
    let map = s.locked.get(businessId);
    if (!map) {
      const rows = await db
        .select({ productId: customerPrices.productId, price: sql<string>`${customerPrices.price}::text` })
        .from(customerPrices)
        .where(and(eq(customerPrices.businessId, businessId), customerPriceInEffect()));
      map = new Map();
      for (const r of rows) {
        const i = positionOf(s.cols, r.productId);
        if (i >= 0) map.set(i, { paisa: toPaisa(r.price), text: r.price });
      }
      if (s.locked.size >= MAX_PRICE_BUSINESSES) s.locked.clear();
      s.locked.set(businessId, map);
    }
    return map;
  }

  /** Issue 36: a city's prices and thresholds in effect now, by product position (kept until their counters move). */
  async function cityOverlay(s: Snapshot, cityId: number): Promise<CityOverlay> {
    let overlay = s.cities.get(cityId);
    if (!overlay) {
      const { prices: priceRows, tiers: tierRows } = await cityPricesInEffect(db, cityId);
      overlay = { prices: new Map(), tiers: new Map() };
      // In start order, so the latest started wins where two overlap (as the SQL's order by starts_at desc).
      for (const r of priceRows) {
        const i = positionOf(s.cols, r.productId);
        if (i >= 0) overlay.prices.set(i, { paisa: toPaisa(r.price), text: r.price });
      }
      for (const r of tierRows) {
        const i = positionOf(s.cols, r.productId);
        if (i < 0) continue;
        const list = overlay.tiers.get(i) ?? [];
        list.push({ min_quantity: r.min_quantity, unit_price: r.unit_price });
        overlay.tiers.set(i, list);
      }
      if (s.cities.size >= MAX_PRICE_CITIES) s.cities.clear();
      s.cities.set(cityId, overlay);
    }
    return overlay;
  }

  /** Issue 36: the buyer's prices on the copy (locked, city, and the two merged), null for plain prices. */
  async function buyerPrices(s: Snapshot, view: PriceView): Promise<BuyerPrices | null> {
    if (view.businessId == null && view.cityId == null) return null;
    const locked = view.businessId == null ? null : await lockedPrices(s, view.businessId);
    const city = view.cityId == null ? null : await cityOverlay(s, view.cityId);
    const key = `${view.businessId ?? ''}:${view.cityId ?? ''}`;
    let own = s.own.get(key);
    if (own === undefined) {
      const lockedSize = locked?.size ?? 0;
      const citySize = city?.prices.size ?? 0;
      if (lockedSize === 0 && citySize === 0) own = null;
      else if (citySize === 0) own = locked;
      else if (lockedSize === 0) own = city!.prices;
      else {
        // DISPLAYED_PRICE_SOURCES: the locked price in front of the city's.
        own = new Map(city!.prices);
        for (const [i, price] of locked!) own.set(i, price);
      }
      if (s.own.size >= MAX_PRICE_BUSINESSES) s.own.clear();
      s.own.set(key, own);
    }
    return { locked, city, own };
  }

  async function typeMask(s: Snapshot, typeIds: readonly number[]): Promise<Uint8Array> {
    const key = [...typeIds].sort((a, b) => a - b).join(',');
    let mask = s.typeMasks.get(key);
    if (mask) return mask;
    if (!s.types) {
      const rows = await db
        .select({ typeId: productBusinessTypes.businessTypeId, ids: sql<number[]>`array_agg(${productBusinessTypes.productId})` })
        .from(productBusinessTypes)
        .groupBy(productBusinessTypes.businessTypeId);
      const types = new Map<number, Int32Array>();
      for (const r of rows) {
        const positions = r.ids.map((id) => positionOf(s.cols, Number(id))).filter((i) => i >= 0);
        types.set(r.typeId, Int32Array.from(positions));
      }
      s.types = types;
    }
    mask = new Uint8Array(s.n);
    for (const t of typeIds) for (const i of s.types.get(t) ?? []) mask[i] = 1;
    if (s.typeMasks.size >= 1000) s.typeMasks.clear();
    s.typeMasks.set(key, mask);
    return mask;
  }

  return {
    /**
     * The ordering-bar search (search.service.ts's searchProducts, same plan and same order): the
     * RANK_CANDIDATES shortest names having every word, ranked by pg_trgm similarity to the corrected
     * words, then in stock first, then id; the words but the last when nothing has them all. Null
     * when not loaded, or when a name or the text is not ASCII (then SQL's own similarity decides).
     */
    async search(text: string, limit: number, view: PriceView, vocabulary?: VocabularySource): Promise<Product[] | null> {
      const plan = await searchPlan(text, vocabulary);
      if (!plan || plan.groups.length === 0) return [];
      const s = await current();
      if (!s) return null;
      const found = rankedMatches(s.names, plan, limit, s.oos);
      if (!found) return null;
      return rowsAt(s, found, await buyerPrices(s, view));
    },

    /**
     * Issue 41: a product page from the copy (product.service.ts productDetail, same answer): the
     * product with the buyer's prices, and up to RELATED_MAX others of its related category (relatedTier)
     * in the most-viewed order. Null when the copy holds no such active product; undefined when the copy
     * is not loaded yet (SQL answers).
     */
    async detail(id: number, view: PriceView): Promise<ProductDetail | null | undefined> {
      const s = await current();
      if (!s) return undefined;
      const i = positionOf(s.cols, id);
      if (i < 0) return null;
      const prices = await buyerPrices(s, view);
      const [product] = rowsAt(s, [i], prices);
      const tier = relatedTier(product!);
      const related: number[] = [];
      for (const j of sortedMembers(s, tier.column, tier.id, RELATED_ORDER)) {
        if (j === i) continue;
        related.push(j);
        if (related.length >= RELATED_MAX) break;
      }
      return { product: product!, related: rowsAt(s, related, prices) };
    },

    /** Loads the index now (server start), without waiting for a listing to ask. */
    warm: mirror.warm, follow: mirror.follow, wake: mirror.wake, generation: mirror.generation,

    /**
     * One page (rows in order, limit + 1 of them at most) of a listing without search text, or
     * null when the index is not loaded yet. Bad input throws the same errors as the SQL path.
     */
    async page(
      query: ListingQuery,
      scope: { view: PriceView; businessTypeIds?: readonly number[] },
    ): Promise<IndexPage | null> {
      const conditions = parseListingConditions(query);
      const s = await current();
      if (!s) return null;
      const prices = await buyerPrices(s, scope.view);
      const mask = scope.businessTypeIds ? await typeMask(s, scope.businessTypeIds) : null;
      return listingPage(s, query, conditions, prices, mask);
    },
  };
}
export type CatalogueIndex = ReturnType<typeof createCatalogueIndex>;
