// The order desk's one door to the staff API: same-origin cookie session, JSON, and the CSRF token
// (from GET /api/staff/auth/me, cached) on every call that changes something.
import type { BulkMoveResult, CreateRunInput, DeskOrder, PickingList, QueueFilters, QueuePage, Run, SavedView, StatusCounts } from '@shop/domain/order-desk';
import type { OrderStatus } from '@shop/domain/constants';
import { StaffApiError, staffApi, staffUrl as withQuery } from '../staff-api.ts';

/** What the person is told when the order moved under them (HTTP 409). */
export const STALE_MESSAGE = 'This order was changed by someone else — reload it and try again.';

export { StaffApiError as DeskError };

async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  try {
    return await staffApi<T>(path, { method, body });
  } catch (err) {
    // A 409 on a move means the order is no longer where the person saw it: say so plainly.
    if (err instanceof StaffApiError && err.status === 409 && /changed by someone else|no longer/i.test(err.message)) throw new StaffApiError(409, STALE_MESSAGE);
    throw err;
  }
}

const ids = (list: readonly number[]) => list.join(',');

export const deskApi = {
  queue: (filters: QueueFilters, after?: string, limit?: number) => call<QueuePage>('GET', withQuery('/api/staff/orders', { ...filters, after, limit })),
  counts: (filters: QueueFilters) => call<StatusCounts>('GET', withQuery('/api/staff/orders/counts', filters)),
  order: (id: number) => call<DeskOrder>('GET', `/api/staff/orders/${id}`),
  move: (id: number, to: OrderStatus, expected: OrderStatus, reason?: string) =>
    call<DeskOrder>('POST', `/api/staff/orders/${id}/status`, { to, expected_status: expected, ...(reason ? { reason } : {}) }),
  changeLine: (id: number, lineId: number, quantity: number, reason: string, expected: OrderStatus) =>
    call<DeskOrder>('POST', `/api/staff/orders/${id}/lines/${lineId}`, { quantity, reason, expected_status: expected }),
  addNote: (id: number, text: string) => call<DeskOrder>('POST', `/api/staff/orders/${id}/notes`, { text }),
  /** Issue 36: answer a buyer's request to cancel or change the order. */
  answerRequest: (id: number, requestId: number, decision: 'accepted' | 'declined', note: string) =>
    call<DeskOrder>('POST', `/api/staff/orders/${id}/change-requests/${requestId}`, { decision, note }),
  bulkMove: (orderIds: readonly number[], to: OrderStatus) => call<BulkMoveResult>('POST', '/api/staff/orders/bulk/status', { ids: orderIds, to }),
  pickingList: (orderIds: readonly number[]) => call<PickingList>('GET', `/api/staff/orders/picking-list?ids=${ids(orderIds)}`),
  slips: (orderIds: readonly number[]) => call<DeskOrder[]>('GET', `/api/staff/orders/slips?ids=${ids(orderIds)}`),
  runs: (date: string) => call<Run[]>('GET', withQuery('/api/staff/runs', { date })),
  run: (id: number) => call<Run>('GET', `/api/staff/runs/${id}`),
  createRun: (input: CreateRunInput) => call<Run>('POST', '/api/staff/runs', input),
  shipRun: (id: number) => call<{ run: Run; refused: { id: number; error: string }[] }>('POST', `/api/staff/runs/${id}/ship`),
  views: () => call<SavedView[]>('GET', '/api/staff/views'),
  saveView: (name: string, filters: QueueFilters) => call<SavedView>('POST', '/api/staff/views', { name, filters }),
  deleteView: (id: number) => call<{ id: number }>('DELETE', `/api/staff/views/${id}`),
  /** Cities and their areas (the sign-up list), for the area filter and runs. */
  places: () =>
    fetch('/api/auth/getSignUpPageData', { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((r) => r.json() as Promise<{ data: { cities: { id: number; name: string }[]; areas: { id: number; name: string; city_id: number }[] } }>)
      .then((p) => p.data),
};
