// Marketplace calls of ours (/api/bmpl, listed in /api/docs), as TanStack Query hooks.
import type {
  MarketplaceBanner,
  MarketplaceCategoryTree,
  MarketplaceFacets,
  MarketplaceProduct,
  MarketplaceProductDetail,
  MarketplaceProductPage,
  MarketplaceSearchResult,
  MarketplaceStrip,
} from '@shop/domain/marketplace';
import type { MarketplaceSort } from '@shop/domain/marketplace-rules';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

// The catalogue changes rarely: keep what was loaded for five minutes.
const STALE = 5 * 60_000;

export function useCategoryTree() {
  return useQuery({ queryKey: ['marketplace', 'tree'], queryFn: () => api<MarketplaceCategoryTree[]>('/api/bmpl/categories/tree'), staleTime: STALE });
}

/** Issue 19: staff schedule banners per city and time, so they are asked for the city and not kept. */
export function useBanners(names: string[], city: string, categoryId?: number) {
  return useQuery({
    queryKey: ['marketplace', 'banners', names, city, categoryId],
    queryFn: () => api<MarketplaceBanner[]>('/api/bmpl/banners', { query: { name: names.join(','), city, category_id: categoryId } }),
    staleTime: 0,
  });
}

export function useStrips(city: string, limit: number) {
  return useQuery({ queryKey: ['marketplace', 'strips', city, limit], queryFn: () => api<MarketplaceStrip[]>('/api/bmpl/strips', { query: { city, limit } }), staleTime: STALE });
}

export interface ListFilters {
  city: string;
  category?: number;
  subcategory?: number;
  /** Raw ids from the URL: an unknown one is the API's 400, shown as the empty state. */
  brands?: string[];
  min?: string;
  max?: string;
  sort?: MarketplaceSort;
}

const listQuery = (f: ListFilters) => ({
  city: f.city,
  category: f.category,
  subcategory: f.subcategory,
  brands: f.brands?.length ? f.brands.join(',') : undefined,
  min: f.min,
  max: f.max,
  sort: f.sort,
});

/** A paged product list: `first` products, then `more` per See More. */
export function useProductList(filters: ListFilters | null, first: number, more: number) {
  return useInfiniteQuery({
    queryKey: ['marketplace', 'products', filters, first, more],
    enabled: filters !== null,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api<MarketplaceProductPage>('/api/bmpl/products', { query: { ...listQuery(filters as ListFilters), offset: pageParam, limit: pageParam === 0 ? first : more } }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.products.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });
}

export function useFacets(city: string, category?: number, subcategory?: number) {
  return useQuery({
    queryKey: ['marketplace', 'facets', city, category, subcategory],
    queryFn: () => api<MarketplaceFacets>('/api/bmpl/facets', { query: { city, category, subcategory } }),
    enabled: category !== undefined,
    staleTime: STALE,
  });
}

export interface SearchFilters {
  city: string;
  search: string;
  subcategory?: number;
  min?: number;
  max?: number;
  sort?: MarketplaceSort;
  limit?: number;
}

export function fetchSearch(f: SearchFilters, signal?: AbortSignal) {
  return api<MarketplaceSearchResult>('/api/bmpl/search', {
    query: { city: f.city, search: f.search, subcategory: f.subcategory, min: f.min, max: f.max, sort: f.sort, limit: f.limit ?? 200 },
    signal,
  });
}

export function useSearch(filters: SearchFilters | null) {
  return useQuery({
    queryKey: ['marketplace', 'search', filters],
    queryFn: ({ signal }) => fetchSearch(filters as SearchFilters, signal),
    enabled: filters !== null && filters.search.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });
}

export function useProductBySlug(slug: string | null) {
  return useQuery({
    queryKey: ['marketplace', 'product', slug],
    queryFn: () => api<MarketplaceProductDetail>(`/api/bmpl/products/by-slug/${encodeURIComponent(decodeSafe(slug as string))}`),
    enabled: slug !== null,
    staleTime: STALE,
  });
}

export function useProductById(id: number | null) {
  return useQuery({
    queryKey: ['marketplace', 'product-id', id],
    queryFn: () => api<MarketplaceProductDetail>(`/api/bmpl/products/${id}`),
    enabled: id !== null,
    staleTime: STALE,
  });
}

export function useRelated(id: number | null, city: string) {
  return useQuery({
    queryKey: ['marketplace', 'related', id, city],
    queryFn: () => api<MarketplaceProduct[]>(`/api/bmpl/products/${id}/related`, { query: { city } }),
    enabled: id !== null,
    staleTime: STALE,
  });
}

function decodeSafe(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
