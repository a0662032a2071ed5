import type { OrderList, OrderListSummary } from '@shop/domain/reorder';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The business's order lists (issue 21); every user of the business reads them. */
export function useOrderLists(enabled: boolean) {
  return useQuery({ queryKey: ['order-lists'], enabled, queryFn: ({ signal }) => api<OrderListSummary[]>('/api/order-lists', { signal }) });
}

/** One list with its products priced today. */
export function useOrderList(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['order-lists', id],
    enabled: enabled && Number.isInteger(id) && id > 0,
    queryFn: ({ signal }) => api<OrderList>(`/api/order-lists/${id}`, { signal }),
    retry: (count, err) => count < 2 && !(err instanceof Error && 'status' in err && (err as { status: number }).status === 404),
  });
}
