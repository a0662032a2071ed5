// Issue 16 "Order desk": the one state machine of an order and the staff API's contracts.
// The server enforces it (a conditional update per move); the staff app and the buyer's
// Order History read the same table.
import { z } from 'zod';
import { type OrderStatus, ORDER_STATUSES, PAYMENT_MODES, TRACK_STEPS } from './constants.ts';
import { CityNameSchema } from './places.ts';
import { CLOSED_ORDER_STATUSES } from './credit.ts';
import { MAX_ORDER_QUANTITY } from './order-rules.ts';
import { CHANGE_REQUEST_KINDS, ChangeRequestSchema } from './policy-facts.ts';

/**
 * Where an order may go from each status, and who moves it. Pending stays the buyer's Approver's
 * decision (SPEC 4/6: to In Process or Rejected); staff see Pending orders but cannot move them.
 */
export const STAFF_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Pending: [],
  'In Process': ['Arrange', 'Rejected'],
  Arrange: ['Shipping', 'Rejected'],
  Shipping: ['Delivered'],
  Delivered: [],
  Rejected: [],
};

export const canStaffMove = (from: OrderStatus, to: OrderStatus) => STAFF_TRANSITIONS[from].includes(to);

/** The forward step of an order (for "move one step" in bulk): never Rejected. */
export function nextStep(from: OrderStatus): OrderStatus | null {
  return STAFF_TRANSITIONS[from].find((s) => s !== 'Rejected') ?? null;
}

/** Statuses the warehouse is still working on: lines may be lowered or removed (picked short). */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ['In Process', 'Arrange', 'Shipping'];
export const isEditableStatus = (status: OrderStatus) => EDITABLE_STATUSES.includes(status);

/**
 * Orders the business has asked for and not yet received or lost: they count against its credit
 * (every status but credit.ts CLOSED_ORDER_STATUSES, the one definition).
 */
export const OPEN_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => !CLOSED_ORDER_STATUSES.includes(s));

/**
 * The orders a delivery run takes: those the warehouse has not yet shipped (the run ships each through
 * Arrange to Shipping, STAFF_TRANSITIONS). The server refuses others (delivery-runs.service.ts); the
 * runs page offers these.
 */
export const RUNNABLE_STATUSES: readonly OrderStatus[] = ['Arrange', 'In Process'];
export const isRunnableStatus = (status: OrderStatus) => RUNNABLE_STATUSES.includes(status);

/**
 * SPEC 2 Track Order: four steps In Process, Arrange, Shipping, Done. The step an order is at, or
 * null for Pending and Rejected (not on the track).
 */
export function trackStepOf(status: OrderStatus): number | null {
  if (status === 'Delivered') return TRACK_STEPS.indexOf('Done');
  const i = (TRACK_STEPS as readonly string[]).indexOf(status);
  return i >= 0 ? i : null;
}

export const REJECTION_REASON_MAX = 500;
export const CHANGE_REASON_MAX = 300;
export const NOTE_MAX = 2000;
export const QUEUE_PAGE_MAX = 100;
export const QUEUE_PAGE_DEFAULT = 50;
export const BULK_MAX = 200;
/**
 * Counts per status stop at this many: a count over it reads "1,000+" and costs no more. The live
 * statuses (Pending to Shipping) stay well under it at 500 orders a day; a count of a million
 * delivered orders helps nobody and cost 80 ms at one million orders (bench/order-queue.ts).
 */
export const COUNT_CAP = 1_000;

export const STALE_ORDER = 'This order was changed by someone else. Reload it and try again.';

const Id = z.number().int().positive().max(2_147_483_647);
const QueryId = z.coerce.number().int().positive().max(2_147_483_647);
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/** GET /api/staff/orders: the queue's filters. Dates are Pakistan days (Asia/Karachi). */
export const QueueQuerySchema = z.strictObject({
  status: z.enum(ORDER_STATUSES).optional(),
  city: CityNameSchema.optional(),
  area_id: QueryId.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  business_id: QueryId.optional(),
  payment_mode: z.enum(PAYMENT_MODES).optional(),
  /** Pending for more than this many hours (implies status Pending). */
  pending_hours: z.coerce.number().int().min(1).max(24 * 365).optional(),
  /** An order number (or its start) or words of a business name. */
  q: z.string().trim().min(1).max(100).optional(),
  /** Issue 36: only orders with a buyer's request to cancel or change waiting for an answer. */
  request: z.literal('open').optional(),
  /** The `next` cursor of the previous page. */
  after: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(QUEUE_PAGE_MAX).default(QUEUE_PAGE_DEFAULT),
});
export type QueueQuery = z.infer<typeof QueueQuerySchema>;
/** The filters alone (the counts and saved views take these). */
export const QueueFiltersSchema = QueueQuerySchema.omit({ after: true, limit: true });
export type QueueFilters = z.infer<typeof QueueFiltersSchema>;

export const QueueRowSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  /** ISO instant with the Pakistan offset. */
  created_on: z.string(),
  status: z.enum(ORDER_STATUSES),
  business_id: z.number().int(),
  business_name: z.string(),
  city: z.string().nullable(),
  area: z.string().nullable(),
  payment_mode: z.enum(PAYMENT_MODES),
  total_price: z.string(),
  line_count: z.number().int(),
  order_by: z.string(),
  run_id: z.number().int().nullable(),
  /** Issue 36: the buyer's reference and requested delivery day ('YYYY-MM-DD'). */
  order_reference: z.string().nullable(),
  requested_delivery_day: z.string().nullable(),
  /** Issue 36: the kind of the buyer's request waiting for an answer (the queue flags it), or null. */
  open_request: z.enum(CHANGE_REQUEST_KINDS).nullable(),
});
export type QueueRow = z.infer<typeof QueueRowSchema>;

export const QueuePageSchema = z.object({ rows: z.array(QueueRowSchema), next: z.string().nullable() });
export type QueuePage = z.infer<typeof QueuePageSchema>;

/** GET /api/staff/orders/counts: per status, capped at COUNT_CAP (then `capped` names it). */
export const StatusCountsSchema = z.object({
  counts: z.record(z.enum(ORDER_STATUSES), z.number().int()),
  capped: z.array(z.enum(ORDER_STATUSES)),
});
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

export const DeskLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string().nullable(),
  ordered_quantity: z.number().int(),
  quantity: z.number().int(),
  unit_price: z.string(),
  tax: z.string(),
  sell_price: z.string(),
  total_price: z.string(),
  change_reason: z.string().nullable(),
});
export type DeskLine = z.infer<typeof DeskLineSchema>;

export const OrderEventSchema = z.object({
  at: z.string(),
  /** 'buyer' (an Approver's decision, the order placed) or 'staff'. */
  actor: z.enum(['buyer', 'staff']),
  actor_name: z.string(),
  action: z.string(),
  from_status: z.enum(ORDER_STATUSES).nullable(),
  to_status: z.enum(ORDER_STATUSES).nullable(),
  reason: z.string().nullable(),
});

export const StaffNoteSchema = z.object({ id: z.number().int(), at: z.string(), staff_name: z.string(), text: z.string() });

export const DeskOrderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  created_on: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** What the staff may do next, from STAFF_TRANSITIONS. */
  next_statuses: z.array(z.enum(ORDER_STATUSES)),
  rejection_reason: z.string().nullable(),
  payment_mode: z.enum(PAYMENT_MODES),
  total_price: z.string(),
  sell_price_total: z.string(),
  tax_total: z.string(),
  address: z.string(),
  contact_no: z.string(),
  lines: z.array(DeskLineSchema),
  business: z.object({
    id: z.number().int(),
    name: z.string(),
    city: z.string().nullable(),
    area: z.string().nullable(),
    payment_mode: z.enum(PAYMENT_MODES),
    credit_limit: z.string(),
    payment_days: z.number().int(),
    /** Sum of payable over the business's ledger entries. */
    outstanding: z.string(),
  }),
  orderer: z.object({ id: z.number().int(), name: z.string(), type: z.string(), email: z.string(), mobile_no: z.string(), limit: z.string() }),
  events: z.array(OrderEventSchema),
  notes: z.array(StaffNoteSchema),
  run_id: z.number().int().nullable(),
  /** Issue 36: the buyer's reference, requested delivery day, confirmation and requests to cancel or change. */
  order_reference: z.string().nullable(),
  requested_delivery_day: z.string().nullable(),
  confirmed_on: z.string().nullable(),
  change_requests: z.array(ChangeRequestSchema.extend({ answered_by: z.string().nullable() })),
  /** The value to send back as `expected_status`: a move is refused (409) when the order moved meanwhile. */
  version: z.string(),
});
export type DeskOrder = z.infer<typeof DeskOrderSchema>;

/** POST /api/staff/orders/:id/status */
export const MoveOrderInputSchema = z
  .strictObject({
    to: z.enum(ORDER_STATUSES),
    /** The status the person saw; the move happens only if the order is still in it. */
    expected_status: z.enum(ORDER_STATUSES),
    reason: z.string().trim().max(REJECTION_REASON_MAX).optional(),
  })
  .refine((v) => v.to !== 'Rejected' || (v.reason?.length ?? 0) >= 3, { message: 'A rejection needs a reason the buyer will read', path: ['reason'] });
export type MoveOrderInput = z.infer<typeof MoveOrderInputSchema>;

/** POST /api/staff/orders/:id/lines/:lineId: lower a quantity, or 0 to remove the line. */
export const ChangeLineInputSchema = z.strictObject({
  quantity: z.number().int().min(0).max(MAX_ORDER_QUANTITY),
  reason: z.string().trim().min(3, 'Say why the line changes').max(CHANGE_REASON_MAX),
  expected_status: z.enum(ORDER_STATUSES),
});
export type ChangeLineInput = z.infer<typeof ChangeLineInputSchema>;

export const AddNoteInputSchema = z.strictObject({ text: z.string().trim().min(1).max(NOTE_MAX) });

/** POST /api/staff/orders/bulk/status: move each order one step forward (or to `to`). */
export const BulkMoveInputSchema = z.strictObject({
  ids: z.array(Id).min(1).max(BULK_MAX),
  to: z.enum(ORDER_STATUSES),
});
export const BulkMoveResultSchema = z.object({
  moved: z.array(z.number().int()),
  refused: z.array(z.object({ id: z.number().int(), order_number: z.string().nullable(), error: z.string() })),
});
export type BulkMoveResult = z.infer<typeof BulkMoveResultSchema>;

/** GET /api/staff/orders/picking-list?ids=1,2,3: lines summed per product for the warehouse. */
export const PickingListSchema = z.object({
  orders: z.array(z.object({ id: z.number().int(), order_number: z.string(), business_name: z.string() })),
  lines: z.array(z.object({ product_id: z.number().int(), product_name: z.string(), sku: z.string().nullable(), quantity: z.number().int(), orders: z.number().int() })),
});
export type PickingList = z.infer<typeof PickingListSchema>;

/** Delivery runs: the day's orders grouped by city and area, one run per vehicle, ordered by area. */
export const RUN_STATUSES = ['Planned', 'Shipping', 'Done'] as const;
export const CreateRunInputSchema = z.strictObject({
  run_date: IsoDate,
  city: CityNameSchema,
  vehicle: z.string().trim().min(1).max(60),
  driver: z.string().trim().max(80).optional(),
  order_ids: z.array(Id).min(1).max(BULK_MAX),
});
export type CreateRunInput = z.infer<typeof CreateRunInputSchema>;
export const RunSchema = z.object({
  id: z.number().int(),
  run_date: z.string(),
  city: z.string(),
  vehicle: z.string(),
  driver: z.string().nullable(),
  status: z.enum(RUN_STATUSES),
  orders: z.array(
    z.object({
      id: z.number().int(),
      order_number: z.string(),
      status: z.enum(ORDER_STATUSES),
      business_name: z.string(),
      area: z.string().nullable(),
      address: z.string(),
      contact_no: z.string(),
      total_price: z.string(),
      payment_mode: z.enum(PAYMENT_MODES),
    }),
  ),
});
export type Run = z.infer<typeof RunSchema>;

/** Saved views of the queue, per staff person. */
export const SavedViewInputSchema = z.strictObject({ name: z.string().trim().min(1).max(60), filters: QueueFiltersSchema });
export const SavedViewSchema = z.object({ id: z.number().int(), name: z.string(), filters: QueueFiltersSchema });
export type SavedView = z.infer<typeof SavedViewSchema>;

/** Keyset cursor of the queue: newest first by (created_at, id). Opaque to clients. */
export function encodeQueueCursor(createdAt: string, id: number): string {
  return `${createdAt}~${id}`;
}
export function decodeQueueCursor(cursor: string): { createdAt: string; id: number } | null {
  const m = /^(\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:?\d{2}))~(\d{1,10})$/.exec(cursor);
  if (!m?.[1] || !m[2]) return null;
  if (Number.isNaN(Date.parse(m[1]))) return null;
  return { createdAt: m[1], id: Number(m[2]) };
}

