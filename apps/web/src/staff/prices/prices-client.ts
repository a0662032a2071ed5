// The price screens' door to the staff API (issue 19).
import type { AddPriceInput, PriceCheck, PriceCheckInput, PriceKind, StaffPrice } from '@shop/domain/prices';
import { staffApi, staffUrl } from '../staff-api.ts';

export interface PickerOption {
  id: number;
  label: string;
}

export const pricesApi = {
  list: (kind: PriceKind, search: string, includeEnded: boolean) =>
    staffApi<StaffPrice[]>(staffUrl('/api/staff/prices', { kind, search, include_ended: includeEnded ? 'true' : undefined })),
  add: (input: AddPriceInput) => staffApi<StaffPrice>('/api/staff/prices', { body: input }),
  end: (kind: PriceKind, id: number) => staffApi<StaffPrice>(`/api/staff/prices/${kind}/${id}/end`, { body: {} }),
  check: (input: PriceCheckInput) => staffApi<PriceCheck>('/api/staff/prices/check', { body: input }),
  businesses: (search: string) => staffApi<PickerOption[]>(staffUrl('/api/staff/prices/businesses', { search })),
  products: (search: string) => staffApi<PickerOption[]>(staffUrl('/api/staff/prices/products', { search })),
};
