import { formatRupees, fromPaisa, toPaisa } from './money.ts';

export interface PriceFields {
  price: string;
  sale: boolean;
  sale_price: string | null;
  customer_specific_pricing: string | null;
  /**
   * Issue 36: the price of the product in effect now in the city the buyer is priced in (a business's
   * own city; the city a guest chose), or null (absent) when there is none.
   */
  city_price?: string | null;
}

/**
 * The price of one piece shown to a buyer, declared once (SPEC 9 with issue 19's city prices, issue 36):
 * the first of these sources that applies (its `when` flag is set, or it has none) and is above zero;
 * the list price when none is. It is what cartUnitPrice charges for one piece (quantity thresholds
 * start at 2 pieces: quantity_prices_min_ck), so the price shown is the price the cart charges. Every
 * executor is derived from this list: displayPrice and cartUnitPrice below (the web, orders, the
 * in-memory catalogue), and the SQL of sorts and price ranges
 * (apps/server/src/modules/catalogue/listing-sql.ts), which keeps the expression of the listing
 * indexes (migrations 0003 and 0005) for the last two.
 */
export const DISPLAYED_PRICE_SOURCES = [
  /** The caller's own business's locked price (a lookup: a guest has none). */
  { field: 'customer_specific_pricing', when: null, rule: 'customer' },
  /** The price in the buyer's city (a lookup: none without a city). */
  { field: 'city_price', when: null, rule: 'city' },
  { field: 'sale_price', when: 'sale', rule: 'sale' },
  { field: 'price', when: null, rule: 'list' },
] as const satisfies readonly {
  field: 'customer_specific_pricing' | 'city_price' | 'sale_price' | 'price';
  when: 'sale' | null;
  rule: 'customer' | 'city' | 'sale' | 'list';
}[];

type DisplayedPriceSource = (typeof DISPLAYED_PRICE_SOURCES)[number];

/** A source's amount when it applies to p (its flag is set, or it has none, and it is above zero), else null. */
function sourceAmount(source: DisplayedPriceSource, p: Pick<PriceFields, 'sale'> & Partial<PriceFields>): string | null {
  const value = p[source.field];
  return (source.when === null || p[source.when]) && value != null && toPaisa(value) > 0 ? value : null;
}

const SALE_SOURCE = DISPLAYED_PRICE_SOURCES.find((s) => s.rule === 'sale') as DisplayedPriceSource;

/** The source of the price of one piece (DISPLAYED_PRICE_SOURCES): its amount and its rule. */
function shownSource(p: PriceFields): { unit_price: string; rule: 'customer' | 'city' | 'sale' | 'list' } {
  for (const source of DISPLAYED_PRICE_SOURCES) {
    const value = sourceAmount(source, p);
    if (value != null) return { unit_price: fromPaisa(toPaisa(value)), rule: source.rule };
  }
  return { unit_price: fromPaisa(toPaisa(p.price)), rule: 'list' };
}

/** SPEC 9 and issue 36: the price of one piece for the buyer (DISPLAYED_PRICE_SOURCES), equal to cartUnitPrice at one piece. */
export function displayPrice(p: PriceFields): string {
  return shownSource(p).unit_price;
}

/** The rule of the price of one piece (DISPLAYED_PRICE_SOURCES): 'sale' only when the sale price is what is shown. */
export function displayPriceRule(p: PriceFields): 'customer' | 'city' | 'sale' | 'list' {
  return shownSource(p).rule;
}

// ---- On sale (issue 38: one rule for "on sale", one for the reduction a buyer is shown) ----

/**
 * SPEC 9's "on sale", the one rule: the product's sale flag is set and its sale price is above zero
 * (DISPLAYED_PRICE_SOURCES' sale source, evaluated by the same code as the displayed price; in SQL
 * `sale and sale_price > 0`, listing-sql.ts displayedPriceSql). The sale price is then the price of
 * one piece unless a locked or city price comes before it. The catalogue's writes set the `sale`
 * column to exactly this (catalogue-write.ts productStateOf and rowOf), so the listing filter `sale`,
 * a filter on that column like filter=tier1Id on its own, selects the products on sale.
 */
export function isOnSale(p: Pick<PriceFields, 'sale' | 'sale_price'>): boolean {
  return sourceAmount(SALE_SOURCE, p) != null;
}

/**
 * A sale a buyer is shown as a reduction (the SALE badge and its percent, the list price struck
 * through on the marketplace): on sale (isOnSale) with the sale price below the list price. The
 * catalogue refuses a sale price at or above the price (catalogue-admin.ts priceRuleError), so on
 * the shop's own writes a product on sale is always reduced; a sale price that is not below the
 * price is still the price (isOnSale) but never shown as a reduction.
 */
export function isReducedBySale(p: Pick<PriceFields, 'price' | 'sale' | 'sale_price'>): boolean {
  return isOnSale(p) && toPaisa(p.sale_price as string) < toPaisa(p.price);
}

/** SPEC 9: sale badge percent = 100 - 100 * sale_price / price, rounded. Null when not reduced by a sale (isReducedBySale). */
export function salePercent(p: Pick<PriceFields, 'price' | 'sale' | 'sale_price'>): number | null {
  if (!isReducedBySale(p)) return null;
  return Math.round(100 - (100 * toPaisa(p.sale_price as string)) / toPaisa(p.price));
}

/**
 * SPEC 9 with issue 36: the percent of the SALE badge beside a price shown to a buyer, or null for no
 * badge: shown when the sale price is the price shown (displayPriceRule 'sale': not under a locked or
 * a city price) and is a reduction (salePercent). The storefront's card and product page and the
 * marketplace's card and product page show it.
 */
export function saleBadgePercent(p: Pick<PriceFields, 'price' | 'sale' | 'sale_price'> & Partial<PriceFields>): number | null {
  if (displayPriceRule({ customer_specific_pricing: null, ...p }) !== 'sale') return null;
  return salePercent(p);
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

/**
 * Issue 19: which rule produced the unit price a cart line is charged. In order of precedence:
 * the business's own locked price (SPEC 1: customers with specific pricing get locked prices), else
 * the city's price for the product, else the sale price when on sale, else the list price; then a Buy
 * More Pay Less quantity threshold of the city lowers it when the line's quantity reaches the
 * threshold and its price is lower (buying more never costs more per piece). A locked price is never
 * lowered or raised by anything.
 */
export const PRICE_RULES = ['customer', 'city', 'quantity', 'sale', 'list'] as const;
export type PriceRule = (typeof PRICE_RULES)[number];

/** What a person reads for each rule (staff price check, cart line). */
export const PRICE_RULE_LABELS: Readonly<Record<PriceRule, string>> = {
  customer: 'Customer-specific price',
  city: 'City price',
  quantity: 'Buy More Pay Less quantity price',
  sale: 'Sale price',
  list: 'List price',
};

/** A quantity threshold in effect: from `min_quantity` pieces on, each piece costs `unit_price`. */
export interface QuantityTier {
  min_quantity: number;
  unit_price: string;
}

export interface CartPriceInput extends PriceFields {
  /** The city's price of the product in effect now, for the city the line is priced in; null when none. */
  city_price: string | null;
  /** The city's quantity thresholds in effect now (any order). */
  quantity_tiers: readonly QuantityTier[];
  /** Pieces on the line (at least 1). */
  quantity: number;
}

export interface CartUnitPrice {
  unit_price: string;
  rule: PriceRule;
}

const positive = (value: string | null | undefined): value is string => value != null && toPaisa(value) > 0;

/**
 * THE price of one piece on a cart line (issue 19): the cart's refresh (/api/cart/price), order
 * placement and the staff price check all call this, and nothing else decides a charged price.
 * With no city price and no thresholds it is SPEC 9's displayed price (displayPrice, which the
 * listings' SQL and in-memory copies are derived from).
 */
export function cartUnitPrice(input: CartPriceInput): CartUnitPrice {
  const base: CartUnitPrice = shownSource(input);
  // A locked price is never lowered or raised by anything.
  if (base.rule === 'customer') return base;
  const quantity = Math.max(1, Math.trunc(input.quantity));
  let best: QuantityTier | null = null;
  for (const tier of input.quantity_tiers) {
    if (tier.min_quantity > quantity || !positive(tier.unit_price)) continue;
    if (best == null || toPaisa(tier.unit_price) < toPaisa(best.unit_price)) best = tier;
  }
  if (best && toPaisa(best.unit_price) < toPaisa(base.unit_price)) return { unit_price: fromPaisa(toPaisa(best.unit_price)), rule: 'quantity' };
  return base;
}

/**
 * Issue 36: the Buy More Pay Less prices a buyer can reach, as the cart would charge them: for each
 * threshold in ascending order, cartUnitPrice at that many pieces, kept when it is lower than every
 * price below it (so "12 or more: Rs. 1,770 each" is what the cart charges for a line of 12). Empty
 * for a locked price, and when no threshold lowers the price of one piece.
 */
export function quantityPriceSteps(input: Omit<CartPriceInput, 'quantity'>): QuantityTier[] {
  const result: QuantityTier[] = [];
  let lowest = toPaisa(cartUnitPrice({ ...input, quantity: 1 }).unit_price);
  const thresholds = [...new Set(input.quantity_tiers.map((t) => t.min_quantity))].sort((a, b) => a - b);
  for (const min_quantity of thresholds) {
    const at = cartUnitPrice({ ...input, quantity: min_quantity });
    if (at.rule === 'quantity' && toPaisa(at.unit_price) < lowest) {
      result.push({ min_quantity, unit_price: at.unit_price });
      lowest = toPaisa(at.unit_price);
    }
  }
  return result;
}

/**
 * Issue 36: the next Buy More Pay Less price above a line's quantity (from quantityPriceSteps), with how
 * many more pieces reach it; null when the line already has the lowest.
 */
export function nextQuantityPrice(prices: readonly QuantityTier[], quantity: number): (QuantityTier & { more: number }) | null {
  for (const tier of prices) if (tier.min_quantity > quantity) return { ...tier, more: tier.min_quantity - quantity };
  return null;
}

/**
 * Issue 36: the price of a line of `quantity` pieces as the buyer was shown it: the price of one piece
 * (displayPrice, with its rule) until a Buy More Pay Less price shown with it (quantityPriceSteps, in
 * ascending order, each lower than the one before) is reached. For prices as quantityPriceSteps makes
 * them this is cartUnitPrice at that quantity, so the cart can tell a price that changed from a line
 * that crossed a threshold.
 */
export function shownPriceAt(one: CartUnitPrice, prices: readonly QuantityTier[], quantity: number): CartUnitPrice {
  let result = one;
  for (const tier of prices) {
    if (tier.min_quantity <= quantity && toPaisa(tier.unit_price) < toPaisa(result.unit_price)) result = { unit_price: fromPaisa(toPaisa(tier.unit_price)), rule: 'quantity' };
  }
  return result;
}

/** A price's period (city, quantity and customer prices): from starts_at, until ends_at (open when null). */
export interface PricePeriod {
  starts_at: string | Date;
  ends_at: string | Date | null;
}

const instant = (t: string | Date) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/**
 * Decision 019: THE period rule, declared once: a price is in effect at `at` when it has started
 * (starts_at <= at) and not ended (at < ends_at; an open end never ends). A price withdrawn before it
 * started (ends_at = starts_at) is never in effect. Its SQL executor is pricing.service.ts
 * `periodInEffect`, tested against this.
 */
export function inEffectAt(period: PricePeriod, at: string | Date): boolean {
  const t = instant(at);
  return instant(period.starts_at) <= t && (period.ends_at == null || t < instant(period.ends_at));
}

/** The per-city price fields of a marketplace product record (bmpl_product_cities) that its price display reads. */
export interface CityPriceFields {
  price: string;
  sale: boolean;
  sale_price: string | null;
  sell_price: string;
  tax: string;
  discount_threshold: number | null;
  discount_price: string | null;
  original_price: string | null;
}

/** The storefront product's own price fields a marketplace city record is derived from. */
export interface MarketplaceProductPrice {
  price: string;
  sale: boolean;
  sale_price: string | null;
  /** The product's own tax split (tax over sell_price): the rate every derived price is split at. */
  tax: string;
  sell_price: string;
}

/**
 * The price columns of a marketplace city record (bmpl_product_cities) sold as a storefront product:
 * what the price display reads (CityPriceFields) and the threshold's tax split and text.
 */
export interface MarketplaceCityPrice extends CityPriceFields {
  discount_price_tax: string | null;
  discount_price_without_tax: string | null;
  discount_description: string | null;
}

/** SPEC 3's multi-piece text of a record's threshold. */
export function discountDescription(threshold: number, unitPrice: string): string {
  return `Buy ${threshold} or more pieces and pay ${formatRupees(unitPrice)} per piece`;
}

/**
 * Decision 019: what the marketplace shows for a product in a city, made by cartUnitPrice for a
 * guest (no customer price), so the page's "x1 Piece" and "x{threshold} Pieces" rows are what the cart
 * charges a line of 1 and of {threshold} pieces. The x1 price is `price` (with `sale`/`sale_price`
 * when the rule is the product's sale and it is below the list price); its tax split is of that
 * charged price, so Net Price plus Tax Include is the Gross Sell Price. The threshold is the lowest
 * one whose charged price is lower than the x1 price (SPEC 2's table has two rows: further thresholds
 * still apply in the cart). `cityPrice` and `tiers` are those in effect now (inEffectAt).
 */
export function marketplaceCityPrice(product: MarketplaceProductPrice, cityPrice: string | null, tiers: readonly QuantityTier[]): MarketplaceCityPrice {
  const guest = { ...product, customer_specific_pricing: null, city_price: cityPrice, quantity_tiers: tiers };
  const one = cartUnitPrice({ ...guest, quantity: 1 });
  const onSale = one.rule === 'sale' && isReducedBySale(product);
  const split = splitTax(one.unit_price, product.tax, product.sell_price);
  const record: MarketplaceCityPrice = {
    price: onSale ? fromPaisa(toPaisa(product.price)) : one.unit_price,
    sale: onSale,
    sale_price: onSale ? one.unit_price : null,
    sell_price: split.sell_price,
    tax: split.tax,
    discount_threshold: null,
    discount_price: null,
    original_price: null,
    discount_price_tax: null,
    discount_price_without_tax: null,
    discount_description: null,
  };
  const thresholds = [...new Set(tiers.filter((t) => t.min_quantity > 1 && positive(t.unit_price)).map((t) => t.min_quantity))].sort((a, b) => a - b);
  for (const threshold of thresholds) {
    const at = cartUnitPrice({ ...guest, quantity: threshold });
    if (toPaisa(at.unit_price) >= toPaisa(one.unit_price)) continue;
    const discount = splitTax(at.unit_price, product.tax, product.sell_price);
    return {
      ...record,
      discount_threshold: threshold,
      discount_price: at.unit_price,
      original_price: one.unit_price,
      discount_price_tax: discount.tax,
      discount_price_without_tax: discount.sell_price,
      discount_description: discountDescription(threshold, at.unit_price),
    };
  }
  return record;
}
