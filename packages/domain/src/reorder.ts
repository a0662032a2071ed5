// Issue 21: contracts of reorder, quick order, order lists and "Buy again".
import { z } from 'zod';
import { MoneySchema, ProductSchema } from './catalogue.ts';
import { PRICE_RULES } from './pricing.ts';
import { MAX_ORDER_LINES, MAX_ORDER_QUANTITY } from './order-rules.ts';
import {
  BUY_AGAIN_COUNT,
  LINE_PROBLEM_CODES,
  ORDER_LIST_MAX_ITEMS,
  ORDER_LIST_NAME_MAX,
  QUANTITY_RULE,
  QUICK_ORDER_MAX_ROWS,
  QUICK_ORDER_TEXT_MAX,
} from './reorder-rules.ts';

const Id = z.number().int().positive().max(2_147_483_647);
const Quantity = z.number({ error: QUANTITY_RULE }).int(QUANTITY_RULE).min(1, QUANTITY_RULE).max(MAX_ORDER_QUANTITY, QUANTITY_RULE);

/** A cart line as the web's cart keeps it (cart.ts CartLine), priced by the server for the caller's business. */
export const CartLineSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  unit_price: MoneySchema,
  url_name: z.string(),
  brand_name: z.string(),
  sku: z.string(),
  stock: z.number().int(),
  tax: MoneySchema,
  sell_price: MoneySchema,
  sale: z.boolean(),
  /** Issue 36: what the buyer is shown with the line (cart.ts CartLine): the price of one piece, its rule, the Buy More Pay Less prices. */
  shown_price: MoneySchema.optional(),
  shown_rule: z.enum(['customer', 'city', 'sale', 'list']).optional(),
  quantity_prices: z.array(z.object({ min_quantity: z.number().int(), unit_price: MoneySchema })).optional(),
  price_rule: z.enum(PRICE_RULES).optional(),
});

export const LineProblemSchema = z.object({ code: z.enum(LINE_PROBLEM_CODES), text: z.string() });

/**
 * One line offered for the cart at today's price: what was asked for (`wanted`), what can go in
 * (`quantity`, 0 when nothing can) and why not all of it (`problem`).
 */
export const ProposedLineSchema = z.object({
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  sku: z.string(),
  wanted: z.number().int(),
  quantity: z.number().int(),
  unit_price: MoneySchema.nullable(),
  line_total: MoneySchema,
  stock: z.number().int(),
  problem: LineProblemSchema.nullable(),
  /** What to put in the cart (quantity included); null when nothing can go in. */
  cart_line: CartLineSchema.nullable(),
});
export type ProposedLine = z.infer<typeof ProposedLineSchema>;

/** Lines offered for the cart, their total, and whether an Orderer paying Cash would pass the limit (SPEC 4: Pending). */
export const ProposalSchema = z.object({
  lines: z.array(ProposedLineSchema),
  total: MoneySchema,
  /** The caller's Cash limit when it applies to them (an Orderer), else null. */
  limit: MoneySchema.nullable(),
  over_limit: z.boolean(),
});
export type Proposal = z.infer<typeof ProposalSchema>;

/** POST /api/orders/:id/reorder: the whole order, or the chosen lines (order_details ids). */
export const ReorderInputSchema = z.strictObject({
  line_ids: z.array(Id).min(1, 'Choose at least one line').max(MAX_ORDER_LINES).optional(),
});
export type ReorderInput = z.infer<typeof ReorderInputSchema>;

// ---- Quick order ----

export const QuickOrderRowSchema = z.strictObject({
  text: z.string().trim().min(1, 'Type a SKU or a product name').max(QUICK_ORDER_TEXT_MAX, `At most ${QUICK_ORDER_TEXT_MAX} characters`),
  quantity: Quantity,
});
export const QuickOrderInputSchema = z.strictObject({
  rows: z.array(QuickOrderRowSchema).min(1, 'Add at least one row').max(QUICK_ORDER_MAX_ROWS, `At most ${QUICK_ORDER_MAX_ROWS} rows`),
});
export type QuickOrderInput = z.infer<typeof QuickOrderInputSchema>;

/** A product offered beside a row matched by name. */
export const QuickOrderChoiceSchema = z.object({ id: z.number().int(), name: z.string(), sku: z.string(), unit_price: MoneySchema, stock: z.number().int() });

export const QuickOrderResultRowSchema = ProposedLineSchema.extend({
  /** The row's place in the request. */
  row: z.number().int(),
  text: z.string(),
  /** How the product was found: its SKU exactly, or the catalogue's typo-tolerant name search. */
  matched_by: z.enum(['sku', 'name']).nullable(),
  alternatives: z.array(QuickOrderChoiceSchema),
});
export const QuickOrderResultSchema = ProposalSchema.extend({ lines: z.array(QuickOrderResultRowSchema) });
export type QuickOrderResult = z.infer<typeof QuickOrderResultSchema>;
export type QuickOrderResultRow = z.infer<typeof QuickOrderResultRowSchema>;

// ---- Order lists ----

const ListName = z
  .string()
  .trim()
  .min(1, 'Give the list a name')
  .max(ORDER_LIST_NAME_MAX, `A list name has at most ${ORDER_LIST_NAME_MAX} characters`);
const ListItems = z
  .array(z.strictObject({ product_id: Id, quantity: Quantity }))
  .max(ORDER_LIST_MAX_ITEMS, `A list has at most ${ORDER_LIST_MAX_ITEMS} products`);

/** POST /api/order-lists: a new list of products, or one made from a past order (its lines and quantities). */
export const CreateOrderListInputSchema = z.strictObject({
  name: ListName,
  items: ListItems.optional(),
  from_order_id: Id.optional(),
});
export type CreateOrderListInput = z.infer<typeof CreateOrderListInputSchema>;

/** PUT /api/order-lists/:id: the whole list as it should be; `version` is the one read (a change made meanwhile is 409). */
export const UpdateOrderListInputSchema = z.strictObject({
  name: ListName,
  items: ListItems,
  version: z.number().int().min(0),
});
export type UpdateOrderListInput = z.infer<typeof UpdateOrderListInputSchema>;

/** POST /api/order-lists/:id/cart: the whole list at its usual quantities, or the chosen products at chosen quantities. */
export const OrderListCartInputSchema = z.strictObject({
  items: z.array(z.strictObject({ product_id: Id, quantity: Quantity })).min(1, 'Choose at least one product').max(ORDER_LIST_MAX_ITEMS).optional(),
});
export type OrderListCartInput = z.infer<typeof OrderListCartInputSchema>;

export const OrderListSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  item_count: z.number().int(),
  version: z.number().int(),
  updated_by: z.string(),
  updated_at: z.string().describe('ISO 8601 in Pakistan time with its offset'),
});
export type OrderListSummary = z.infer<typeof OrderListSummarySchema>;

/** A list with its products priced today (each item a proposed line at its usual quantity). */
export const OrderListSchema = OrderListSummarySchema.extend({
  business_id: z.number().int(),
  items: z.array(ProposedLineSchema),
  total: MoneySchema,
  limit: MoneySchema.nullable(),
  over_limit: z.boolean(),
});
export type OrderList = z.infer<typeof OrderListSchema>;

// ---- Buy again ----

export const BuyAgainQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(48).default(BUY_AGAIN_COUNT) });
/** A product this business orders most (its own history), priced for it; how often and how many it usually takes. */
export const BuyAgainProductSchema = ProductSchema.extend({ times_ordered: z.number().int(), usual_quantity: z.number().int() });
export type BuyAgainProduct = z.infer<typeof BuyAgainProductSchema>;
