// SPEC 9: business constants shared by server and web.
// Issue 35: the cities are the database's (staff keep them: modules/places; buyers read GET /api/cities),
// never a list in code; the server checks every city name against the database.
export type City = string;
/** SPEC 2: a new visitor starts in Lahore while it is an active city (else in the first active one). */
export const DEFAULT_CITY: City = 'Lahore';

export const PAYMENT_MODES = ['Cash', 'Credit', 'Advance'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

// SPEC 4 names Pending, In Process, Delivered and Rejected; the order desk (issue 16) adds the
// warehouse's steps Arrange and Shipping, the middle steps of SPEC 2's Track Order.
export const ORDER_STATUSES = ['Pending', 'In Process', 'Arrange', 'Shipping', 'Delivered', 'Rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

// SPEC 1/6: Guest, Owner, Orderer, Approver and "others" (Viewer here).
export const USER_TYPES = ['Guest', 'Owner', 'Orderer', 'Approver', 'Viewer'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const FEEDBACK_TYPES = ['Complaint', 'Suggestion', 'Compliment', 'Account Deletion'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const TRACK_STEPS = ['In Process', 'Arrange', 'Shipping', 'Done'] as const;
export const TOP_CATEGORIES = ['Food', 'Non Food'] as const;
export const DEFAULT_CATEGORY = 'Food';

export const PASSWORD_MIN = 8;
export const RESET_CODE_LENGTH = 6;
export const SIGNUP_PHONE_LENGTH = 12;
export const CUSTOMER_NAME_MIN = 8;
export const BUSINESS_NAME_MIN_EXCLUSIVE = 8;
export const FEEDBACK_PHONE_MIN = 11;

export const PRODUCT_LIST_LIMIT = 7000;
export const MARKETPLACE_HOME_LIMIT = 20;
export const PRICE_SLIDER_MIN = 0;
export const PRICE_SLIDER_MAX = 250000;
export const SEARCH_DROPDOWN_MAX = 30;
export const RELATED_MAX = 16;
/** SPEC 8: the marketplace's random related sample. */
export const RELATED_SAMPLE = 4;

export const GRID = {
  homeFirst: 8,
  homeMore: 8,
  listingFirst: 40,
  listingMore: 8,
  cartStripFirst: 8,
  cartStripMore: 8,
  marketplaceLandingFirst: 40,
  marketplaceLandingMore: 16,
  marketplaceStripDesktop: 6,
  marketplaceStripMobile: 4,
} as const;

export const TIMINGS = {
  marketplaceSearchDelayMs: 2000,
  searchCloseAfterBlurMs: 200,
  carouselIntervalMs: 3000,
  errorToastMs: 5000,
  successToastMs: 3000,
} as const;

export const MOBILE_BREAKPOINT = 767;
export const FOOTER_YEAR = 2024;

export const STORAGE_KEYS = { token: '@token', city: 'City', user: '@user', cart: '@cart' } as const;
