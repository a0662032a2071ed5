// SPEC 4 "Cart": pure operations on cart lines, shared by the web app and its tests.
import { toPaisa } from './money.ts';
import { MAX_ORDER_QUANTITY } from './order-rules.ts';
import { type CartUnitPrice, displayPrice, displayPriceRule, type PriceFields, type PriceRule, type QuantityTier, shownPriceAt } from './pricing.ts';

export interface CartLine {
  product_id: number;
  product_name: string;
  quantity: number;
  /** Price per unit in rupees as last shown to the buyer ("1234.00"); the server re-prices on order. */
  unit_price: string;
  url_name: string;
  brand_name: string;
  sku: string;
  stock: number;
  tax: string;
  sell_price: string;
  sale: boolean;
  /**
   * Issue 36: the price of one piece the buyer was shown for the product (pricing.ts displayPrice of
   * the row clicked, or of the cart's last refresh) with its rule, and the Buy More Pay Less prices
   * shown with it (quantityPriceSteps). unit_price follows them as the quantity changes. Absent on
   * lines priced elsewhere (a reorder, an order list, a pending order) and on carts kept before.
   */
  shown_price?: string;
  shown_rule?: 'customer' | 'city' | 'sale' | 'list';
  quantity_prices?: QuantityTier[];
  /** Issue 19: the rule that produced unit_price (PRICE_RULE_LABELS), when known. */
  price_rule?: PriceRule;
}

/**
 * A product as a buyer is shown it (catalogue.ts Product, orders.ts PricedProduct): priced for that
 * buyer (its locked price, its city's price and Buy More Pay Less prices), with what a cart line keeps.
 */
export interface CartProduct extends PriceFields {
  id: number;
  name: string;
  url_name: string;
  brand_name: string;
  sku: string;
  stock: number;
  tax: string;
  sell_price: string;
  quantity_prices?: QuantityTier[];
}

/**
 * Issue 38: THE mapping of a product to a cart line of `quantity` pieces, for the web (the card's and
 * the product page's Add to cart, the cart's refresh) and the server (reorder, order lists and quick
 * order propose their cart lines with it). The line keeps the price of one piece the buyer is shown
 * (pricing.ts displayPrice, with its rule) and the Buy More Pay Less prices shown with it
 * (quantity_prices); its unit_price and price_rule are the price shown at its quantity (shownPriceAt),
 * which is what the cart charges for it (issue 36).
 */
export function cartLineOf(product: CartProduct, quantity: number): CartLine {
  const rule = displayPriceRule(product);
  const shown: CartUnitPrice = { unit_price: displayPrice(product), rule };
  const quantityPrices = product.quantity_prices ?? [];
  const at = shownPriceAt(shown, quantityPrices, Math.max(1, quantity));
  return {
    product_id: product.id,
    product_name: product.name,
    quantity,
    unit_price: at.unit_price,
    price_rule: at.rule,
    shown_price: shown.unit_price,
    shown_rule: rule,
    quantity_prices: quantityPrices,
    url_name: product.url_name,
    brand_name: product.brand_name,
    sku: product.sku,
    stock: product.stock,
    tax: product.tax,
    sell_price: product.sell_price,
    sale: product.sale,
  };
}

/** Issue 36: the price the buyer was shown for this line at its quantity; null when the line keeps none. */
export function shownLinePrice(line: Pick<CartLine, 'shown_price' | 'shown_rule' | 'quantity_prices' | 'quantity'>): CartUnitPrice | null {
  if (line.shown_price == null) return null;
  return shownPriceAt({ unit_price: line.shown_price, rule: line.shown_rule ?? 'list' }, line.quantity_prices ?? [], line.quantity);
}

/** The line with unit_price (and its rule) at its quantity, from the prices it was shown. */
function priced(line: CartLine): CartLine {
  const shown = shownLinePrice(line);
  return shown ? { ...line, unit_price: shown.unit_price, price_rule: shown.rule } : line;
}

/**
 * Issue 36: whether the price of a line has really changed since the buyer was shown it, given the
 * cart's refresh at the line's quantity (`unit_price`) and the refreshed price of one piece (`one`):
 * the price shown at that quantity (a Buy More Pay Less price reached by changing the quantity is no
 * change) against the refreshed one. A line that keeps no shown prices (priced by a reorder or a
 * pending order) changed when its price is neither the refreshed price of one piece nor of its quantity.
 */
export function shownPriceChange(line: CartLine, refreshed: { unit_price: string; one: string }): { from: string; to: string } | null {
  const same = (a: string, b: string) => toPaisa(a) === toPaisa(b);
  const shown = shownLinePrice(line);
  if (shown) return same(shown.unit_price, refreshed.unit_price) ? null : { from: shown.unit_price, to: refreshed.unit_price };
  if (same(line.unit_price, refreshed.unit_price) || same(line.unit_price, refreshed.one)) return null;
  return { from: line.unit_price, to: refreshed.unit_price };
}

/** The cart caps a line where an order does (order-rules.ts MAX_ORDER_QUANTITY, the one definition). */
export const MAX_LINE_QUANTITY = MAX_ORDER_QUANTITY;

/** Adding a product already in the cart raises its quantity by 1. Out-of-stock products are not added. */
export function addToCart(lines: readonly CartLine[], item: Omit<CartLine, 'quantity'>, quantity = 1): CartLine[] {
  if (item.stock <= 0) return [...lines];
  const existing = lines.find((l) => l.product_id === item.product_id);
  if (existing) return setQuantity(lines, item.product_id, existing.quantity + 1);
  return [...lines, priced({ ...item, quantity: Math.min(Math.max(1, Math.trunc(quantity)), MAX_LINE_QUANTITY) })];
}

/** Minus at quantity 1 removes the line. */
export function decrement(lines: readonly CartLine[], productId: number): CartLine[] {
  const line = lines.find((l) => l.product_id === productId);
  if (!line) return [...lines];
  return setQuantity(lines, productId, line.quantity - 1);
}

/** Sets the quantity to a whole number; 0 or less removes the line. */
export function setQuantity(lines: readonly CartLine[], productId: number, quantity: number): CartLine[] {
  const q = Math.trunc(quantity);
  if (!Number.isFinite(q) || q <= 0) return lines.filter((l) => l.product_id !== productId);
  return lines.map((l) => (l.product_id === productId ? priced({ ...l, quantity: Math.min(q, MAX_LINE_QUANTITY) }) : l));
}

/** Manual entry: the integer typed; empty or 0 on blur removes the line. */
export function parseTypedQuantity(text: string): number {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? 0 : Number.parseInt(digits, 10);
}

export const removeLine = (lines: readonly CartLine[], productId: number) => lines.filter((l) => l.product_id !== productId);
export const itemCount = (lines: readonly CartLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

/**
 * Issue 21: lines put in the cart together (a reorder, a quick order, an order list). A product
 * already in the cart gets the quantities added, capped at its stock and MAX_LINE_QUANTITY; a line
 * of quantity 0 (out of stock, no longer sold) adds nothing. The new data (today's price) wins.
 */
export function addLines(lines: readonly CartLine[], additions: readonly CartLine[]): CartLine[] {
  const result = [...lines];
  for (const add of additions) {
    if (add.quantity <= 0 || add.stock <= 0) continue;
    const i = result.findIndex((l) => l.product_id === add.product_id);
    const before = i === -1 ? 0 : (result[i] as CartLine).quantity;
    const quantity = Math.min(before + Math.trunc(add.quantity), add.stock, MAX_LINE_QUANTITY);
    if (i === -1) result.push(priced({ ...add, quantity }));
    else {
      // The prices the buyer was shown go with the data they came with (issue 36).
      const { shown_price, shown_rule, quantity_prices, price_rule, ...kept } = result[i] as CartLine;
      result[i] = priced({ ...kept, ...add, quantity });
    }
  }
  return result;
}
