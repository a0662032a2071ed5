import { type CartLine, cartLineOf, shownPriceChange } from '@shop/domain/cart';
import type { PricedProduct } from '@shop/domain/orders';
import { displayPrice } from '@shop/domain/pricing';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { getCart, updateCart } from '../../lib/cart-store.ts';
import { usePriceView } from '../../lib/price-view.ts';

export interface PriceChange {
  productId: number;
  name: string;
  from: string;
  to: string;
}

export interface CartRefresh {
  isRefreshing: boolean;
  /** Lines whose price changed since the buyer was shown it: shown before ordering (issues 5 and 36). */
  changes: PriceChange[];
  /** Products the shop no longer has. */
  missing: number[];
}

/**
 * The line with today's data (cart.ts cartLineOf of the refreshed product at the line's quantity: the
 * prices now shown with it, issue 36), charged the server's price at its quantity.
 */
function refreshed(line: CartLine, p: PricedProduct): CartLine {
  return { ...line, ...cartLineOf(p, line.quantity), unit_price: p.unit_price, price_rule: p.price_rule };
}

/** The changes of this answer added to those told before: a product's first shown price and its latest. */
function merged(before: readonly PriceChange[], now: readonly PriceChange[]): PriceChange[] {
  const result = new Map(before.map((c) => [c.productId, c]));
  for (const c of now) {
    const first = result.get(c.productId);
    const change = first ? { ...c, from: first.from } : c;
    if (change.from === change.to) result.delete(c.productId);
    else result.set(c.productId, change);
  }
  return [...result.values()];
}

/**
 * On opening the cart, today's prices and stock for the buyer's business replace the stored ones; and
 * again whenever a line's quantity changes (issue 19: a Buy More Pay Less threshold prices by quantity).
 * Issue 36: a price has changed only when the refreshed price at the line's quantity is not the one the
 * buyer was shown for it (the price of one piece shown when adding, or the Buy More Pay Less price shown
 * with it that the quantity reaches): a threshold crossed by changing the quantity is no change. The
 * changes told stay while the cart is open; a new session (signing in) starts them again.
 */
export function useCartRefresh(sessionKey: string, quantitiesKey = ''): CartRefresh {
  const [state, setState] = useState<CartRefresh>({ isRefreshing: true, changes: [], missing: [] });
  const [changesFor, setChangesFor] = useState<string | null>(null);
  // Issue 36: a guest is priced in the city it chose, as its listings were.
  const { city } = usePriceView();
  // biome-ignore lint/correctness/useExhaustiveDependencies: prices depend on the session's business (or the guest's city) and the lines' quantities.
  useEffect(() => {
    const cart = getCart();
    const ids = cart.map((l) => l.product_id);
    if (ids.length === 0) {
      setState({ isRefreshing: false, changes: [], missing: [] });
      return;
    }
    const sent = new Map(cart.map((l) => [l.product_id, l.quantity]));
    const isFirst = changesFor !== sessionKey;
    const controller = new AbortController();
    api<PricedProduct[]>('/api/cart/price', { body: { ids, quantities: cart.map((l) => l.quantity), ...(city ? { city } : {}) }, signal: controller.signal })
      .then((priced) => {
        setChangesFor(sessionKey);
        const byId = new Map(priced.map((p) => [p.id, p]));
        const changes: PriceChange[] = [];
        updateCart((lines) =>
          lines.map((l) => {
            const p = byId.get(l.product_id);
            // A line whose quantity moved since the call is priced by the next one.
            if (!p || sent.get(l.product_id) !== l.quantity) return l;
            const change = shownPriceChange(l, { unit_price: p.unit_price, one: displayPrice(p) });
            if (change) changes.push({ productId: l.product_id, name: p.name, ...change });
            return refreshed(l, p);
          }),
        );
        setState((prev) => ({ isRefreshing: false, changes: merged(isFirst ? [] : prev.changes, changes).filter((c) => byId.has(c.productId) && sent.has(c.productId)), missing: ids.filter((id) => !byId.has(id)) }));
      })
      .catch((err: Error) => {
        // SPEC 8: silent; the server prices the order anyway.
        if (err.name !== 'AbortError') setState((prev) => ({ isRefreshing: false, changes: prev.changes, missing: [] }));
      });
    return () => controller.abort();
  }, [sessionKey, quantitiesKey, city]);
  return state;
}
