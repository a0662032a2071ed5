// Product generator over the vocabulary. Product number i is a pure function of (i, seed), so the
// demo catalogue and the benchmark's large catalogue (start after the demo's last index) never
// repeat a name or SKU, and the output does not depend on how many products are asked for.
import type { Paisa } from '@shop/domain/money';
import { type PriceFields, taxIncluded } from '@shop/domain/pricing';
import { toSlug } from '@shop/domain/slug';
import type { products } from '../db/schema/catalogue.ts';
import { hashSeed, Random } from './random.ts';
import { CATALOGUE, GST_PERCENT, type LeafSpec, type Level2Spec, type TopCategory } from './vocabulary.ts';

export const DEMO_SEED = 20_240_823;
export const DEMO_PRODUCT_COUNT = 2_400;

export type NewProduct = typeof products.$inferInsert;

export interface Leaf {
  top: TopCategory;
  level2: Level2Spec;
  level3Name: string;
  level4Name: string | null;
  spec: LeafSpec;
  brands: readonly string[];
  /** brands x varieties x packs */
  combos: number;
  /** Coprime with combos: walks the combinations in a spread-out order. */
  stride: number;
}

/** Key of a category by its names from the top, e.g. "Food > Rice & Grains > Basmati Rice". */
export const categoryKey = (...names: string[]) => names.join(' > ');

export interface CatalogueIds {
  /** By categoryKey. */
  categories: ReadonlyMap<string, number>;
  brands: ReadonlyMap<string, number>;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

function strideFor(total: number): number {
  let s = Math.max(1, Math.round(total * 0.618));
  while (total > 1 && gcd(s, total) !== 1) s++;
  return s;
}

function makeLeaf(level2: Level2Spec, level3Name: string, level4Name: string | null, spec: LeafSpec): Leaf {
  const brands = spec.brands ?? level2.brands;
  const combos = brands.length * spec.varieties.length * spec.packs.length;
  return { top: level2.top, level2, level3Name, level4Name, spec, brands, combos, stride: strideFor(combos) };
}

/** The categories products hang from: level-3 without children, and level-4. */
export const LEAVES: readonly Leaf[] = CATALOGUE.flatMap((l2) =>
  l2.children.flatMap((l3) =>
    'children' in l3 ? l3.children.map((l4) => makeLeaf(l2, l3.name, l4.name, l4)) : [makeLeaf(l2, l3.name, null, l3)],
  ),
);

export function leafKeys(leaf: Leaf) {
  const l1 = leaf.top;
  const l2 = categoryKey(l1, leaf.level2.name);
  const l3 = categoryKey(l1, leaf.level2.name, leaf.level3Name);
  const l4 = leaf.level4Name ? categoryKey(l1, leaf.level2.name, leaf.level3Name, leaf.level4Name) : null;
  return { l1, l2, l3, l4 };
}

export interface ProductDraft {
  index: number;
  leaf: Leaf;
  name: string;
  slug: string;
  brand: string;
  weight: string;
  price: Paisa;
  salePrice: Paisa | null;
  tax: Paisa;
  sellPrice: Paisa;
  stock: number;
  sku: string;
  code: string;
  articleMgb: string;
  description: string;
  addToCartCount: number;
  viewedCount: number;
}

/** Whole rupees, rounded the way a price list reads (to 10 above Rs. 1,000, to 5 above Rs. 200). */
export function listRupees(value: number): number {
  if (value >= 1000) return Math.round(value / 10) * 10;
  if (value >= 200) return Math.round(value / 5) * 5;
  return Math.max(1, Math.round(value));
}

/** Tax included in a price at 18% GST: price - price / 1.18, to the paisa; zero when exempt. */
export function splitTax(price: Paisa, taxed: boolean): { tax: Paisa; sellPrice: Paisa } {
  const { tax, sell } = taxIncluded(price, 100, taxed ? GST_PERCENT : 0);
  return { tax, sellPrice: sell };
}

/** Product number `index` (0-based) of the catalogue generated with `seed`. */
export function draftProduct(index: number, seed: number = DEMO_SEED): ProductDraft {
  const leaf = LEAVES[index % LEAVES.length] as Leaf;
  const k = Math.floor(index / LEAVES.length);
  const round = Math.floor(k / leaf.combos);
  const c = ((k % leaf.combos) * leaf.stride) % leaf.combos;
  const { brands, spec } = leaf;
  const brand = brands[c % brands.length] as string;
  const rest = Math.floor(c / brands.length);
  const variety = spec.varieties[rest % spec.varieties.length] as string;
  const pack = spec.packs[Math.floor(rest / spec.varieties.length) % spec.packs.length] as (typeof spec.packs)[number];
  const multiple = round + 1;

  const what = [variety, spec.noun].filter(Boolean).join(' ');
  const name = [brand, what, pack.label].join(' ') + (multiple > 1 ? ` (Pack of ${multiple})` : '');
  const weight = multiple > 1 ? `${multiple} x ${pack.weight}` : pack.weight;

  const rng = new Random(hashSeed(seed, index));
  const price = listRupees(rng.between(pack.min, pack.max)) * multiple * 100;
  const onSale = rng.chance(0.15);
  const salePrice = onSale ? Math.min(price - 100, Math.round((price * (1 - rng.between(0.05, 0.2))) / 100) * 100) : null;
  const stock = rng.chance(0.06) ? 0 : rng.int(5, 500);
  // Skewed counts: most products are seldom viewed, a few are viewed thousands of times.
  const viewedCount = Math.floor(5000 * rng.float() ** 3);
  const addToCartCount = Math.floor(viewedCount * rng.between(0.05, 0.6));
  const { tax, sellPrice } = splitTax(price, leaf.level2.taxed);
  const n = index + 1;
  return {
    index,
    leaf,
    name,
    slug: toSlug(name),
    brand,
    weight,
    price,
    salePrice,
    tax,
    sellPrice,
    stock,
    sku: `SKU-${String(n).padStart(6, '0')}`,
    code: String(4_000_000 + n),
    articleMgb: String(100_000 + ((index * 7919) % 900_000)),
    description: `${what} by ${brand}, ${weight}. ${leaf.level2.blurb}`,
    addToCartCount,
    viewedCount,
  };
}

function idOf(map: ReadonlyMap<string, number>, key: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`Seed: no id for "${key}"`);
  return id;
}

/** Image path under /storage/products/ (the server draws it from the name). */
export const productImage = (leaf: Leaf, slug: string) => `${toSlug(leaf.level2.name)}/${slug}.svg`;

const money = (p: Paisa) => (p / 100).toFixed(2);

/** A draft's price columns as the products table holds them: on sale (pricing.ts isOnSale) exactly when it has a sale price. */
export function draftPrices(d: ProductDraft): Pick<PriceFields, 'price' | 'sale' | 'sale_price'> {
  return { price: money(d.price), sale: d.salePrice !== null, sale_price: d.salePrice === null ? null : money(d.salePrice) };
}

export function productRow(d: ProductDraft, ids: CatalogueIds): NewProduct {
  const keys = leafKeys(d.leaf);
  const prices = draftPrices(d);
  return {
    name: d.name,
    urlName: productImage(d.leaf, d.slug),
    url: d.slug,
    price: prices.price,
    sale: prices.sale,
    salePrice: prices.sale_price,
    stock: d.stock,
    sku: d.sku,
    code: d.code,
    brandId: idOf(ids.brands, d.brand),
    brandName: d.brand,
    description: d.description,
    weight: d.weight,
    productSubsys: d.leaf.top === 'Food' ? 'FOOD' : 'NONFOOD',
    tax: money(d.tax),
    sellPrice: money(d.sellPrice),
    tier1Id: idOf(ids.categories, keys.l1),
    tier2Id: idOf(ids.categories, keys.l2),
    tier3Id: idOf(ids.categories, keys.l3),
    tier4Id: keys.l4 ? idOf(ids.categories, keys.l4) : null,
    addToCartCount: d.addToCartCount,
    viewedCount: d.viewedCount,
    articleMgb: d.articleMgb,
  };
}

/**
 * Product rows `start` .. `start + count - 1` of the catalogue, ready to insert once the
 * categories and brands exist (see insertCatalogue). The benchmark passes start = DEMO_PRODUCT_COUNT
 * to add products after the demo ones without repeating a name or SKU.
 */
export function makeCatalogueRows(
  count: number,
  ids: CatalogueIds,
  options: { start?: number; seed?: number } = {},
): NewProduct[] {
  const start = options.start ?? 0;
  const rows: NewProduct[] = [];
  for (let i = start; i < start + count; i++) rows.push(productRow(draftProduct(i, options.seed), ids));
  return rows;
}
