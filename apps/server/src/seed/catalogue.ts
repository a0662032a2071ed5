// Categories, brands, banners and the demo products with the business types they are offered to.
import { toSlug } from '@shop/domain/slug';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { banners, brands, categories, productBusinessTypes, products } from '../db/schema/catalogue.ts';
import { insertChunked } from './bulk.ts';
import {
  type CatalogueIds,
  categoryKey,
  DEMO_PRODUCT_COUNT,
  DEMO_SEED,
  draftProduct,
  type ProductDraft,
  productRow,
} from './generator.ts';
import { businessTypeId, type PlaceIds } from './places.ts';
import { allBrands, CATALOGUE, type TopCategory } from './vocabulary.ts';

const TOPS: readonly TopCategory[] = ['Food', 'Non Food'];

interface PendingCategory {
  key: string;
  name: string;
  level: number;
  parentKey: string | null;
  tier2Key: string | null;
  sortOrder: number;
}

function categoryPlan(): PendingCategory[][] {
  const levels: PendingCategory[][] = [[], [], [], []];
  TOPS.forEach((top, i) => {
    levels[0]?.push({ key: top, name: top, level: 1, parentKey: null, tier2Key: null, sortOrder: i + 1 });
  });
  const sort = new Map<string, number>();
  const next = (parent: string) => {
    const n = (sort.get(parent) ?? 0) + 1;
    sort.set(parent, n);
    return n;
  };
  for (const l2 of CATALOGUE) {
    const k2 = categoryKey(l2.top, l2.name);
    levels[1]?.push({ key: k2, name: l2.name, level: 2, parentKey: l2.top, tier2Key: null, sortOrder: next(l2.top) });
    for (const l3 of l2.children) {
      const k3 = categoryKey(l2.top, l2.name, l3.name);
      levels[2]?.push({ key: k3, name: l3.name, level: 3, parentKey: k2, tier2Key: k2, sortOrder: next(k2) });
      if (!('children' in l3)) continue;
      for (const l4 of l3.children) {
        const k4 = categoryKey(l2.top, l2.name, l3.name, l4.name);
        levels[3]?.push({ key: k4, name: l4.name, level: 4, parentKey: k3, tier2Key: k2, sortOrder: next(k3) });
      }
    }
  }
  return levels;
}

/** Inserts the category tree and the brands; returns their ids for makeCatalogueRows. */
export async function insertCatalogue(db: Db): Promise<CatalogueIds> {
  const ids = new Map<string, number>();
  const lookup = (key: string | null) => (key === null ? null : (ids.get(key) as number));
  for (const level of categoryPlan()) {
    const rows = await db
      .insert(categories)
      .values(
        level.map((c) => {
          const slug = toSlug(c.name);
          return {
            name: c.name,
            slug,
            level: c.level,
            parentId: lookup(c.parentKey),
            tier2Id: lookup(c.tier2Key),
            image: `/storage/art/tile/${slug}.svg`,
            poster: `/storage/art/poster/${slug}.svg`,
            banner: `/storage/art/desktop/${slug}.svg`,
            sortOrder: c.sortOrder,
          };
        }),
      )
      .returning({ id: categories.id });
    level.forEach((c, i) => {
      ids.set(c.key, (rows[i] as { id: number }).id);
    });
  }
  // SPEC 3: tier2_id of a level-2 category is itself.
  await db.update(categories).set({ tier2Id: sql`${categories.id}` }).where(eq(categories.level, 2));

  const brandRows = await db
    .insert(brands)
    .values(allBrands().map((name) => ({ name })))
    .returning({ id: brands.id, name: brands.name });
  return { categories: ids, brands: new Map(brandRows.map((b) => [b.name, b.id])) };
}

/** The ids of an already seeded catalogue (for the benchmark, which adds products to a demo database). */
export async function loadCatalogueIds(db: Db): Promise<CatalogueIds> {
  const rows = await db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keyOf = (id: number): string => {
    const row = byId.get(id);
    if (!row) throw new Error(`Seed: no category ${id}`);
    return row.parentId === null ? row.name : categoryKey(keyOf(row.parentId), row.name);
  };
  const brandRows = await db.select({ id: brands.id, name: brands.name }).from(brands);
  return {
    categories: new Map(rows.map((r) => [keyOf(r.id), r.id])),
    brands: new Map(brandRows.map((b) => [b.name, b.id])),
  };
}

const FEATURED = [
  ['Rice & Grains', 'Basmati Rice'],
  ['Cooking Oil & Ghee', 'Cooking Oil'],
  ['Tea & Coffee', 'Black Tea'],
  ['Spices & Masala', 'Recipe Masala'],
  ['Dairy', 'UHT Milk'],
  ['Snacks & Biscuits', 'Biscuits'],
] as const;
const POPULAR = ['Rice & Grains', 'Cooking Oil & Ghee', 'Tea & Coffee', 'Spices & Masala', 'Beverages', 'Dairy'] as const;

export async function insertBanners(db: Db): Promise<void> {
  const art = (size: string, name: string) => `/storage/art/${size}/${name}.svg`;
  await db.insert(banners).values([
    { name: 'Bmpl_Banners', image: art('desktop', 'buy-more-pay-less'), isMobile: false, sortOrder: 1, link: '/bmpl' },
    { name: 'Bmpl_Banners', image: art('desktop', 'ramadan-bulk-deals'), isMobile: false, sortOrder: 2, link: '/bmpl' },
    { name: 'Bmpl_Banners', image: art('mobile', 'buy-more-pay-less'), isMobile: true, sortOrder: 1, link: '/bmpl' },
    { name: 'Bmpl_Banners', image: art('mobile', 'ramadan-bulk-deals'), isMobile: true, sortOrder: 2, link: '/bmpl' },
    { name: 'Home_Banners', image: art('desktop', 'wholesale-prices-delivered'), isMobile: false, sortOrder: 1, link: '/home' },
    { name: 'Home_Banners', image: art('mobile', 'wholesale-prices-delivered'), isMobile: true, sortOrder: 1, link: '/home' },
    ...FEATURED.map(([l2, l3], i) => ({
      name: 'Bmpl_Featured',
      image: art('tile', toSlug(l3)),
      isMobile: false,
      sortOrder: i + 1,
      link: `/bmpl/category/${toSlug(l2)}/${toSlug(l3)}/`,
    })),
    ...POPULAR.map((l2, i) => ({
      name: 'Bmpl_Popular',
      image: art('tile', toSlug(l2)),
      isMobile: false,
      sortOrder: i + 1,
      link: `/bmpl/category/${toSlug(l2)}/`,
    })),
  ]);
}

export interface DemoProduct {
  id: number;
  draft: ProductDraft;
}

/** The demo products (DEMO_PRODUCT_COUNT of them) and their leaf business types. */
export async function insertDemoProducts(db: Db, ids: CatalogueIds, places: PlaceIds): Promise<DemoProduct[]> {
  const drafts: ProductDraft[] = [];
  for (let i = 0; i < DEMO_PRODUCT_COUNT; i++) drafts.push(draftProduct(i, DEMO_SEED));
  await insertChunked(db, products, drafts.map((d) => productRow(d, ids)));

  const idBySku = new Map((await db.select({ id: products.id, sku: products.sku }).from(products)).map((r) => [r.sku, r.id]));
  const demo = drafts.map((draft) => ({ id: idBySku.get(draft.sku) as number, draft }));

  const links = demo.flatMap(({ id, draft }) =>
    draft.leaf.level2.businessTypes.map((type) => ({ productId: id, businessTypeId: businessTypeId(places, type) })),
  );
  await insertChunked(db, productBusinessTypes, links, 2000);
  return demo;
}
