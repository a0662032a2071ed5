import type { MarketplaceSort } from '@shop/domain/marketplace-rules';
import { MARKETPLACE_SORT_OPTIONS } from '@shop/domain/marketplace-rules';

/** Brand, price and sort of a listing as the URL keeps them (shareable, survives a reload). */
export interface AppliedFilters {
  brands: string[];
  min?: string;
  max?: string;
  sort?: MarketplaceSort;
}

export function readApplied(params: URLSearchParams): AppliedFilters {
  const sort = params.get('sort');
  return {
    brands: (params.get('brands') ?? '').split(',').filter(Boolean),
    min: params.get('min') ?? undefined,
    max: params.get('max') ?? undefined,
    sort: MARKETPLACE_SORT_OPTIONS.some((s) => s.value === sort) ? (sort as MarketplaceSort) : undefined,
  };
}

export function writeApplied(f: AppliedFilters): string {
  const params = new URLSearchParams();
  if (f.brands.length) params.set('brands', f.brands.join(','));
  if (f.min !== undefined) params.set('min', f.min);
  if (f.max !== undefined) params.set('max', f.max);
  if (f.sort) params.set('sort', f.sort);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}
