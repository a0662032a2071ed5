// The marketplace copy's products and city records as columns (money in paisa): made from the rows the
// snapshot reads (setProduct, setRecord), or copied from the previous copy's columns when a patch keeps them.
import { toPaisa } from '@shop/domain/money';
import { PackedTexts } from '../../lib/packed-texts.ts';
import { SharedTexts } from '../../lib/shared-texts.ts';
import { TextsAround } from '../../lib/texts-around.ts';
import type { Row } from './marketplace-rows.ts';

/**
 * The products by position (positions follow ids), as columns (issue 17, memory at 100,000 products):
 * 100,000 row objects of 11 fields and a Map of their ids cost the heap about 16 MB more than these
 * arrays, and the garbage collector walked them all on every major collection. A page makes the row
 * of only the products it returns (productRow). A null tier is -1. The texts of a value per product are
 * packed (lib/packed-texts.ts): written position after position, then sealed (sealProducts) and only read.
 */
export interface ProductColumns {
  n: number;
  id: Int32Array;
  tier1: Int32Array;
  tier2: Int32Array;
  tier3: Int32Array;
  tier4: Int32Array;
  brandId: Int32Array;
  name: PackedTexts;
  slug: PackedTexts;
  /** The image's path: it holds the slug between a folder and an extension, kept as those two (lib/texts-around.ts). */
  urlName: TextsAround;
  description: PackedTexts;
  /** One string per brand, shared by its products. */
  brandName: string[];
  /** lower(name) as the database computes it (the search matches on it: PackedTexts.positionsContaining). */
  lowerName: PackedTexts;
}

const INT_COLUMNS = ['id', 'tier1', 'tier2', 'tier3', 'tier4', 'brandId'] as const satisfies readonly (keyof ProductColumns)[];
const TEXT_COLUMNS = ['brandName'] as const satisfies readonly (keyof ProductColumns)[];
const PACKED_COLUMNS = ['name', 'slug', 'description', 'lowerName'] as const satisfies readonly (keyof ProductColumns)[];

/** Columns of n products to fill; a patch's extend the old copy's image-path pairs (TextsAround.extending), so a copied position takes no search. */
export function emptyProducts(n: number, old?: ProductColumns): ProductColumns {
  return {
    n,
    id: new Int32Array(n),
    tier1: new Int32Array(n),
    tier2: new Int32Array(n),
    tier3: new Int32Array(n),
    tier4: new Int32Array(n),
    brandId: new Int32Array(n),
    name: new PackedTexts(n),
    slug: new PackedTexts(n),
    urlName: old ? TextsAround.extending(old.urlName, n) : new TextsAround(n),
    description: new PackedTexts(n),
    brandName: new Array<string>(n),
    lowerName: new PackedTexts(n),
  };
}

/** One string per distinct brand name of a load or a patch (dropped after it). */
export type Interner = Map<string, string>;

const tierOf = (v: unknown) => (v == null ? -1 : Number(v));

/** Every position written: the packed texts become one string per column. */
export function sealProducts(p: ProductColumns): ProductColumns {
  for (const column of PACKED_COLUMNS) p[column].seal();
  p.urlName.seal();
  return p;
}

/** Product row r (the snapshot's PRODUCT_FIELDS) into position i (the next one: positions are written in order). */
export function setProduct(p: ProductColumns, i: number, r: Row, pool: Interner) {
  p.id[i] = Number(r.id);
  p.tier1[i] = tierOf(r.tier1_id);
  p.tier2[i] = tierOf(r.tier2_id);
  p.tier3[i] = tierOf(r.tier3_id);
  p.tier4[i] = tierOf(r.tier4_id);
  p.brandId[i] = Number(r.bmpl_brand_id);
  p.name.push(r.name as string);
  p.slug.push(r.slug as string);
  p.urlName.push(r.url_name as string, r.slug as string);
  p.description.push(r.description as string);
  const brand = r.bmpl_brand_name as string;
  const known = pool.get(brand);
  if (known === undefined) pool.set(brand, brand);
  p.brandName[i] = known ?? brand;
  p.lowerName.push(r.lower_name as string);
}

/** The old columns' product o into position i (the next one). */
export function copyProduct(p: ProductColumns, i: number, old: ProductColumns, o: number) {
  for (const column of INT_COLUMNS) p[column][i] = old[column][o]!;
  for (const column of TEXT_COLUMNS) p[column][i] = old[column][o]!;
  for (const column of PACKED_COLUMNS) p[column].push(old[column].at(o));
  p.urlName.copy(old.urlName, o, old.slug.at(o));
}

/** Columns one after the other (a load's chunks, in id order). */
export function concatProducts(parts: readonly ProductColumns[]): ProductColumns {
  const p = emptyProducts(parts.reduce((n, part) => n + part.n, 0));
  let at = 0;
  for (const part of parts) {
    for (const column of INT_COLUMNS) p[column].set(part[column], at);
    for (const column of TEXT_COLUMNS) for (let i = 0; i < part.n; i++) p[column][at + i] = part[column][i]!;
    at += part.n;
  }
  for (const column of PACKED_COLUMNS) p[column] = PackedTexts.concat(parts.map((part) => part[column]));
  for (const part of parts) {
    part.urlName.seal();
    for (let i = 0; i < part.n; i++) {
      const slug = part.slug.at(i);
      p.urlName.push(part.urlName.at(i, slug), slug);
    }
  }
  return sealProducts(p);
}

/** The position of product `id` (positions follow ids), or -1. */
export function positionOf(p: ProductColumns, id: number): number {
  const ids = p.id;
  let lo = 0;
  let hi = p.n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo < p.n && ids[lo] === id ? lo : -1;
}

const tierRow = (v: number) => (v === -1 ? null : v);

/** The product at position i as the row SQL reads (PRODUCT_COLUMNS), for marketplace-rows.ts toBase. */
export function productRow(p: ProductColumns, i: number): Row {
  return {
    id: p.id[i],
    name: p.name.at(i),
    slug: p.slug.at(i),
    url_name: p.urlName.at(i, p.slug.at(i)),
    description: p.description.at(i),
    tier1_id: tierRow(p.tier1[i]!),
    tier2_id: tierRow(p.tier2[i]!),
    tier3_id: tierRow(p.tier3[i]!),
    tier4_id: tierRow(p.tier4[i]!),
    bmpl_brand_id: p.brandId[i],
    bmpl_brand_name: p.brandName[i],
  };
}

/**
 * Money in paisa: 32-bit integers while every amount of the column fits (a null is NULL_PAISA), else
 * 64-bit floats (a null is NaN). Prices up to Rs 21 million fit, so a city's eight money columns take
 * half the memory of floats (issue 17); a larger amount widens its column, so none is ever cut. Read a
 * column that may hold nulls with paisaAt.
 */
export type PaisaColumn = Int32Array | Float64Array;
const NULL_PAISA = -0x80000000;
const MONEY_COLUMNS = ['price', 'salePrice', 'sellPrice', 'tax', 'discountPrice', 'originalPrice', 'discountPriceTax', 'discountPriceWithoutTax'] as const;
type MoneyColumn = (typeof MONEY_COLUMNS)[number];

/** The amount at k in paisa, NaN for null. */
export function paisaAt(column: PaisaColumn, k: number): number {
  const v = column[k]!;
  return v === NULL_PAISA && column instanceof Int32Array ? Number.NaN : v;
}

/** Stores an amount (NaN: null), widening the column to floats when it does not fit 32 bits. */
function putPaisa(c: CityRecords, name: MoneyColumn, k: number, v: number) {
  let column = c[name];
  if (column instanceof Int32Array) {
    if (Number.isNaN(v)) {
      column[k] = NULL_PAISA;
      return;
    }
    if (Number.isInteger(v) && v > NULL_PAISA && v <= 0x7fffffff && !Object.is(v, -0)) {
      column[k] = v;
      return;
    }
    const wide = new Float64Array(column.length);
    for (let x = 0; x < column.length; x++) wide[x] = paisaAt(column, x);
    column = wide;
    c[name] = wide;
  }
  column[k] = v;
}

/** Ids of a city's records (categories, brands): 16-bit while every id of the column fits, else 32 (issue 17: a few dozen distinct ids in 350,000 records). */
export type IdColumn = Uint16Array | Int32Array;
const ID_COLUMNS = ['tier2', 'tier3', 'brand'] as const;

/** Stores an id, widening the column to 32 bits when it does not fit 16. */
function putId(c: CityRecords, name: (typeof ID_COLUMNS)[number], k: number, v: number) {
  let column = c[name];
  if (column instanceof Uint16Array && (v < 0 || v > 0xffff || !Number.isInteger(v))) {
    column = Int32Array.from(column);
    c[name] = column;
  }
  column[k] = v;
}

/**
 * A city's records as columns (money: PaisaColumn; -1 for a null threshold): 350,000
 * records as objects made every major garbage collection walk them all (a fifth of the server's time
 * under load); typed columns are a handful of objects.
 */
export interface CityRecords {
  n: number;
  /** Per record: its product's position, and what lists filter and sort on. */
  product: Int32Array;
  /** Category and brand ids (0: none) in 16 bits while they fit (IdColumn). */
  tier2: IdColumn;
  tier3: IdColumn;
  brand: IdColumn;
  price: PaisaColumn;
  oos: Uint8Array;
  sale: Uint8Array;
  salePrice: PaisaColumn;
  sellPrice: PaisaColumn;
  tax: PaisaColumn;
  stock: Int32Array;
  discountThreshold: Int32Array;
  discountPrice: PaisaColumn;
  originalPrice: PaisaColumn;
  discountPriceTax: PaisaColumn;
  discountPriceWithoutTax: PaisaColumn;
  /** Few distinct texts ("Buy 12 or more pieces and pay Rs 95 per piece"), each kept once (lib/shared-texts.ts); null where none. */
  discountDescription: SharedTexts;
  /** Product position -> its record here, or -1 (not sold in this city). */
  recordOf: Int32Array;
  /** Per sort, the records in that order and each record's place in it. */
  byOrder: Map<string, { list: Int32Array; place: Int32Array }>;
  /** Per 'sort|tier2', the category's records in that order. */
  sorted: Map<string, Int32Array>;
}

export function emptyCity(n: number, productCount: number): CityRecords {
  return {
    n,
    product: new Int32Array(n),
    tier2: new Uint16Array(n),
    tier3: new Uint16Array(n),
    brand: new Uint16Array(n),
    price: new Int32Array(n),
    oos: new Uint8Array(n),
    sale: new Uint8Array(n),
    salePrice: new Int32Array(n),
    sellPrice: new Int32Array(n),
    tax: new Int32Array(n),
    stock: new Int32Array(n),
    discountThreshold: new Int32Array(n),
    discountPrice: new Int32Array(n),
    originalPrice: new Int32Array(n),
    discountPriceTax: new Int32Array(n),
    discountPriceWithoutTax: new Int32Array(n),
    discountDescription: new SharedTexts(n),
    recordOf: new Int32Array(productCount).fill(-1),
    byOrder: new Map(),
    sorted: new Map(),
  };
}

const paisa = (v: unknown) => (v == null ? Number.NaN : toPaisa(String(v)));

/** Record r (RECORD_FIELDS) of the product at position i, as the city's record k. */
export function setRecord(c: CityRecords, k: number, r: Row, i: number) {
  c.product[k] = i;
  c.recordOf[i] = k;
  putId(c, 'tier2', k, r.c_tier2_id == null ? 0 : Number(r.c_tier2_id));
  putId(c, 'tier3', k, r.c_tier3_id == null ? 0 : Number(r.c_tier3_id));
  putId(c, 'brand', k, r.c_brand_id == null ? 0 : Number(r.c_brand_id));
  c.oos[k] = r.out_of_stock ? 1 : 0;
  putPaisa(c, 'price', k, paisa(r.price));
  c.sale[k] = r.sale ? 1 : 0;
  putPaisa(c, 'salePrice', k, paisa(r.sale_price));
  putPaisa(c, 'sellPrice', k, paisa(r.sell_price));
  putPaisa(c, 'tax', k, paisa(r.tax));
  c.stock[k] = Number(r.stock);
  c.discountThreshold[k] = r.discount_threshold == null ? -1 : Number(r.discount_threshold);
  putPaisa(c, 'discountPrice', k, paisa(r.discount_price));
  putPaisa(c, 'originalPrice', k, paisa(r.original_price));
  putPaisa(c, 'discountPriceTax', k, paisa(r.discount_price_tax));
  putPaisa(c, 'discountPriceWithoutTax', k, paisa(r.discount_price_without_tax));
  c.discountDescription.set(k, r.discount_description == null ? null : (r.discount_description as string));
}

const RECORD_COLUMNS = ['oos', 'sale', 'stock', 'discountThreshold'] as const satisfies readonly (keyof CityRecords)[];

/** The old city's record o, unchanged, as record k of the product now at position i. */
export function copyRecord(c: CityRecords, k: number, old: CityRecords, o: number, i: number) {
  c.product[k] = i;
  c.recordOf[i] = k;
  for (const column of RECORD_COLUMNS) c[column][k] = old[column][o]!;
  for (const column of ID_COLUMNS) putId(c, column, k, old[column][o]!);
  for (const column of MONEY_COLUMNS) putPaisa(c, column, k, paisaAt(old[column], o));
  c.discountDescription.copy(k, old.discountDescription, o);
}

/** The first k records of a city in columns of `capacity` records (a load's city grown or trimmed to its count). */
export function resizeCity(c: CityRecords, k: number, productCount: number, capacity = k): CityRecords {
  const out = emptyCity(capacity, productCount);
  for (let x = 0; x < k; x++) copyRecord(out, x, c, x, c.product[x]!);
  return out;
}
