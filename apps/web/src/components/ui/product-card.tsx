import { addToCart, type CartLine, cartLineOf, setQuantity } from '@shop/domain/cart';
import type { Product } from '@shop/domain/catalogue';
import { memo } from 'react';
import { Link } from 'react-router';
import { updateCart, useCart } from '../../lib/cart-store.ts';
import { Price, SaleBadge } from './price.tsx';
import { ProductImage } from './product-image.tsx';
import { QuantityPrices } from './quantity-prices.tsx';
import { QuantityControl } from './quantity-control.tsx';

/** The link to a storefront product's detail page: shareable by id, with the product in state. */
export function productDetailsLink(product: Product) {
  return { to: `/productDetails?id=${product.id}`, state: { product } };
}

/**
 * The cart line of a product the buyer clicked (cart.ts cartLineOf): issue 36, with the price of one
 * piece the buyer was shown and its Buy More Pay Less prices (the cart charges the one the line's
 * quantity reaches, and tells a changed price from a reached one by them).
 */
export function toCartItem(product: Product): Omit<CartLine, 'quantity'> {
  const { quantity: _, ...item } = cartLineOf(product, 1);
  return item;
}

/**
 * SPEC 2: image, name, brand, price (issue 36: with its Buy More Pay Less prices), sale badge, quantity control and Add to cart; 'Out Of Stock' at stock 0.
 * Memoised: a grid re-renders when the session or a query settles, and its cards need not (issue 15).
 */
export const ProductCard = memo(function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const lines = useCart();
  const line = lines.find((l) => l.product_id === product.id);
  const isOut = product.stock <= 0;
  const link = productDetailsLink(product);
  return (
    <article className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-3 shadow-sm" aria-label={product.name}>
      <Link to={link.to} state={link.state} className="relative block">
        <ProductImage urlName={product.url_name} alt={product.name} eager={eager} className={isOut ? 'opacity-50' : ''} />
        <span className="absolute top-1 left-1">
          <SaleBadge product={product} />
        </span>
      </Link>
      <p className="mt-2 text-xs text-slate-600">{product.brand_name}</p>
      <h3 className="line-clamp-2 min-h-10 text-sm font-semibold">
        <Link to={link.to} state={link.state} className="hover:underline">{product.name}</Link>
      </h3>
      <Price product={product} className="mt-1" />
      <QuantityPrices prices={product.quantity_prices} compact className="mt-1" />
      <div className="mt-auto pt-3">
        {isOut ? (
          <>
            <p className="mb-1 text-sm font-semibold text-red-700">Out Of Stock</p>
            <button type="button" disabled className="w-full cursor-not-allowed rounded-md bg-slate-300 py-2 text-sm font-semibold text-slate-600">
              Add to cart
            </button>
          </>
        ) : line ? (
          <QuantityControl
            label={product.name}
            quantity={line.quantity}
            stock={product.stock}
            onChange={(q) => updateCart((c) => setQuantity(c, product.id, q))}
          />
        ) : (
          <button
            type="button"
            className="w-full rounded-md bg-brand py-2 text-sm font-semibold text-white hover:bg-brand-dark"
            onClick={() => updateCart((c) => addToCart(c, toCartItem(product)))}
          >
            Add to cart
          </button>
        )}
      </div>
    </article>
  );
});
