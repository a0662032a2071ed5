// The marketplace's products and city records in memory, for category pages and search (issue 6).
import type { MarketplaceProduct, MarketplaceProductDetail } from '@shop/domain/marketplace';
import type { MarketplaceCondition } from '@shop/domain/marketplace-filters';
import type { MarketplaceSort } from '@shop/domain/marketplace-rules';
import { fromPaisa } from '@shop/domain/money';
import type { Db } from '../../db/client.ts';
import { createDbMirror } from '../../lib/db-mirror.ts';
import { type CityRecords, positionOf } from './marketplace-columns.ts';
import type { CategoryIndex } from './marketplace-rows.ts';
import { sortEveryCity, sortedCity, sortedRecords } from './marketplace-order.ts';
import { detailAt, listProduct } from './marketplace-page.ts';
import { patchSnapshot } from './marketplace-patch.ts';
import { loadSnapshot, type Snapshot } from './marketplace-snapshot.ts';

/**
 * The search words' match lists kept per copy, bounded by their entries (positions) rather than by a
 * count of words: a common word's list holds tens of thousands of positions, so 5,000 words could
 * hold hundreds of megabytes (issue 17). 1 million positions are 4 MB; past that the lists start again.
 * (2 million until a new word's list became one indexOf pass over the packed names, 0.7-5 ms instead of
 * 4-8 ms: a list made again costs less, so fewer are kept.)
 */
const MAX_WORD_POSITIONS = 1_000_000;

/**
 * A copy of bmpl_products and bmpl_product_cities held in memory: per city, its records in each list
 * order, so a category page is a walk over a ready-sorted list and a search a scan of names held
 * in memory, instead of statements (a cold category page cost about 8 ms of the server's one thread on
 * the embedded database, a new search 12-74 ms). Answers are those of the SQL in marketplace-lists.service.ts:
 * - the orders are ORDER's: out of stock last, then the name (as the database orders names: the
 *   copy takes the rank of each name from an ORDER BY of the database, whatever its collation), or
 *   the city's price, then the product id;
 * - a search word matches as `name ILIKE '%word%'`: the copy keeps each name as the database's
 *   lower() gives it, and a word beyond ASCII goes to SQL;
 * - it follows the database through the change counters of migration 0008 (lib/db-mirror.ts), and
 *   patches in the products the change feed names (migration 0024, marketplace-patch.ts patchSnapshot);
 *   a change it cannot name (a truncate, over PATCH_MAX_ROWS products, a trimmed log) loads whole.
 * A test runs the same lists and searches both ways and compares.
 */

/**
 * A condition other than a search word (packages/domain, MarketplaceCondition; meetsMarketplaceCondition
 * is the rule) as a test of a city's record k on the copy's columns. A category or subcategory of 0 is
 * none (the column's null), which no condition names.
 */
function recordTest(c: CityRecords, cond: MarketplaceCondition): (k: number) => boolean {
  switch (cond.op) {
    case 'in': {
      const column = c[cond.field];
      if (cond.values.length === 1) {
        const wanted = cond.values[0];
        return (k) => column[k] === wanted;
      }
      const wanted = new Set(cond.values);
      return (k) => wanted.has(column[k]!);
    }
    case 'between': {
      const min = cond.min ?? -Infinity;
      const max = cond.max ?? Infinity;
      return (k) => c.price[k]! >= min && c.price[k]! <= max;
    }
    default:
      throw new Error('a search word is matched by the word lists, not record by record');
  }
}

/** Whether record k meets every condition; null when there is none. */
function recordFilter(c: CityRecords, conditions: readonly MarketplaceCondition[]): ((k: number) => boolean) | null {
  const tests = conditions.map((cond) => recordTest(c, cond));
  if (tests.length === 0) return null;
  if (tests.length === 1) return tests[0]!;
  return (k) => {
    for (const test of tests) if (!test(k)) return false;
    return true;
  };
}

/**
 * A search's matches in a city, as both read paths give them (this copy and the SQL of
 * marketplace-lists.service.ts): every match's product id, narrowed by price and subcategory, in the list
 * order (4 bytes each: kept in a cache bounded in bytes), and the tier-3 categories and price range of all.
 */
export interface SearchSummary {
  ids: Int32Array;
  tiers: number[];
  min: string | null;
  max: string | null;
}

/** The tables whose change counters the marketplace's copy and answer caches follow. */
export const MARKETPLACE_TABLES = ['bmpl_products', 'bmpl_product_cities'] as const;

/** More changed products than this at once (an import) and the copy loads whole instead of patching. */
const PATCH_MAX_ROWS = 2_000;

export function createMarketplaceIndex(
  db: Db,
  options: {
    maxStaleMs: number;
    fullReloadMs: number;
    onLoad?: (info: { records: number; ms: number }) => void;
    onPatch?: (info: { records: number; rows: number; ms: number }) => void;
  },
) {
  const records = (s: Snapshot) => [...s.cities.values()].reduce((n, c) => n + c.n, 0);
  const mirror = createDbMirror<Snapshot>(db, {
    tables: MARKETPLACE_TABLES,
    reloadOn: MARKETPLACE_TABLES,
    load: async () => {
      const s = await loadSnapshot(db);
      sortEveryCity(s);
      return s;
    },
    // The change feed (migration 0024): both tables log the marketplace product ids they touched.
    patch: { tables: MARKETPLACE_TABLES, maxRows: PATCH_MAX_ROWS, apply: (s, ids) => patchSnapshot(db, s, ids) },
    maxStaleMs: options.maxStaleMs,
    fullReloadMs: options.fullReloadMs,
    onLoad: (s, ms) => options.onLoad?.({ records: records(s), ms }),
    onPatch: (s, info) => options.onPatch?.({ records: records(s), ...info }),
  });

  /** The products whose lower(name) contains the word (a literal substring, as ILIKE '%word%'). */
  function matchesOf(s: Snapshot, word: string): Int32Array {
    let list = s.wordMatches.get(word);
    if (!list) {
      list = s.products.lowerName.positionsContaining(word);
      if (s.wordPositions + list.length > MAX_WORD_POSITIONS) {
        s.wordMatches.clear();
        s.wordPositions = 0;
      }
      s.wordMatches.set(word, list);
      s.wordPositions += list.length;
    }
    return list;
  }

  /** Per copy, each slug's product position (made on the first page asked by slug). */
  const slugIndexes = new WeakMap<Snapshot, Map<string, number>>();

  return {
    warm: mirror.warm, follow: mirror.follow, wake: mirror.wake, generation: mirror.generation,

    /**
     * A page of a city's products meeting the conditions (no search word among them) in the sort's
     * order, with the number of all matches; null when the copy is not loaded. `tier2`, the conditions'
     * level-2 category if any, picks the category's ready-sorted list.
     */
    async list(
      where: { cityId: number; city: string; categories: CategoryIndex },
      tier2: number | null,
      conditions: readonly MarketplaceCondition[],
      sort: MarketplaceSort | undefined,
      offset: number,
      limit: number,
    ): Promise<{ products: MarketplaceProduct[]; total: number } | null> {
      const s = await mirror.current();
      if (!s) return null;
      const c = s.cities.get(where.cityId);
      if (!c) return { products: [], total: 0 };
      const toProduct = (k: number) => listProduct(s, c, k, where.city, where.categories);
      const ordered = sortedRecords(s, c, sort ?? 'default', tier2);
      // The category's list holds exactly the records of that level-2 category.
      const matches = recordFilter(
        c,
        conditions.filter((cond) => !(cond.field === 'tier2' && cond.values.length === 1 && cond.values[0] === tier2)),
      );
      const products: MarketplaceProduct[] = [];
      let total = 0;
      if (!matches) {
        total = ordered.length;
        for (let x = offset; x < Math.min(ordered.length, offset + limit); x++) products.push(toProduct(ordered[x]!));
      } else {
        for (const k of ordered) {
          if (!matches(k)) continue;
          if (total >= offset && products.length < limit) products.push(toProduct(k));
          total++;
        }
      }
      return { products, total };
    },

    /**
     * A search's matches in a city (marketplace-lists.service.ts's SQL): the records meeting
     * `words` (search words: each in the name), the ids of those also meeting `narrowing` (price,
     * subcategory) in the sort's order, and the distinct tier-3 categories and price range of all
     * matches. Null when not loaded, or when a word is beyond ASCII (the database's lower() decides those).
     */
    async search(
      cityId: number,
      words: readonly MarketplaceCondition[],
      narrowing: readonly MarketplaceCondition[],
      sort: MarketplaceSort | undefined,
    ): Promise<SearchSummary | null> {
      const texts = words.map((w) => (w.op === 'contains' ? w.word : null));
      if (texts.some((w) => w === null || !/^\p{ASCII}*$/u.test(w))) return null;
      const s = await mirror.current();
      if (!s) return null;
      const c = s.cities.get(cityId);
      if (!c) return { ids: new Int32Array(0), tiers: [], min: null, max: null };
      const lists = (texts as string[]).map((w) => matchesOf(s, w)).sort((a, b) => a.length - b.length);
      const found: number[] = [];
      let minPrice = Infinity;
      let maxPrice = -Infinity;
      const tiers = new Set<number>();
      const narrow = recordFilter(c, narrowing);
      const others = lists.slice(1).map((l) => {
        const mark = new Uint8Array(s.products.n);
        for (const i of l) mark[i] = 1;
        return mark;
      });
      for (const i of lists[0] ?? []) {
        const k = c.recordOf[i]!;
        if (k < 0 || !others.every((o) => o[i] === 1)) continue;
        const price = c.price[k]!;
        if (price < minPrice) minPrice = price;
        if (price > maxPrice) maxPrice = price;
        if (c.tier3[k]) tiers.add(c.tier3[k]!);
        if (!narrow || narrow(k)) found.push(k);
      }
      const { list, place } = sortedCity(s, c, sort ?? 'default');
      const places = Int32Array.from(found, (k) => place[k]!).sort();
      return {
        ids: places.map((x) => s.products.id[c.product[list[x]!]!]!),
        tiers: [...tiers].sort((a, b) => a - b),
        min: minPrice === Infinity ? null : fromPaisa(minPrice),
        max: maxPrice === -Infinity ? null : fromPaisa(maxPrice),
      };
    },

    /**
     * Issue 41: a product page (every active city's record) from the copy, by id or by slug; undefined
     * when the copy is not loaded or does not hold an active record of it (SQL then answers).
     */
    async detail(
      find: { id: number } | { slug: string },
      cities: readonly { id: number; name: string }[],
      categories: CategoryIndex,
    ): Promise<MarketplaceProductDetail | undefined> {
      const s = await mirror.current();
      if (!s) return undefined;
      let i: number;
      if ('id' in find) i = positionOf(s.products, find.id);
      else {
        let bySlug = slugIndexes.get(s);
        if (!bySlug) {
          bySlug = new Map();
          // The first of a slug in id order, as SQL's `order by p.id limit 1` (inactive ones too: detailAt leaves them to SQL).
          for (let j = s.products.n - 1; j >= 0; j--) bySlug.set(s.products.slug.at(j), j);
          slugIndexes.set(s, bySlug);
        }
        i = bySlug.get(find.slug) ?? -1;
      }
      if (i < 0) return undefined;
      return detailAt(s, i, cities, categories) ?? undefined;
    },

    /** These products as sold in a city, in the given order (those not sold there left out); null when not loaded. */
    async productsOf(where: { cityId: number; city: string; categories: CategoryIndex }, ids: readonly number[]): Promise<MarketplaceProduct[] | null> {
      const s = await mirror.current();
      if (!s) return null;
      const c = s.cities.get(where.cityId);
      if (!c) return [];
      const result: MarketplaceProduct[] = [];
      for (const id of ids) {
        const i = positionOf(s.products, id);
        const k = i < 0 ? -1 : c.recordOf[i]!;
        if (k >= 0) result.push(listProduct(s, c, k, where.city, where.categories));
      }
      return result;
    },
  };
}
export type MarketplaceIndex = ReturnType<typeof createMarketplaceIndex>;
