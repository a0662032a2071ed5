// SPEC 3 "Order", "Order detail line", "Ledger", "Invoice", "Business credit" and SPEC 7's calls: the contracts.
import { z } from 'zod';
import { CityChoice, MoneySchema, ProductSchema } from './catalogue.ts';
import { ORDER_STATUSES, PAYMENT_MODES, USER_TYPES } from './constants.ts';
import { MAX_ORDER_LINES, MAX_ORDER_QUANTITY, ORDER_ALREADY_CHECKED } from './order-rules.ts';
import { ORDER_VERSION_INVALID, ORDER_VERSION_REQUIRED } from './order-version.ts';
import { ChangeRequestSchema, DeliveryDaySchema, OrderReferenceSchema } from './policy-facts.ts';
import { PRICE_RULES } from './pricing.ts';

const Id = z.number().int().positive().max(2_147_483_647);
/** Money a client may send (the SPEC payload has it); the server never uses it. */
const IgnoredMoney = z.union([z.string().max(32), z.number()]).optional();
const IgnoredText = z.string().max(2000).nullable().optional();
const IgnoredNumber = z.number().nullable().optional();

/**
 * One line as the cart sends it. Only product_id and quantity are used: the server prices every
 * line itself (SPEC 4), so unit_price, total_price and the rest are accepted and ignored.
 */
export const OrderLineInputSchema = z.strictObject({
  product_id: Id,
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`),
  id: IgnoredNumber,
  product_name: IgnoredText,
  name: IgnoredText,
  unit_price: IgnoredMoney,
  total_price: IgnoredMoney,
  sku: IgnoredText,
  url: IgnoredText,
  brand_name: IgnoredText,
  code: IgnoredText,
  description: IgnoredText,
  weight: IgnoredText,
  product_subsys: IgnoredText,
  article_mgb: IgnoredText,
  tax: IgnoredMoney,
  sell_price: IgnoredMoney,
  sale: z.boolean().optional(),
});

/**
 * POST /api/write/Orders (SPEC 3/7). The server decides prices, totals, status, order number and
 * whose order it is from the token and the database. `id` is set only by an Approver confirming a
 * pending order (SPEC 4). business_id and business_user_id, when sent, must be the caller's (or,
 * for that confirmation, the pending order's); anything else is refused.
 */
export const PlaceOrderInputSchema = z.strictObject({
  id: Id.optional(),
  payment_mode: z.enum(PAYMENT_MODES, { error: 'Payment mode must be Cash, Credit or Advance' }),
  order_details: z.array(OrderLineInputSchema).min(1, ORDER_ALREADY_CHECKED).max(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines`),
  business_id: Id.nullable().optional(),
  business_user_id: Id.nullable().optional(),
  /**
   * Issue 36 (policy-facts.ts): the buyer's own reference, and the delivery day asked for (a day the
   * city delivers, after its cut-off; null or left out: the next delivery day). When an Approver
   * confirms or an Orderer resubmits a pending order, left out keeps what the order has.
   */
  order_reference: OrderReferenceSchema.nullable().optional(),
  requested_delivery_day: DeliveryDaySchema.nullable().optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  order_number: IgnoredText,
  created_on: IgnoredText,
  address: IgnoredText,
  contact_no: IgnoredText,
  total_price: IgnoredMoney,
  discount_price: IgnoredMoney,
  paid_amount: IgnoredMoney,
  remaining_amount: IgnoredMoney,
  payment_days: IgnoredNumber,
  cm_id: IgnoredText,
  metro_store_id: IgnoredNumber,
  delivery_id: IgnoredNumber,
  customer_id: IgnoredText,
  business_name: IgnoredText,
  order_by: IgnoredText,
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderInputSchema>;

export const OrderDetailSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  unit_price: MoneySchema,
  total_price: MoneySchema,
  tax: MoneySchema,
  sell_price: MoneySchema,
  url: z.string(),
  product_subsys: z.string(),
  article_mgb: z.string(),
  /** Issue 16: the quantity ordered, when the wholesaler sends fewer (picked short; quantity 0: removed). */
  ordered_quantity: z.number().int().optional(),
  change_reason: z.string().nullable().optional(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  /** ISO date-time in Pakistan time with its offset; SPEC 2 shows the part before the T (the buyer's date). */
  created_on: z.string().describe('ISO 8601 in Pakistan time with its offset, e.g. 2026-11-24T02:00:00.000+05:00'),
  status: z.enum(ORDER_STATUSES),
  address: z.string(),
  contact_no: z.string(),
  total_price: MoneySchema,
  sell_price_total: MoneySchema,
  tax_total: MoneySchema,
  discount_price: MoneySchema,
  paid_amount: MoneySchema,
  remaining_amount: MoneySchema,
  cm_id: z.string().nullable(),
  business_id: z.number().int(),
  business_user_id: z.number().int(),
  payment_days: z.number().int(),
  payment_mode: z.enum(PAYMENT_MODES),
  metro_store_id: z.number().int().nullable(),
  delivery_id: z.number().int().nullable(),
  customer_id: z.string().nullable(),
  business_name: z.string(),
  order_by: z.string(),
  /** Issue 16: why the wholesaler rejected the order. */
  rejection_reason: z.string().nullable().optional(),
  /**
   * Issue 37: 1 when placed, one more on every change of the order's lines or totals (its Orderer
   * resubmitting it, an Approver confirming it at the cart, staff lowering a line). An approval or
   * rejection names the version it was shown.
   */
  version: z.number().int().min(1),
  /** Issue 36: the buyer's own reference (purchase order number), or null. */
  order_reference: z.string().nullable(),
  /** Issue 36: the delivery day asked for ('YYYY-MM-DD', Pakistan), or null: the next delivery day. */
  requested_delivery_day: z.string().nullable(),
  /** Issue 36: when the order was confirmed (ISO, Pakistan offset), or null while Pending or never confirmed. */
  confirmed_on: z.string().nullable(),
  /** Issue 36: the buyer's requests to cancel or change it, oldest first, with the desk's answers. */
  change_requests: z.array(ChangeRequestSchema),
  order_details: z.array(OrderDetailSchema),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * Our approve/reject call (SPEC 7 "Update order status"): Pending to In Process or Rejected, of the
 * order's `version` as the Approver was shown it (issue 37: an order changed since answers 409).
 */
export const OrderStatusInputSchema = z.strictObject({
  status: z.enum(['In Process', 'Rejected']),
  version: z
    .number({ error: (issue) => (issue.input === undefined ? ORDER_VERSION_REQUIRED : ORDER_VERSION_INVALID) })
    .int(ORDER_VERSION_INVALID)
    .min(1, ORDER_VERSION_INVALID)
    .max(2_147_483_647, ORDER_VERSION_INVALID),
});
export type OrderStatusInput = z.infer<typeof OrderStatusInputSchema>;

const FilterValue = z.string().max(40).optional();
/** GET /api/read/Orders and /api/read/Invoices (SPEC 7). The scope comes from the token, not from these. */
export const ReadOrdersQuerySchema = z.object({
  filter: z.enum(['business_id', 'business_user_id']).optional(),
  filterValue: FilterValue,
  status: z.enum(ORDER_STATUSES).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(7000).default(200),
});

export const InvoiceSchema = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  order_id: z.number().int().nullable(),
  business_id: z.number().int(),
  business_user_id: z.number().int(),
  amount: MoneySchema,
  payment_mode: z.enum(PAYMENT_MODES),
  due_on: z.string(),
  created_on: z.string().describe('ISO 8601 in Pakistan time with its offset, e.g. 2026-11-24T02:00:00.000+05:00'),
  /** Issue 36: the order's reference and requested delivery day, as the buyer gave them. */
  order_reference: z.string().nullable(),
  requested_delivery_day: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** SPEC 3 "Business credit (first record used)". */
export const BusinessCreditSchema = z.object({
  payment_mode: z.enum(PAYMENT_MODES),
  advance_amount: MoneySchema,
  credit_limit: MoneySchema,
  payment_days: z.number().int(),
});
export const BusinessSchema = BusinessCreditSchema.extend({
  id: z.number().int(),
  name: z.string(),
  business_credits: z.array(BusinessCreditSchema),
});
export type Business = z.infer<typeof BusinessSchema>;

/**
 * Issue 14 point 12: what the caller's business owes against its credit limit (GET /api/orders/credit),
 * so the checkout can tell a Credit buyer before Place order; the server checks again when placing.
 */
export const CreditStandingSchema = z.object({
  credit_limit: MoneySchema,
  /** SPEC 2: payable over the business's Credit ledger entries. */
  ledger_outstanding: MoneySchema,
  /** Remaining amount of the business's Credit orders not yet Delivered or Rejected. */
  open_orders: MoneySchema,
  available: MoneySchema,
  /** Issue 18: why the business may not order on Credit now (credit hold), or null. */
  hold: z.string().nullable(),
  /** Issue 37: Finance's release running now: Credit up to `amount` above the limit until `until` (ISO instant), or null. */
  release: z.object({ amount: MoneySchema, until: z.string() }).nullable(),
});
export type CreditStanding = z.infer<typeof CreditStandingSchema>;

/** SPEC 3 "Business user: address"; no secrets. */
export const BusinessUserSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  type: z.enum(USER_TYPES),
  name: z.string(),
  email: z.string(),
  mobile_no: z.string(),
  address: z.string(),
  limit: MoneySchema,
  help_no: z.string(),
});
export type BusinessUser = z.infer<typeof BusinessUserSchema>;

export const LedgerEntrySchema = z.object({
  id: z.number().int(),
  invoice_number: z.string().nullable(),
  total_spent: MoneySchema,
  payable: MoneySchema,
  payable_by: z.string(),
  payment_mode: z.enum(PAYMENT_MODES),
  zero_to_zero: MoneySchema,
  one_to_fourteen: MoneySchema,
  fifteen_to_twentynine: MoneySchema,
  thirty_to_onward: MoneySchema,
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** Our ledger call (SPEC 7 "Ledgers: BusinessUserId and payment_mode; response data with total_spent"). */
export const LedgersQuerySchema = z.object({
  BusinessUserId: z.string().max(20).optional(),
  payment_mode: z.enum(PAYMENT_MODES).optional(),
});
export const LedgersSchema = z.object({
  entries: z.array(LedgerEntrySchema),
  total_spent: MoneySchema,
  payable: MoneySchema,
  /** SPEC 2: sum of payable over Credit entries. */
  credit_outstanding: MoneySchema,
  buckets: z.object({ zero_to_zero: MoneySchema, one_to_fourteen: MoneySchema, fifteen_to_twentynine: MoneySchema, thirty_to_onward: MoneySchema }),
  /** The day the buckets were counted from (UTC). */
  as_of: z.string(),
});
export type Ledgers = z.infer<typeof LedgersSchema>;

/** POST /api/cart/price: today's prices and stock of the cart's products for the caller's business. */
export const CartPriceInputSchema = z
  .strictObject({
    ids: z.array(Id).max(MAX_ORDER_LINES),
    /** Issue 19: the lines' quantities, in the order of ids (Buy More Pay Less thresholds); 1 each when left out. */
    quantities: z.array(z.number().int().min(1).max(MAX_ORDER_QUANTITY)).max(MAX_ORDER_LINES).optional(),
    /** Issue 36: a guest's chosen city (catalogue.ts CityChoice), whose prices the guest was shown; ignored for a business. */
    city: CityChoice.optional(),
  })
  .refine((v) => v.quantities == null || v.quantities.length === v.ids.length, { message: 'quantities must have one entry per id', path: ['quantities'] });
export const PricedProductSchema = ProductSchema.extend({
  unit_price: MoneySchema,
  unit_tax: MoneySchema,
  unit_sell_price: MoneySchema,
  /** Issue 19: which rule produced unit_price (pricing.ts cartUnitPrice). */
  price_rule: z.enum(PRICE_RULES),
});
export type PricedProduct = z.infer<typeof PricedProductSchema>;
