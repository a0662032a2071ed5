import type { BusinessType, Category, Facets, Product, ProductDetail, ProductPage, SearchResult } from '@shop/domain/catalogue';
import { GRID } from '@shop/domain/constants';
import type { BuyAgainProduct } from '@shop/domain/reorder';
import { mergeInStockFirst } from '@shop/domain/listing';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/api.ts';
import { usePriceView, withCity } from '../../lib/price-view.ts';

type Query = Record<string, string | number | undefined>;

/** Whose prices (lib/price-view.ts); catalogue reads need no session, so nothing waits for one. */
function useViewer() {
  return { ...usePriceView(), isReady: true };
}

export interface PagedListOptions {
  path: '/api/custom_route/get_products_by_categories' | '/api/custom_route/get_products_by_business';
  query: Query;
  first: number;
  more: number;
  enabled?: boolean;
}

/**
 * A product list the server sorts and pages: the first page holds `first` products and every
 * "more" asks the server for the next `more` (never the whole catalogue).
 */
export function usePagedProducts({ path, query, first, more, enabled = true }: PagedListOptions) {
  const { who, city, isReady } = useViewer();
  const result = useInfiniteQuery({
    queryKey: ['products', path, query, first, more, who],
    enabled: enabled && isReady,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api<ProductPage>(path, { query: withCity({ ...query, offset: pageParam, limit: pageParam === 0 ? first : more }, city), signal }),
    getNextPageParam: (last) => (last.has_more ? last.offset + last.limit : undefined),
    placeholderData: keepPreviousData,
  });
  // One array per answer: the grid draws its cards in steps while the list keeps its identity (lib/use-progressive.ts).
  const items: Product[] = useMemo(() => result.data?.pages.flatMap(mergeInStockFirst) ?? [], [result.data]);
  return { ...result, items };
}

export const useHomeGrid = (order: 'viewed_count__DESC' | 'add_to_cart_count__DESC') =>
  usePagedProducts({ path: '/api/custom_route/get_products_by_categories', query: { order }, first: GRID.homeFirst, more: GRID.homeMore });

export function useCategories() {
  return useQuery({ queryKey: ['categories'], queryFn: () => api<Category[]>('/api/read/Categories'), staleTime: 10 * 60_000 });
}

export function useBusinessTypes() {
  return useQuery({ queryKey: ['business-types'], queryFn: () => api<BusinessType[]>('/api/read/Business_Types'), staleTime: 10 * 60_000 });
}

export function useFacets(query: Query, enabled = true) {
  const { who, city, isReady } = useViewer();
  return useQuery({
    queryKey: ['facets', query, who],
    enabled: enabled && isReady,
    queryFn: ({ signal }) => api<Facets>('/api/catalogue/facets', { query: withCity(query, city), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProductDetail(id: number | null) {
  const { who, city, isReady } = useViewer();
  return useQuery({
    queryKey: ['product', id, who],
    enabled: id != null && isReady,
    queryFn: ({ signal }) => api<ProductDetail>(`/api/catalogue/products/${id}`, { query: withCity({}, city), signal }),
  });
}

export function useSearch(text: string) {
  const { who, city, isReady } = useViewer();
  return useQuery({
    queryKey: ['search', text, who],
    enabled: text.length > 0 && isReady,
    queryFn: ({ signal }) => api<SearchResult>('/api/catalogue/search', { query: withCity({ search: text }, city), signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Issue 21 "Buy again": the products the signed-in business orders most, from its own orders. */
export function useBuyAgain(businessId: number | null) {
  return useQuery({
    queryKey: ['buy-again', businessId],
    enabled: businessId != null,
    queryFn: ({ signal }) => api<BuyAgainProduct[]>('/api/buy-again', { signal }),
    staleTime: 60_000,
  });
}
