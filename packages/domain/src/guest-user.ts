import type { SessionUser } from './auth.ts';

/** The session user of a guest: no business, no limit. Only a type from auth.ts, so the web app bundles no schema library for it. */
export const GUEST_USER: SessionUser = {
  id: 0,
  cmId: null,
  type: 'Guest',
  name: 'Guest',
  business_name: '',
  email: '',
  mobile_no: '',
  national_identity_card: '',
  businessId: null,
  BusinessUserId: null,
  businessUserId: null,
  metro_store_id: null,
  delivery_id: null,
  customer_id: null,
  limit: '0.00',
  help_no: '',
  city: null,
  address: '',
};
