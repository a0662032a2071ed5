import type { PaymentMode } from '@shop/domain/constants';
import type { Business, BusinessUser, CreditStanding } from '@shop/domain/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export interface CheckoutData {
  /** The business's own payment_mode (SPEC 3 business credit); Cash when unknown or for a Guest. */
  paymentMode: PaymentMode;
  address: string;
  isLoading: boolean;
}

/**
 * The business credit (payment_mode) and the delivery address of the user the order is for: the
 * signed-in user, or, for an Approver confirming, the pending order's orderer (SPEC 4).
 */
export function useCheckoutData(businessId: number | null, addressUserId: number | null): CheckoutData {
  const business = useQuery({
    queryKey: ['business', businessId],
    queryFn: () => api<Business>(`/api/read/Businesses/${businessId}`),
    enabled: businessId != null,
  });
  const user = useQuery({
    queryKey: ['business-user', addressUserId],
    queryFn: () => api<BusinessUser>(`/api/read/Business_Users/${addressUserId}`),
    enabled: addressUserId != null,
  });
  return {
    paymentMode: business.data?.business_credits[0]?.payment_mode ?? business.data?.payment_mode ?? 'Cash',
    address: user.data?.address ?? '',
    isLoading: business.isLoading || user.isLoading,
  };
}

/**
 * Issue 14.12: what the business owes against its credit limit, read only while a Credit business's
 * buyer has Credit chosen, so the checkout can say before Place order when an order will not fit.
 */
export function useCreditStanding(enabled: boolean): CreditStanding | undefined {
  const standing = useQuery({
    queryKey: ['credit-standing'],
    queryFn: () => api<CreditStanding>('/api/orders/credit'),
    enabled,
  });
  return enabled ? standing.data : undefined;
}
