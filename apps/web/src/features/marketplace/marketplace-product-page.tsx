import { movedProductPath, resolveProductPath } from '@shop/domain/marketplace-rules';
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
  if (!path || (product.error instanceof ApiError && product.error.status >= 400 && product.error.status < 500)) {
    return <Navigate to="/pageNotFound" replace />;
  }
  if (product.error) return <LoadError what="The product" error={product.error} onRetry={() => product.refetch()} retrying={product.isFetching} />;
  if (!product.data) return <ProductSkeleton breadcrumb />;
  // Issue 19: an address from before a rename or a move to another category is replaced by the
  // product's own (the server answers such an address 301 on a full load: the same rule).
  const moved = movedProductPath(path, product.data);
  if (moved) return <Navigate to={`${moved}${search}`} replace />;
  return <ProductView product={product.data} />;
}
