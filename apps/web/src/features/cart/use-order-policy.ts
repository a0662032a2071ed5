import type { OrderPolicy } from '@shop/domain/policy-facts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export interface OrderPolicyView extends OrderPolicy {
  /** The server's clock now: its `now` when read, plus the time since (a wrong phone clock does not count). */
  serverNow: () => Date;
}

/**
 * Issue 36: the order rules of the signed-in buyer's city (minimum order, delivery days, cut-off), read
 * from the server with its clock. Not read for a Guest (who may not order).
 */
export function useOrderPolicy(enabled: boolean): OrderPolicyView | undefined {
  const policy = useQuery({
    queryKey: ['order-policy'],
    queryFn: async () => ({ policy: await api<OrderPolicy>('/api/orders/policy'), readAt: Date.now() }),
    enabled,
    staleTime: 60_000,
  });
  if (!enabled || !policy.data) return undefined;
  const { policy: p, readAt } = policy.data;
  return { ...p, serverNow: () => new Date(Date.parse(p.now) + (Date.now() - readAt)) };
}
