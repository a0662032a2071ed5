import { type MarketplaceCityPrice, marketplaceCityPrice, type QuantityTier } from '@shop/domain/pricing';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CityRecordPrices, writeCityRecordPrices } from '../marketplace/marketplace-prices.service.ts';
import { cityPricingExpressions } from '../catalogue/pricing.service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const CHUNK = 1000;

interface LinkedRecord extends MarketplaceCityPrice {
  id: number;
  product_price: string;
  product_sale: boolean;
  product_sale_price: string | null;
  product_tax: string;
  product_sell_price: string;
  city_price: string | null;
  quantity_tiers: QuantityTier[] | string | null;
}

const money = (v: string | null) => (v == null ? null : fromPaisa(toPaisa(v)));

/** The record's columns as they stand, in the shape marketplaceCityPrice answers, to compare. */
const shown = (r: LinkedRecord): MarketplaceCityPrice => ({
  price: fromPaisa(toPaisa(r.price)),
  sale: r.sale,
  sale_price: money(r.sale_price),
  sell_price: fromPaisa(toPaisa(r.sell_price)),
  tax: fromPaisa(toPaisa(r.tax)),
  discount_threshold: r.discount_threshold,
  discount_price: money(r.discount_price),
  original_price: money(r.original_price),
  discount_price_tax: money(r.discount_price_tax),
  discount_price_without_tax: money(r.discount_price_without_tax),
  discount_description: r.discount_description,
});

const FIELDS = ['price', 'sale', 'sale_price', 'sell_price', 'tax', 'discount_threshold', 'discount_price', 'original_price', 'discount_price_tax', 'discount_price_without_tax', 'discount_description'] as const;

/**
 * The marketplace city records sold as these storefront products, with what they show now and what
 * they should show (marketplaceCityPrice of the product, its city price and thresholds in effect now).
 * Marketplace-only records (no product) are never read: their prices are their own (decision 019, 4).
 */
export async function linkedCityRecords(db: Db | Tx, productIds: readonly number[] | 'all'): Promise<{ id: number; now: MarketplaceCityPrice; due: MarketplaceCityPrice }[]> {
  const out: { id: number; now: MarketplaceCityPrice; due: MarketplaceCityPrice }[] = [];
  const ids = productIds === 'all' ? null : [...new Set(productIds)];
  for (let i = 0; ids === null ? i === 0 : i < ids.length; i += CHUNK) {
    const part = ids?.slice(i, i + CHUNK);
    const city = cityPricingExpressions(sql.raw('pc.city_id'), sql.raw('products.id'));
    const rows = await db.execute(sql`select pc.id, pc.price::text as price, pc.sale, pc.sale_price::text as sale_price, pc.sell_price::text as sell_price,
        pc.tax::text as tax, pc.discount_threshold, pc.discount_price::text as discount_price, pc.original_price::text as original_price,
        pc.discount_price_tax::text as discount_price_tax, pc.discount_price_without_tax::text as discount_price_without_tax, pc.discount_description,
        products.price::text as product_price, products.sale as product_sale, products.sale_price::text as product_sale_price,
        products.tax::text as product_tax, products.sell_price::text as product_sell_price, ${city.city_price} as city_price,
        ${city.quantity_tiers} as quantity_tiers
      from bmpl_product_cities pc join bmpl_products bp on bp.id = pc.bmpl_product_id join products on products.id = bp.product_id
      ${part ? sql`where products.id = any(${`{${part.join(',')}}`}::int[])` : sql``}
      order by pc.id`);
    const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: LinkedRecord[] }).rows) as LinkedRecord[];
    for (const r of list) {
      const tiers = typeof r.quantity_tiers === 'string' ? (JSON.parse(r.quantity_tiers) as QuantityTier[]) : (r.quantity_tiers ?? []);
      const due = marketplaceCityPrice(
        { price: r.product_price, sale: r.product_sale, sale_price: r.product_sale_price, tax: r.product_tax, sell_price: r.product_sell_price },
        r.city_price,
        tiers.map((t) => ({ min_quantity: Number(t.min_quantity), unit_price: String(t.unit_price) })),
      );
      out.push({ id: r.id, now: shown(r), due });
    }
  }
  return out;
}

/**
 * Decision 019: the one refresher. The marketplace city records of these products take the price
 * columns marketplaceCityPrice computes from the product and its city prices and thresholds in effect
 * now; only records whose shown price changed are written (marketplace module writeCityRecordPrices), so the
 * marketplace's counters move only then. Every write that changes a price calls it in its own
 * transaction. Answers how many records were written.
 */
export async function refreshMarketplacePrices(tx: Db | Tx, productIds: readonly number[] | 'all'): Promise<number> {
  if (productIds !== 'all' && productIds.length === 0) return 0;
  const changed: CityRecordPrices[] = [];
  for (const r of await linkedCityRecords(tx, productIds)) {
    if (FIELDS.some((f) => r.now[f] !== r.due[f])) changed.push({ id: r.id, ...r.due });
  }
  await writeCityRecordPrices(tx, changed);
  return changed.length;
}
