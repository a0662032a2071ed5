// The queue's filters live in the address bar, so a view can be linked, reloaded and saved.
import { type OrderStatus, ORDER_STATUSES } from '@shop/domain/constants';
import { nextStep, QueueFiltersSchema, type QueueFilters, type QueueRow } from '@shop/domain/order-desk';

const KEYS = ['status', 'city', 'area_id', 'from', 'to', 'business_id', 'payment_mode', 'pending_hours', 'q', 'request'] as const satisfies readonly (keyof QueueFilters)[];

/** The filters named in a query string; a value the API would refuse is dropped, not sent. */
export function filtersFromSearch(params: URLSearchParams): QueueFilters {
  const out: Record<string, unknown> = {};
  for (const key of KEYS) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const one = QueueFiltersSchema.safeParse({ [key]: raw });
    if (one.success) Object.assign(out, one.data);
  }
  return out as QueueFilters;
}

export function searchFromFilters(filters: QueueFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const v = filters[key];
    if (v !== undefined && v !== null && v !== '') params.set(key, String(v));
  }
  return params;
}

/** "Pending for more than N hours" only means something for Pending orders (the API implies it). */
export function withFilter(filters: QueueFilters, key: keyof QueueFilters, value: string | undefined): QueueFilters {
  const next: Record<string, unknown> = { ...filters };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  if (key === 'city' && value !== filters.city) delete next.area_id;
  if (key === 'status' && value !== 'Pending') delete next.pending_hours;
  if (key === 'pending_hours' && value) next.status = 'Pending';
  return filtersFromSearch(searchFromFilters(next as QueueFilters));
}

export const STATUS_TABS: readonly OrderStatus[] = ORDER_STATUSES;

/**
 * What "move one step" does for a selection: every selected order must be at the same status with a
 * forward step (In Process → Arrange → Shipping → Delivered); a mixed selection says which statuses it mixes.
 */
export function bulkStepOf(rows: readonly Pick<QueueRow, 'status'>[]): { to: OrderStatus; from: OrderStatus } | { to: null; why: string } {
  if (rows.length === 0) return { to: null, why: 'Select orders to move them.' };
  const statuses = [...new Set(rows.map((r) => r.status))];
  if (statuses.length > 1) return { to: null, why: `The selection mixes ${statuses.join(', ')}: select orders of one status to move them one step.` };
  const from = statuses[0] as OrderStatus;
  const to = nextStep(from);
  if (!to) return { to: null, why: from === 'Pending' ? "Pending orders wait for the buyer's Approver." : `${from} orders do not move further.` };
  return { to, from };
}
