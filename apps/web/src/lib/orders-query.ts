import type { OrderStatus, UserType } from '@shop/domain/constants';
import type { Order } from '@shop/domain/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/**
 * SPEC 6/7: GET /api/read/Orders, by business_id for an Approver and by business_user_id for
 * everyone else (the server derives the same scope from the token). Shared by Order History and
 * Pending Approvals, whose lists reload together after an approval.
 */
export function useOrders(user: { id: number; type: UserType; businessId: number | null } | null, status?: OrderStatus) {
  const registered = user != null && user.type !== 'Guest';
  const byBusiness = user?.type === 'Approver';
  return useQuery({
    queryKey: ['orders', user?.id, status ?? 'all'],
    enabled: registered,
    queryFn: ({ signal }) =>
      api<Order[]>('/api/read/Orders', {
        query: {
          filter: byBusiness ? 'business_id' : 'business_user_id',
          filterValue: byBusiness ? user?.businessId : user?.id,
          status,
        },
        signal,
      }),
  });
}
