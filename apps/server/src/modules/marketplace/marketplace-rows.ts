import type { MarketplaceCategory, MarketplaceCityRecord, MarketplaceProduct, MarketplaceProductDetail } from '@shop/domain/marketplace';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// The marketplace's rows as the API shapes them, shared by the SQL reads (marketplace.service.ts,
// marketplace-lists.service.ts) and the in-memory copy (marketplace-page.ts).

export interface CategoryIndex {
  byId: Map<number, MarketplaceCategory>;
  /** The marketplace's top category (SPEC: Food) and its level-2 and level-3 children, in menu order. */
  food: MarketplaceCategory | null;
  level2: MarketplaceCategory[];
  childrenOf: Map<number, MarketplaceCategory[]>;
}

// Columns of a product merged with one city record; numeric as text so both drivers give exact strings.
export const PRODUCT_COLUMNS = sql.raw(`p.id, p.name, p.slug, p.url_name, p.description, p.tier1_id, p.tier2_id, p.tier3_id,
  p.tier4_id, p.bmpl_brand_id, p.bmpl_brand_name`);
export const CITY_COLUMNS = sql.raw(`c.price::text as price, c.sale, c.sale_price::text as sale_price,
  c.sell_price::text as sell_price, c.tax::text as tax, c.stock, c.discount_threshold, c.discount_price::text as discount_price,
  c.original_price::text as original_price, c.discount_description, c.discount_price_tax::text as discount_price_tax,
  c.discount_price_without_tax::text as discount_price_without_tax`);

export type Row = Record<string, unknown>;
const money = (v: unknown) => (v == null ? null : fromPaisa(toPaisa(String(v))));
const int = (v: unknown) => (v == null ? null : Number(v));

export function toCityRecord(r: Row, city: string): MarketplaceCityRecord {
  return {
    city,
    price: money(r.price) as string,
    sale: Boolean(r.sale),
    sale_price: money(r.sale_price),
    sell_price: money(r.sell_price) as string,
    tax: money(r.tax) as string,
    stock: Number(r.stock),
    discount_threshold: int(r.discount_threshold),
    discount_price: money(r.discount_price),
    original_price: money(r.original_price),
    discount_description: (r.discount_description as string | null) ?? null,
    discount_price_tax: money(r.discount_price_tax),
    discount_price_without_tax: money(r.discount_price_without_tax),
  };
}

export function toBase(r: Row, index: CategoryIndex): Omit<MarketplaceProductDetail, 'bmpl_products_city'> {
  const l2 = index.byId.get(Number(r.tier2_id));
  const l3 = r.tier3_id == null ? undefined : index.byId.get(Number(r.tier3_id));
  return {
    id: Number(r.id),
    bmpl_product_id: Number(r.id),
    name: r.name as string,
    slug: r.slug as string,
    url_name: r.url_name as string,
    description: r.description as string,
    tier1_id: Number(r.tier1_id),
    tier2_id: Number(r.tier2_id),
    tier3_id: int(r.tier3_id),
    tier4_id: int(r.tier4_id),
    bmpl_brand_id: Number(r.bmpl_brand_id),
    bmpl_brand_name: r.bmpl_brand_name as string,
    category_name: l2?.name ?? '',
    category_slug: l2?.slug ?? '',
    subcategory_name: l3?.name ?? null,
    subcategory_slug: l3?.slug ?? null,
  };
}

export function toListProduct(r: Row, city: string, index: CategoryIndex): MarketplaceProduct {
  return { ...toBase(r, index), ...toCityRecord(r, city), customer_specific_pricing: null };
}

export async function rows(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

