// Where the order desk's pages live: the staff shell mounts orderDeskRoutes under /staff.
export const STAFF_BASE = '/staff';
export const deskPaths = {
  queue: `${STAFF_BASE}/orders`,
  order: (id: number) => `${STAFF_BASE}/orders/${id}`,
  slips: (ids: readonly number[]) => `${STAFF_BASE}/orders/print/slips?ids=${ids.join(',')}`,
  picking: (ids: readonly number[]) => `${STAFF_BASE}/orders/print/picking?ids=${ids.join(',')}`,
  runs: `${STAFF_BASE}/runs`,
  run: (id: number) => `${STAFF_BASE}/runs/${id}`,
};

/** ?ids=1,2,3 of the print pages (at most 200, as the API takes). */
export function idsFromSearch(params: URLSearchParams): number[] {
  const raw = params.get('ids') ?? '';
  return [...new Set(raw.split(',').map(Number))].filter((n) => Number.isInteger(n) && n > 0).slice(0, 200);
}
