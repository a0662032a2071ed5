import { resolveProductPath } from '@shop/domain/bmpl-rules';
import { Navigate, useLocation } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useProductBySlug } from './bmpl-api.ts';
import { ProductView, Spinner } from './product-view.tsx';

/** SPEC 2: product detail at every productdetail path form, resolved by the product's slug. */
export function BmplProductPage() {
  const { pathname } = useLocation();
  const path = resolveProductPath(pathname);
  const product = useProductBySlug(path?.product ?? null);
  if (!path || (product.error instanceof ApiError && product.error.status >= 400 && product.error.status < 500)) {
    return <Navigate to="/pageNotFound" replace />;
  }
  if (product.error) return <p className="py-12 text-center text-slate-700">The product could not be loaded. Please try again.</p>;
  if (!product.data) return <Spinner label="Loading product" />;
  return <ProductView product={product.data} />;
}
