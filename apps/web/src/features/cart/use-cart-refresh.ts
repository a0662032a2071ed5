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

/** On opening the cart, today's prices and stock for the buyer's business replace the stored ones. */
export function useCartRefresh(sessionKey: string): CartRefresh {
  const [state, setState] = useState<CartRefresh>({ isRefreshing: true, changes: [], missing: [] });
  // biome-ignore lint/correctness/useExhaustiveDependencies: prices depend on the session's business, so a new session re-prices the cart.
  useEffect(() => {
    const ids = getCart().map((l) => l.product_id);
    if (ids.length === 0) {
      setState({ isRefreshing: false, changes: [], missing: [] });
      return;
    }
    const controller = new AbortController();
    api<PricedProduct[]>('/api/cart/price', { body: { ids }, signal: controller.signal })
      .then((priced) => {
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
        setState({ isRefreshing: false, changes, missing: ids.filter((id) => !byId.has(id)) });
      })
      .catch((err: Error) => {
        // SPEC 8: silent; the server prices the order anyway.
        if (err.name !== 'AbortError') setState({ isRefreshing: false, changes: [], missing: [] });
      });
    return () => controller.abort();
  }, [sessionKey]);
  return state;
}
