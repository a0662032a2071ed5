import { bmplProductPath, resolveProductPath } from '@shop/domain/bmpl-rules';
import { nameFromSegment } from '@shop/domain/slug';
import { Navigate, useLocation } from 'react-router';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ProductSkeleton } from '../../components/ui/product-skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { useProductBySlug } from './bmpl-api.ts';
import { ProductView } from './product-view.tsx';

/** SPEC 2: product detail at every productdetail path form, resolved by the product's slug. */
export function BmplProductPage() {
  const { pathname } = useLocation();
  const path = resolveProductPath(pathname);
  const product = useProductBySlug(path?.product ?? null);
  if (!path || (product.error instanceof ApiError && product.error.status >= 400 && product.error.status < 500)) {
    return <Navigate to="/pageNotFound" replace />;
  }
  if (product.error) return <LoadError what="The product" error={product.error} onRetry={() => product.refetch()} retrying={product.isFetching} />;
  if (!product.data) return <ProductSkeleton breadcrumb />;
  // Issue 19: an address from before a rename (neither the slug nor the name) moves to the product's own.
  const segment = decodeSegment(path.product);
  if (segment.toLowerCase() !== product.data.slug && nameFromSegment(segment) !== product.data.name.toUpperCase()) {
    return <Navigate to={bmplProductPath(product.data)} replace />;
  }
  return <ProductView product={product.data} />;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
