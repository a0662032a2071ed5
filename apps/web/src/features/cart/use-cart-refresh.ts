import type { CartLine } from '@shop/domain/cart';
import type { PricedProduct } from '@shop/domain/orders';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { getCart, updateCart } from '../../lib/cart-store.ts';

export interface PriceChange {
  productId: number;
  name: string;
  from: string;
  to: string;
}

export interface CartRefresh {
  isRefreshing: boolean;
  /** Lines whose price changed since they were added: shown to the buyer before ordering (issue 5). */
  changes: PriceChange[];
  /** Products the shop no longer has. */
  missing: number[];
}

function refreshed(line: CartLine, p: PricedProduct): CartLine {
  return {
    ...line,
    product_name: p.name,
    unit_price: p.unit_price,
    url_name: p.url_name,
    brand_name: p.brand_name,
    sku: p.sku,
    stock: p.stock,
    tax: p.tax,
    sell_price: p.sell_price,
    sale: p.sale,
  };
}

/**
 * On opening the cart, today's prices and stock for the buyer's business replace the stored ones; and
 * again whenever a line's quantity changes (issue 19: a Buy More Pay Less threshold prices by quantity),
 * without calling that a price change since the line was added.
 */
export function useCartRefresh(sessionKey: string, quantitiesKey = ''): CartRefresh {
  const [state, setState] = useState<CartRefresh>({ isRefreshing: true, changes: [], missing: [] });
  const [firstFor, setFirstFor] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: prices depend on the session's business and the lines' quantities.
  useEffect(() => {
    const cart = getCart();
    const ids = cart.map((l) => l.product_id);
    if (ids.length === 0) {
      setState({ isRefreshing: false, changes: [], missing: [] });
      return;
    }
    const isFirst = firstFor !== sessionKey;
    const controller = new AbortController();
    api<PricedProduct[]>('/api/cart/price', { body: { ids, quantities: cart.map((l) => l.quantity) }, signal: controller.signal })
      .then((priced) => {
        setFirstFor(sessionKey);
        const byId = new Map(priced.map((p) => [p.id, p]));
        const changes: PriceChange[] = [];
        updateCart((lines) =>
          lines.map((l) => {
            const p = byId.get(l.product_id);
            if (!p) return l;
            if (p.unit_price !== l.unit_price) changes.push({ productId: l.product_id, name: p.name, from: l.unit_price, to: p.unit_price });
            return refreshed(l, p);
          }),
        );
        setState((prev) => ({ isRefreshing: false, changes: isFirst ? changes : prev.changes, missing: ids.filter((id) => !byId.has(id)) }));
      })
      .catch((err: Error) => {
        // SPEC 8: silent; the server prices the order anyway.
        if (err.name !== 'AbortError') setState({ isRefreshing: false, changes: [], missing: [] });
      });
    return () => controller.abort();
  }, [sessionKey, quantitiesKey]);
  return state;
}
