import type { Row } from './row.ts';
import { get, staffOnly } from './staff-rows.ts';

/** The order desk (issue 16). */
export const STAFF_ORDER_ROWS: Row[] = [
  // Issue 16, the order desk: Order desk reads and moves; Finance reads; Admin and Catalogue get 403.
  { route: 'GET /api/staff/orders', case: 'the order queue', expect: staffOnly({ staffDesk: 200, staffFinance: 200 }), request: get('/api/staff/orders?status=In%20Process') },
  { route: 'GET /api/staff/orders/counts', case: 'orders per status', expect: staffOnly({ staffDesk: 200, staffFinance: 200 }), request: get('/api/staff/orders/counts') },
  { route: 'GET /api/staff/orders/picking-list', case: 'picking list of chosen orders', expect: staffOnly({ staffDesk: 200, staffFinance: 200 }), request: get('/api/staff/orders/picking-list?ids=1,2') },
  { route: 'GET /api/staff/orders/slips', case: 'delivery slips of chosen orders', expect: staffOnly({ staffDesk: 200, staffFinance: 200 }), request: get('/api/staff/orders/slips?ids=1') },
  { route: 'GET /api/staff/orders/:id', case: 'one order with business, history and notes', expect: staffOnly({ staffDesk: 200, staffFinance: 200 }), request: get('/api/staff/orders/1') },
  {
    route: 'POST /api/staff/orders/:id/status',
    case: 'move an order (seen in another status: nothing moves, 409)',
    expect: staffOnly({ staffDesk: 409 }),
    request: () => ({ method: 'POST', url: '/api/staff/orders/1/status', payload: { to: 'Arrange', expected_status: 'Shipping' } }),
  },
  {
    route: 'POST /api/staff/orders/:id/lines/:lineId',
    case: 'pick a line short (seen in another status: nothing changes, 409)',
    expect: staffOnly({ staffDesk: 409 }),
    request: () => ({ method: 'POST', url: '/api/staff/orders/1/lines/1', payload: { quantity: 0, reason: 'Out of stock', expected_status: 'Shipping' } }),
  },
  {
    route: 'POST /api/staff/orders/:id/notes',
    case: 'add a staff note',
    expect: staffOnly({ staffDesk: 200 }),
    request: () => ({ method: 'POST', url: '/api/staff/orders/1/notes', payload: { text: 'Customer asked for a morning delivery.' } }),
  },
  {
    route: 'POST /api/staff/orders/bulk/status',
    case: 'bulk move (an unknown order: named as refused)',
    expect: staffOnly({ staffDesk: 200 }),
    request: () => ({ method: 'POST', url: '/api/staff/orders/bulk/status', payload: { ids: [999_999], to: 'Arrange' } }),
  },
  // Issue 36: the desk answers a buyer's request to cancel or change an order.
  {
    route: 'POST /api/staff/orders/:id/change-requests/:requestId',
    case: "answer a buyer's request to cancel or change (an unknown one: 404)",
    expect: staffOnly({ staffDesk: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/orders/1/change-requests/999999', payload: { decision: 'declined', note: 'Already packed.' } }),
  },
  { route: 'GET /api/staff/runs', case: "a day's delivery runs", expect: staffOnly({ staffDesk: 200, staffFinance: 200 }), request: get('/api/staff/runs?date=2026-01-01') },
  {
    route: 'POST /api/staff/runs',
    case: 'make a delivery run (of an unknown order: 404)',
    expect: staffOnly({ staffDesk: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/runs', payload: { run_date: '2026-01-01', city: 'Lahore', vehicle: 'LEA-1', order_ids: [999_999] } }),
  },
  { route: 'GET /api/staff/runs/:id', case: 'a run sheet (unknown run: 404)', expect: staffOnly({ staffDesk: 404, staffFinance: 404 }), request: get('/api/staff/runs/999999') },
  {
    route: 'POST /api/staff/runs/:id/ship',
    case: 'move a run to Shipping (unknown run: 404)',
    expect: staffOnly({ staffDesk: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/runs/999999/ship' }),
  },
  { route: 'GET /api/staff/views', case: 'own saved queue views', expect: staffOnly({ staffDesk: 200, staffFinance: 200 }), request: get('/api/staff/views') },
  {
    route: 'POST /api/staff/views',
    case: 'save a queue view',
    expect: staffOnly({ staffDesk: 200, staffFinance: 200 }),
    request: (_w, actor) => ({ method: 'POST', url: '/api/staff/views', payload: { name: `Lahore credit ${actor} ${Date.now()}`, filters: { city: 'Lahore', payment_mode: 'Credit' } } }),
  },
  { route: 'DELETE /api/staff/views/:id', case: "delete a view (someone else's or unknown: 404)", expect: staffOnly({ staffDesk: 404, staffFinance: 404 }), request: () => ({ method: 'DELETE', url: '/api/staff/views/999999' }) },
];
