// The marketplace (Buy More Pay Less) catalogue: Food products only, with per-city prices, stock
// and multi-piece discounts.
import { formatRupees, fromPaisa, type Paisa } from '@shop/domain/money';
import type { Db } from '../db/client.ts';
import { marketplaceProductCities, marketplaceProducts } from '../db/schema/marketplace.ts';
import { insertChunked } from './bulk.ts';
import type { DemoProduct } from './catalogue.ts';
import {
  type CatalogueIds,
  DEMO_PRODUCT_COUNT,
  DEMO_SEED,
  draftProduct,
  leafKeys,
  listRupees,
  type ProductDraft,
  productImage,
  splitTax,
} from './generator.ts';
import type { PlaceIds } from './places.ts';
import { hashSeed, Random } from './random.ts';

export const MARKETPLACE_LINKED_COUNT = 450;
export const MARKETPLACE_OWN_COUNT = 150;
/** The first products are sold in every city, so the default city (Lahore) has plenty. */
const ALL_CITIES_FIRST = 50;
const THRESHOLDS = [6, 12, 24] as const;

interface MarketplaceDraft {
  productId: number | null;
  draft: ProductDraft;
}

function pickDrafts(demo: readonly DemoProduct[]): MarketplaceDraft[] {
  const linked = demo
    .filter((p) => p.draft.leaf.top === 'Food')
    .filter((_, i) => i % 3 === 0)
    .slice(0, MARKETPLACE_LINKED_COUNT)
    .map((p) => ({ productId: p.id, draft: p.draft }));
  // Marketplace-only products continue the generator past the demo catalogue: new names.
  const own: MarketplaceDraft[] = [];
  for (let i = DEMO_PRODUCT_COUNT; own.length < MARKETPLACE_OWN_COUNT; i++) {
    const draft = draftProduct(i, DEMO_SEED);
    if (draft.leaf.top === 'Food') own.push({ productId: null, draft });
  }
  return new Random(hashSeed(DEMO_SEED, 'bmpl-order')).shuffle([...linked, ...own]);
}

const money = (p: Paisa) => fromPaisa(p);

export async function insertMarketplace(db: Db, ids: CatalogueIds, places: PlaceIds, demo: readonly DemoProduct[]): Promise<void> {
  const picked = pickDrafts(demo);
  const slugs = new Set<string>();
  const rows = picked.map(({ productId, draft }) => {
    let slug = draft.slug;
    for (let n = 2; slugs.has(slug); n++) slug = `${draft.slug}-${n}`;
    slugs.add(slug);
    const keys = leafKeys(draft.leaf);
    const id = (key: string) => ids.categories.get(key) as number;
    return {
      productId,
      name: draft.name,
      slug,
      urlName: productImage(draft.leaf, slug),
      description: draft.description,
      tier1Id: id(keys.l1),
      tier2Id: id(keys.l2),
      tier3Id: id(keys.l3),
      tier4Id: keys.l4 ? id(keys.l4) : null,
      brandId: ids.brands.get(draft.brand) as number,
      brandName: draft.brand,
    };
  });
  await insertChunked(db, marketplaceProducts, rows);
  const idBySlug = new Map(
    (await db.select({ id: marketplaceProducts.id, slug: marketplaceProducts.slug }).from(marketplaceProducts)).map((r) => [r.slug, r.id]),
  );

  const cityRows: Array<typeof marketplaceProductCities.$inferInsert> = [];
  picked.forEach(({ draft }, i) => {
    const marketplaceProductId = idBySlug.get((rows[i] as { slug: string }).slug) as number;
    const rng = new Random(hashSeed(DEMO_SEED, 'bmpl', i));
    const taxed = draft.leaf.level2.taxed;
    let cityIds = places.cityIds;
    // About a quarter are sold in only two or three cities.
    if (i >= ALL_CITIES_FIRST && rng.chance(0.25)) {
      const keep = rng.int(2, 3);
      cityIds = rng.shuffle(places.cityIds).slice(0, keep).sort((a, b) => a - b);
    }
    const salePercent = rng.chance(0.15) ? rng.between(0.05, 0.2) : null;
    const threshold = salePercent === null && rng.chance(0.14) ? rng.pick(THRESHOLDS) : null;
    const discountPercent = rng.between(0.03, 0.1);
    for (const cityId of cityIds) {
      // Prices vary a little from city to city (freight, local competition).
      const price = listRupees((draft.price / 100) * rng.between(0.95, 1.05)) * 100;
      const { tax, sellPrice } = splitTax(price, taxed);
      const row: typeof marketplaceProductCities.$inferInsert = {
        marketplaceProductId,
        cityId,
        price: money(price),
        sale: salePercent !== null,
        salePrice: salePercent === null ? null : money(Math.min(price - 100, Math.round((price * (1 - salePercent)) / 100) * 100)),
        sellPrice: money(sellPrice),
        tax: money(tax),
        stock: rng.chance(0.05) ? 0 : rng.int(5, 800),
      };
      if (threshold !== null) {
        const discount = Math.min(price - 100, Math.round((price * (1 - discountPercent)) / 100) * 100);
        const split = splitTax(discount, taxed);
        Object.assign(row, {
          discountThreshold: threshold,
          originalPrice: money(price),
          discountPrice: money(discount),
          discountPriceTax: money(split.tax),
          discountPriceWithoutTax: money(split.sellPrice),
          discountDescription: `Buy ${threshold} or more pieces and pay ${formatRupees(money(discount))} per piece`,
        });
      }
      cityRows.push(row);
    }
  });
  await insertChunked(db, marketplaceProductCities, cityRows);
}
