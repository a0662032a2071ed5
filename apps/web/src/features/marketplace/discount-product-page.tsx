import type { MarketplaceProduct } from '@shop/domain/marketplace';
import { Navigate, useLocation } from 'react-router';
import { useProductById } from './marketplace-api.ts';
import { ProductView, Spinner } from './product-view.tsx';

/**
 * SPEC 2 /productDetail: a discounted multi-piece item arriving in navigation state; without
 * state it redirects to /bmpl. The state gives the id; the city records are loaded fresh so the
 * price shown is always the selected city's.
 */
export function DiscountProductPage() {
  const state = useLocation().state as { product?: MarketplaceProduct } | null;
  const id = typeof state?.product?.id === 'number' ? state.product.id : null;
  const product = useProductById(id);
  if (id === null || product.isError) return <Navigate to="/bmpl" replace />;
  if (!product.data) return <Spinner label="Loading product" />;
  return <ProductView product={product.data} />;
}
