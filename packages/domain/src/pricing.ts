import { fromPaisa, toPaisa } from './money.ts';

export interface PriceFields {
  price: string;
  sale: boolean;
  sale_price: string | null;
  customer_specific_pricing: string | null;
}

/**
 * SPEC 9's displayed price, declared once: the first of these sources that applies (its `when` flag
 * is set, or it has none) and is above zero; the list price when none is. Every executor is derived
 * from this list: displayPrice below (the web, orders, the in-memory catalogue), and the SQL of
 * sorts and price ranges (apps/server/src/modules/catalogue/listing-sql.ts), which keeps the
 * expression of the listing indexes (migrations 0003 and 0005).
 */
export const DISPLAYED_PRICE_SOURCES = [
  /** The caller's own business's locked price (a lookup: a guest has none). */
  { field: 'customer_specific_pricing', when: null },
  { field: 'sale_price', when: 'sale' },
  { field: 'price', when: null },
] as const satisfies readonly { field: 'customer_specific_pricing' | 'sale_price' | 'price'; when: 'sale' | null }[];

/** SPEC 9: customer-specific price if set, else sale_price when on sale, else the list price (DISPLAYED_PRICE_SOURCES). */
export function displayPrice(p: PriceFields): string {
  for (const source of DISPLAYED_PRICE_SOURCES) {
    const value = p[source.field];
    if ((source.when === null || p[source.when]) && value != null && toPaisa(value) > 0) return fromPaisa(toPaisa(value));
  }
  return fromPaisa(toPaisa(p.price));
}

/** SPEC 9: sale badge percent = 100 - 100 * sale_price / price, rounded. Null when not on sale. */
export function salePercent(p: Pick<PriceFields, 'price' | 'sale' | 'sale_price'>): number | null {
  if (!p.sale || p.sale_price == null) return null;
  const price = toPaisa(p.price);
  const sale = toPaisa(p.sale_price);
  if (price <= 0 || sale <= 0 || sale >= price) return null;
  return Math.round(100 - (100 * sale) / price);
}

/**
 * The tax included in an amount (paisa) whose net and tax parts stand as sellWeight to taxWeight: the
 * net part rounded to the paisa, the tax the rest. The one rule of the split, for prices as sold
 * (splitTax) and for the seed's price lists (a rate: 100 to GST percent).
 */
export function taxIncluded(amount: number, sellWeight: number, taxWeight: number): { tax: number; sell: number } {
  if (taxWeight <= 0 || sellWeight <= 0) return { tax: 0, sell: amount };
  // amount = sell * (1 + taxWeight / sellWeight)  =>  sell = amount * sellWeight / (sellWeight + taxWeight)
  const sell = Math.round((amount * sellWeight) / (sellWeight + taxWeight));
  return { tax: amount - sell, sell };
}

/**
 * The tax included in a unit price, at the product's own rate (tax over sell_price).
 * A customer-specific or sale price carries tax at the same rate as the list price.
 */
export function splitTax(unitPrice: string, listTax: string, listSellPrice: string): { tax: string; sell_price: string } {
  const { tax, sell } = taxIncluded(toPaisa(unitPrice), toPaisa(listSellPrice), toPaisa(listTax));
  return { tax: fromPaisa(tax), sell_price: fromPaisa(sell) };
}
