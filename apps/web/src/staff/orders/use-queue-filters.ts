import type { QueueFilters } from '@shop/domain/order-desk';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromSearch, searchFromFilters, withFilter } from './queue-filters.ts';

/**
 * The queue's filters, read from and written to the address bar. A change builds on the address as
 * it is when the change is made, not on the filters last drawn: React Router draws a navigation in a
 * transition, so a clerk's second change (a payment mode chosen right after pressing Enter in the
 * search) could come before the first was drawn, and dropped it (the search). React Router's
 * functional setSearchParams reads the drawn parameters too.
 */
export function useQueueFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const replace = (next: QueueFilters) => setParams(searchFromFilters(next));
  const change = (key: keyof QueueFilters, value: string | undefined) =>
    replace(withFilter(filtersFromSearch(new URLSearchParams(window.location.search)), key, value));
  return { filters, change, replace };
}
