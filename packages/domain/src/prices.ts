// Issue 19: prices staff set (customer-specific, city, Buy More Pay Less thresholds) and the price check.
import { z } from 'zod';
import { MoneySchema } from './catalogue.ts';
import { CityNameSchema } from './places.ts';
import { karachiDayStart } from './karachi-time.ts';
import { fromPaisa, toPaisa } from './money.ts';
import { MAX_ORDER_QUANTITY } from './order-rules.ts';
import { PRICE_RULES } from './pricing.ts';

export const PRICE_KINDS = ['customer', 'city', 'quantity'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];
export const PRICE_KIND_LABELS: Readonly<Record<PriceKind, string>> = {
  customer: 'Customer prices',
  city: 'City prices',
  quantity: 'Buy More Pay Less thresholds',
};

/** Where a dated price stands now. */
export const PRICE_STATUSES = ['scheduled', 'current', 'ended'] as const;
export type PriceStatus = (typeof PRICE_STATUSES)[number];

const Id = z.number().int().positive().max(2_147_483_647);
const MAX_PRICE_PAISA = 100_000_000_00;

/** A price in rupees typed by staff: "1250" or "1250.50", above zero. */
export const PriceAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, 'must be an amount in rupees, e.g. 1250 or 1250.50')
  .transform((s) => fromPaisa(toPaisa(s)))
  .refine((s) => toPaisa(s) > 0, 'must be more than 0')
  .refine((s) => toPaisa(s) <= MAX_PRICE_PAISA, 'is too large');

/**
 * A moment typed by staff in Pakistan time as a date ('2026-12-01': its start) or a date and time
 * ('2026-12-01T09:30', the value of a datetime-local input); answered as an ISO instant.
 */
export const KarachiMomentSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, 'must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:mm), Pakistan time')
  .transform((s, ctx) => {
    const [day, time] = s.split('T') as [string, string | undefined];
    const start = Date.parse(karachiDayStart(day));
    const [hh, mm] = (time ?? '00:00').split(':').map(Number) as [number, number];
    if (Number.isNaN(start) || hh > 23 || mm > 59) {
      ctx.addIssue({ code: 'custom', message: 'must be a real date and time' });
      return z.NEVER;
    }
    return new Date(start + (hh * 60 + mm) * 60_000).toISOString();
  });

const Period = {
  /** Left out: from now. */
  starts_at: KarachiMomentSchema.optional(),
  /** Left out: until ended. */
  ends_at: KarachiMomentSchema.optional(),
};
const periodOk = (v: { starts_at?: string; ends_at?: string }) => v.ends_at == null || Date.parse(v.ends_at) > Date.parse(v.starts_at ?? new Date().toISOString());
const periodMessage = { message: 'The end must be after the start.', path: ['ends_at'] };

export const AddPriceInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('customer'), business_id: Id, product_id: Id, price: PriceAmountSchema, ...Period }).refine(periodOk, periodMessage),
  z.strictObject({ kind: z.literal('city'), city: CityNameSchema, product_id: Id, price: PriceAmountSchema, ...Period }).refine(periodOk, periodMessage),
  z
    .strictObject({
      kind: z.literal('quantity'),
      city: CityNameSchema,
      product_id: Id,
      min_quantity: z.number().int().min(2, 'must be at least 2 pieces').max(MAX_ORDER_QUANTITY),
      price: PriceAmountSchema,
      ...Period,
    })
    .refine(periodOk, periodMessage),
]);
export type AddPriceInput = z.infer<typeof AddPriceInputSchema>;

export const EndPriceInputSchema = z.strictObject({ ends_at: KarachiMomentSchema.optional() });

export const PriceListQuerySchema = z.object({
  kind: z.enum(PRICE_KINDS),
  search: z.string().trim().max(100).optional(),
  business_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  city: CityNameSchema.optional(),
  include_ended: z.enum(['true', 'false']).optional(),
});
export type PriceListQuery = z.infer<typeof PriceListQuerySchema>;

export const StaffPriceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRICE_KINDS),
  business_id: z.number().int().nullable(),
  business_name: z.string().nullable(),
  city: z.string().nullable(),
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  /** The product's list price beside it, for comparison. */
  list_price: MoneySchema,
  min_quantity: z.number().int().nullable(),
  price: MoneySchema,
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  status: z.enum(PRICE_STATUSES),
});
export type StaffPrice = z.infer<typeof StaffPriceSchema>;

export const PriceCheckInputSchema = z.strictObject({
  /** Left out: a guest's price. */
  business_id: Id.optional(),
  product_id: Id,
  quantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY),
  /** Left out: the business's own city (where the cart charges it). */
  city: CityNameSchema.optional(),
});
export type PriceCheckInput = z.infer<typeof PriceCheckInputSchema>;

export const PriceCheckSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  business_id: z.number().int().nullable(),
  business_name: z.string().nullable(),
  /** The business's own city, the one its cart is charged in. */
  business_city: z.string().nullable(),
  city: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: MoneySchema,
  unit_tax: MoneySchema,
  line_total: MoneySchema,
  rule: z.enum(PRICE_RULES),
  rule_label: z.string(),
});
export type PriceCheck = z.infer<typeof PriceCheckSchema>;

export const PickerOptionSchema = z.object({ id: z.number().int(), label: z.string() });
export const PickerQuerySchema = z.object({ search: z.string().trim().min(1).max(100) });
