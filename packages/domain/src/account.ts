// Account rules without zod, so the web app can use them without bundling the schema library.
import type { SessionUser } from './auth.ts';

// SPEC 5: local part, @, domain, ending of 2 to 3 letters.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,3}$/;
export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email.trim());

/** SPEC 1/5: help number with spaces and all non-digits removed. */
export const helpDigits = (helpNo: string | null | undefined) => (helpNo ?? '').replace(/\D/g, '');

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

