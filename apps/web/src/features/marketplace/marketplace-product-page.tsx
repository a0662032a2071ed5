import { movedProductPath, resolveProductPath } from '@shop/domain/marketplace-rules';
import { useDeferredValue } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ProductSkeleton } from '../../components/ui/product-skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { useProductBySlug } from './marketplace-api.ts';
import { ProductView } from './product-view.tsx';

/** SPEC 2: product detail at every productdetail path form, resolved by the product's slug. */
export function MarketplaceProductPage() {
  const { pathname, search } = useLocation();
  const path = resolveProductPath(pathname);
  const product = useProductBySlug(path?.product ?? null);
  // Issue 15: the answer is drawn in a deferred render that React cuts into short slices (a query's
  // answer otherwise re-renders at once, one long task on a phone). Until then the skeleton stays, or
  // the same product as it was (a refetch); never another product's page.
  const deferred = useDeferredValue(product.data);
  const data = deferred && deferred.id === product.data?.id ? deferred : undefined;  if (!path || (product.error instanceof ApiError && product.error.status >= 400 && product.error.status < 500)) {
    return <Navigate to="/pageNotFound" replace />;
  }
  if (product.error) return <LoadError what="The product" error={product.error} onRetry={() => product.refetch()} retrying={product.isFetching} />;
  if (!data) return <ProductSkeleton breadcrumb />;
  // Issue 19: an address from before a rename or a move to another category is replaced by the
  // product's own (the server answers such an address 301 on a full load: the same rule).
  const moved = movedProductPath(path, data);
  if (moved) return <Navigate to={`${moved}${search}`} replace />;
  return <ProductView product={data} />;
}
