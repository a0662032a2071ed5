import { itemCount } from '@shop/domain/cart';
import { formatRupees } from '@shop/domain/money';
import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { updateCart, useCart } from '../../lib/cart-store.ts';
import { setPendingCart } from '../../lib/pending-cart.ts';
import { countOf } from '@shop/domain/plural';

export function CartDropdown() {
  const lines = useCart();
  const count = itemCount(lines);
  return (
    <Dropdown
      label={`Cart, ${countOf(count, 'item', 'items')}`}
      trigger={
        <span className="relative">
          <ShoppingCart aria-hidden="true" className="h-6 w-6" />
          {count > 0 && (
            <span className="absolute -top-2 -right-2 rounded-full bg-accent px-1.5 text-xs font-bold text-slate-900">{count}</span>
          )}
        </span>
      }
    >
      {lines.length === 0 ? (
        <p className="p-3 text-sm">Looks like you haven't made any choice yet!</p>
      ) : (
        <div className="text-sm">
          <div className="flex items-center justify-between px-2 py-1">
            <span className="font-semibold">{countOf(count, 'item', 'items')}</span>
            <button type="button" className="text-red-700 hover:underline" onClick={() => {
                updateCart(() => []);
                // An emptied cart is no longer a pending order under review.
                setPendingCart(null);
              }}>
              Clear Cart
            </button>
          </div>
          <ul className="max-h-64 divide-y overflow-auto">
            {lines.map((l) => (
              <li key={l.product_id} className="flex justify-between gap-2 px-2 py-2">
                <span className="line-clamp-2">{l.product_name}</span>
                <span className="shrink-0 text-right">
                  {l.quantity} × {formatRupees(l.unit_price)}
                </span>
              </li>
            ))}
          </ul>
          <Link to="/cart" className="mt-2 block rounded bg-brand px-3 py-2 text-center font-semibold text-white">
            Review Payment and Address
          </Link>
        </div>
      )}
    </Dropdown>
  );
}
