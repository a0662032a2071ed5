// SPEC 4 "Cart": pure operations on cart lines, shared by the web app and its tests.
import { MAX_ORDER_QUANTITY } from './order-rules.ts';

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
}

/** The cart caps a line where an order does (order-rules.ts MAX_ORDER_QUANTITY, the one definition). */
export const MAX_LINE_QUANTITY = MAX_ORDER_QUANTITY;

/** Adding a product already in the cart raises its quantity by 1. Out-of-stock products are not added. */
export function addToCart(lines: readonly CartLine[], item: Omit<CartLine, 'quantity'>, quantity = 1): CartLine[] {
  if (item.stock <= 0) return [...lines];
  const existing = lines.find((l) => l.product_id === item.product_id);
  if (existing) return setQuantity(lines, item.product_id, existing.quantity + 1);
  return [...lines, { ...item, quantity: Math.min(Math.max(1, Math.trunc(quantity)), MAX_LINE_QUANTITY) }];
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
  return lines.map((l) => (l.product_id === productId ? { ...l, quantity: Math.min(q, MAX_LINE_QUANTITY) } : l));
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
    if (i === -1) result.push({ ...add, quantity });
    else result[i] = { ...(result[i] as CartLine), ...add, quantity };
  }
  return result;
}
