import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { uploads } from '../../src/db/schema/business.ts';
import { brands } from '../../src/db/schema/catalogue.ts';
import { STAFF_TEST_PASSWORD } from '../staff.ts';
import type { Row } from './row.ts';
import { type Actor, isStaffActor } from './world.ts';

/**
 * Staff routes (issue 16) by every caller: buyers' tokens are refused on all of them (401), whatever
 * the token's type; staff people get what their roles allow. Rows for new /api/staff/ routes go here.
 */
const staffOnly = (staff: number | Partial<Record<Actor, number>>, others = 401): Record<Actor, number> => {
  const s = typeof staff === 'number' ? { staffAdmin: staff, staffDesk: staff, staffFinance: staff, staffCatalogue: staff } : staff;
  return { anonymous: others, guest: others, owner: others, orderer: others, approver: others, viewer: others, otherBusiness: others, staffAdmin: 403, staffDesk: 403, staffFinance: 403, staffCatalogue: 403, ...s };
};
const get = (url: string) => (): InjectOptions => ({ method: 'GET', url });

export const STAFF_ROWS: Row[] = [
  {
    route: 'POST /api/staff/auth/login',
    case: "a staff person's right email and password (a buyer token beside it is refused)",
    expect: { ...staffOnly(200), anonymous: 200 },
    request: (w) => ({ method: 'POST', url: '/api/staff/auth/login', payload: { email: w.staff.bystander.email, password: STAFF_TEST_PASSWORD } }),
  },
  {
    route: 'POST /api/staff/auth/login',
    case: "a buyer's email and password",
    expect: staffOnly(401),
    request: () => ({ method: 'POST', url: '/api/staff/auth/login', payload: { email: 'owner@demo.pk', password: 'Demo@12345' } }),
  },
  {
    route: 'POST /api/staff/auth/second-factor',
    case: 'own recovery code after the password (a new session)',
    expect: staffOnly(200),
    request: async (w, actor) => {
      if (!isStaffActor(actor)) return { method: 'POST', url: '/api/staff/auth/second-factor', payload: { code: 'ABCDE-FGHJK' } };
      const pending = await w.staff.pendingSecondFactor(actor);
      return { method: 'POST', url: '/api/staff/auth/second-factor', headers: pending.headers, payload: { code: pending.code } };
    },
  },
  {
    route: 'POST /api/staff/auth/logout',
    case: 'sign out (own session)',
    expect: staffOnly(200),
    request: async (w, actor) => ({ method: 'POST', url: '/api/staff/auth/logout', headers: isStaffActor(actor) ? await w.staff.freshSession(actor) : {} }),
  },
  {
    route: 'POST /api/staff/auth/logout',
    case: 'without the CSRF token',
    expect: staffOnly(403),
    request: () => ({ method: 'POST', url: '/api/staff/auth/logout', headers: { 'x-csrf-token': '' } }),
  },
  { route: 'GET /api/staff/auth/me', case: 'who am I, with roles', expect: staffOnly(200), request: get('/api/staff/auth/me') },
  {
    route: 'GET /api/staff/auth/session',
    case: 'who am I, or null when not signed in',
    expect: { ...staffOnly(200), anonymous: 200 },
    request: get('/api/staff/auth/session'),
    check: (_w, actor, res) => {
      if (res.statusCode !== 200) return null;
      const data = (res.json() as { data: { email: string } | null }).data;
      return isStaffActor(actor) === (data !== null) ? null : `answers ${JSON.stringify(data)?.slice(0, 80)}`;
    },
  },
  {
    route: 'POST /api/staff/auth/totp/start',
    case: 'start setting up the second factor when it is already set up',
    expect: staffOnly(409),
    request: () => ({ method: 'POST', url: '/api/staff/auth/totp/start' }),
  },
  {
    route: 'POST /api/staff/auth/totp/confirm',
    case: 'confirm a second factor when it is already set up',
    expect: staffOnly(409),
    request: () => ({ method: 'POST', url: '/api/staff/auth/totp/confirm', payload: { code: '123456' } }),
  },
  {
    route: 'GET /api/staff/auth/setup',
    case: 'a setup link that is not (or no longer) valid',
    expect: { ...staffOnly(404), anonymous: 404 },
    request: get('/api/staff/auth/setup?token=not-a-real-token-not-a-real-token'),
  },
  {
    route: 'POST /api/staff/auth/setup',
    case: 'choose a password through a link that is not valid',
    expect: { ...staffOnly(404), anonymous: 404 },
    request: () => ({ method: 'POST', url: '/api/staff/auth/setup', payload: { token: 'not-a-real-token-not-a-real-token', password: 'Chosen@12345' } }),
  },
  { route: 'GET /api/staff/accounts', case: 'list staff accounts', expect: staffOnly({ staffAdmin: 200 }), request: get('/api/staff/accounts') },
  {
    route: 'POST /api/staff/accounts',
    case: 'add a staff person (as Admin)',
    expect: staffOnly({ staffAdmin: 200 }),
    request: (_w, actor) => ({ method: 'POST', url: '/api/staff/accounts', payload: { email: `matrix-new-${actor.toLowerCase()}@staff.pk`, name: 'New Person', roles: ['Admin'] } }),
  },
  {
    route: 'PATCH /api/staff/accounts/:id',
    case: "change another person's roles",
    expect: staffOnly({ staffAdmin: 200 }),
    request: (w) => ({ method: 'PATCH', url: `/api/staff/accounts/${w.staff.bystander.staffId}`, payload: { roles: ['Catalogue', 'Order desk'] } }),
  },
  {
    route: 'PATCH /api/staff/accounts/:id',
    case: 'give oneself the Admin role',
    expect: staffOnly({ staffAdmin: 200 }),
    request: (w, actor) => ({ method: 'PATCH', url: `/api/staff/accounts/${isStaffActor(actor) ? w.staff.people[actor].staffId : w.staff.bystander.staffId}`, payload: { roles: ['Admin'] } }),
  },
  {
    route: 'POST /api/staff/accounts/:id/disable',
    case: 'disable another person',
    expect: staffOnly({ staffAdmin: 200 }),
    request: async (w) => ({ method: 'POST', url: `/api/staff/accounts/${await w.staff.throwaway()}/disable` }),
  },
  {
    route: 'POST /api/staff/accounts/:id/enable',
    case: 'enable another person',
    expect: staffOnly({ staffAdmin: 200 }),
    request: async (w) => ({ method: 'POST', url: `/api/staff/accounts/${await w.staff.throwaway()}/enable` }),
  },
  {
    route: 'POST /api/staff/accounts/:id/reset-second-factor',
    case: "reset another person's second factor",
    expect: staffOnly({ staffAdmin: 200 }),
    request: async (w) => ({ method: 'POST', url: `/api/staff/accounts/${await w.staff.throwaway()}/reset-second-factor` }),
  },
  {
    route: 'POST /api/staff/accounts/:id/setup-link',
    case: 'a new password link for another person',
    expect: staffOnly({ staffAdmin: 200 }),
    request: async (w) => ({ method: 'POST', url: `/api/staff/accounts/${await w.staff.throwaway()}/setup-link` }),
  },
  { route: 'GET /api/staff/audit', case: 'read the audit log', expect: staffOnly({ staffAdmin: 200 }), request: get('/api/staff/audit') },
  { route: 'GET /api/staff/audit/export', case: 'export the audit log as CSV', expect: staffOnly({ staffAdmin: 200 }), request: get('/api/staff/audit/export') },
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
  // Issue 18: payments and ledgers (Finance). Reads are finance.read, postings finance.write.
  { route: 'GET /api/staff/finance/businesses', case: 'find a business for its ledger', expect: staffOnly({ staffFinance: 200 }), request: get('/api/staff/finance/businesses?search=Demo') },
  { route: 'GET /api/staff/finance/businesses/:id', case: "a business's account (the Orderer's business)", expect: staffOnly({ staffFinance: 200 }), request: (w) => get(`/api/staff/finance/businesses/${w.users.orderer.businessId}`)() },
  { route: 'GET /api/staff/finance/businesses/:id', case: 'an unknown business', expect: staffOnly({ staffFinance: 404 }), request: get('/api/staff/finance/businesses/999999') },
  {
    route: 'GET /api/staff/finance/businesses/:id/statement',
    case: "a business's statement",
    expect: staffOnly({ staffFinance: 200 }),
    request: (w) => get(`/api/staff/finance/businesses/${w.users.orderer.businessId}/statement?from=2024-01-01&to=2030-12-31`)(),
  },
  {
    route: 'GET /api/staff/finance/businesses/:id/statement.csv',
    case: "a business's statement as CSV",
    expect: staffOnly({ staffFinance: 200 }),
    request: (w) => get(`/api/staff/finance/businesses/${w.users.orderer.businessId}/statement.csv?from=2024-01-01&to=2030-12-31`)(),
  },
  {
    route: 'POST /api/staff/finance/businesses/:id/receipts',
    case: 'record a receipt (for an unknown business: 404)',
    expect: staffOnly({ staffFinance: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/finance/businesses/999999/receipts', payload: { method: 'Cash', amount: '100', received_on: '2026-01-01', idempotency_key: 'matrix-receipt-1' } }),
  },
  {
    route: 'POST /api/staff/finance/businesses/:id/credit-notes',
    case: 'give a credit note (for an unknown business: 404)',
    expect: staffOnly({ staffFinance: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/finance/businesses/999999/credit-notes', payload: { ledger_id: 1, amount: '100', reason: 'Returned goods', idempotency_key: 'matrix-credit-note-1' } }),
  },
  {
    route: 'POST /api/staff/finance/businesses/:id/hold-release',
    case: 'release a credit hold (of an unknown business: 404)',
    expect: staffOnly({ staffFinance: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/finance/businesses/999999/hold-release', payload: { days: 3, reason: 'Promised payment' } }),
  },
  { route: 'GET /api/staff/finance/receipts/:id', case: 'a receipt (unknown: 404)', expect: staffOnly({ staffFinance: 404 }), request: get('/api/staff/finance/receipts/999999') },
  {
    route: 'POST /api/staff/finance/receipts/:id/reverse',
    case: 'reverse a receipt (unknown: 404)',
    expect: staffOnly({ staffFinance: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/finance/receipts/999999/reverse', payload: { reason: 'Posted twice' } }),
  },
  {
    route: 'POST /api/staff/finance/receipts/:id/bounce',
    case: 'mark a cheque bounced (unknown: 404)',
    expect: staffOnly({ staffFinance: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/finance/receipts/999999/bounce', payload: { reason: 'Insufficient funds' } }),
  },
  { route: 'POST /api/staff/finance/receipts/:id/clear', case: 'mark a cheque cleared (unknown: 404)', expect: staffOnly({ staffFinance: 404 }), request: () => ({ method: 'POST', url: '/api/staff/finance/receipts/999999/clear' }) },
  {
    route: 'POST /api/staff/finance/credit-notes/:id/reverse',
    case: 'reverse a credit note (unknown: 404)',
    expect: staffOnly({ staffFinance: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/finance/credit-notes/999999/reverse', payload: { reason: 'Goods not returned' } }),
  },
  { route: 'GET /api/staff/finance/aging', case: 'aging of all businesses', expect: staffOnly({ staffFinance: 200 }), request: get('/api/staff/finance/aging?sort=overdue') },
  { route: 'GET /api/staff/finance/aging.csv', case: 'aging of all businesses as CSV', expect: staffOnly({ staffFinance: 200 }), request: get('/api/staff/finance/aging.csv') },
  // Issue 18, verifying businesses: Finance reads and decides; the Order desk reads; Admin and Catalogue get 403.
  { route: 'GET /api/staff/businesses', case: 'the verification queue', expect: staffOnly({ staffDesk: 200, staffFinance: 200 }), request: get('/api/staff/businesses') },
  { route: 'GET /api/staff/businesses/:id', case: 'a business with users, terms, documents and flags', expect: staffOnly({ staffDesk: 200, staffFinance: 200 }), request: (w) => get(`/api/staff/businesses/${w.users.owner.businessId}`)() },
  {
    route: 'GET /api/staff/businesses/:id/documents/:documentId',
    case: "a registration document, through its business's URL",
    expect: staffOnly({ staffDesk: 200, staffFinance: 200 }),
    request: async (w) => {
      const [doc] = await w.t.database.db.select({ businessId: uploads.businessId }).from(uploads).where(eq(uploads.id, w.uploadId));
      return get(`/api/staff/businesses/${doc?.businessId}/documents/${w.uploadId}`)();
    },
  },
  {
    route: 'GET /api/staff/businesses/:id/documents/:documentId',
    case: "a document through another business's URL",
    expect: staffOnly({ staffDesk: 404, staffFinance: 404 }),
    request: (w) => get(`/api/staff/businesses/${w.users.owner.businessId}/documents/${w.uploadId}`)(),
  },
  {
    route: 'POST /api/staff/businesses/:id/approve',
    case: 'approve on a stale view (nothing changes, 409)',
    expect: staffOnly({ staffFinance: 409 }),
    request: (w) => ({ method: 'POST', url: `/api/staff/businesses/${w.users.owner.businessId}/approve`, payload: { version: 999_999, terms: { payment_mode: 'Credit', credit_limit: '100000', payment_days: 30, advance_amount: '0' } } }),
  },
  {
    route: 'POST /api/staff/businesses/:id/reject',
    case: 'reject on a stale view (nothing changes, 409)',
    expect: staffOnly({ staffFinance: 409 }),
    request: (w) => ({ method: 'POST', url: `/api/staff/businesses/${w.users.owner.businessId}/reject`, payload: { version: 999_999, reason: 'Documents do not match.' } }),
  },
  {
    route: 'POST /api/staff/businesses/:id/request-documents',
    case: 'ask for documents again on a stale view (nothing changes, 409)',
    expect: staffOnly({ staffFinance: 409 }),
    request: (w) => ({ method: 'POST', url: `/api/staff/businesses/${w.users.owner.businessId}/request-documents`, payload: { version: 999_999, kinds: ['cnic_image'] } }),
  },
  {
    route: 'PATCH /api/staff/businesses/:id',
    case: 'change terms or status on a stale view (nothing changes, 409)',
    expect: staffOnly({ staffFinance: 409 }),
    request: (w) => ({ method: 'PATCH', url: `/api/staff/businesses/${w.users.owner.businessId}`, payload: { version: 999_999, status: 'on_hold' } }),
  },
  // Issue 19, products and the CSV file: the Catalogue role reads and writes; the others get 403.
  { route: 'GET /api/staff/catalogue/options', case: 'brands, categories and business types', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/catalogue/options') },
  { route: 'GET /api/staff/catalogue/products', case: 'find products by SKU or name', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/catalogue/products?search=rice') },
  { route: 'GET /api/staff/catalogue/products/:id', case: 'one product as staff edit it', expect: staffOnly({ staffCatalogue: 200 }), request: (w) => get(`/api/staff/catalogue/products/${w.productIds[0]}`)() },
  {
    route: 'PATCH /api/staff/catalogue/products/:id',
    case: 'edit a product that does not exist (nothing changes, 404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'PATCH', url: '/api/staff/catalogue/products/999999', payload: { stock: 5 } }),
  },
  {
    route: 'POST /api/staff/catalogue/imports/preview',
    case: 'preview a stock file (changes nothing)',
    expect: staffOnly({ staffCatalogue: 200 }),
    request: () => ({ method: 'POST', url: '/api/staff/catalogue/imports/preview', payload: { file_name: 'stock.csv', csv: 'sku,stock\nNO-SUCH-SKU,5\n' } }),
  },
  {
    route: 'POST /api/staff/catalogue/imports',
    case: "apply a file with another preview's fingerprint (nothing changes, 409)",
    expect: staffOnly({ staffCatalogue: 409 }),
    request: () => ({ method: 'POST', url: '/api/staff/catalogue/imports', payload: { file_name: 'stock.csv', csv: 'sku,stock\n', fingerprint: '0'.repeat(64) } }),
  },
  { route: 'GET /api/staff/catalogue/imports', case: 'the last imports and undos', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/catalogue/imports') },
  {
    route: 'POST /api/staff/catalogue/imports/:id/undo',
    case: 'undo an import that does not exist (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/catalogue/imports/999999/undo' }),
  },
  { route: 'GET /api/staff/catalogue/export.csv', case: 'the catalogue as CSV', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/catalogue/export.csv?kind=stock') },
  { route: 'GET /api/staff/catalogue/categories', case: 'the category tree', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/catalogue/categories') },
  {
    route: 'POST /api/staff/catalogue/categories',
    case: 'add a category under one that does not exist (nothing changes, 400)',
    expect: staffOnly({ staffCatalogue: 400 }),
    request: () => ({ method: 'POST', url: '/api/staff/catalogue/categories', payload: { name: 'Matrix Category', parent_id: 999999 } }),
  },
  {
    route: 'PATCH /api/staff/catalogue/categories/:id',
    case: 'rename a category that does not exist (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'PATCH', url: '/api/staff/catalogue/categories/999999', payload: { name: 'Matrix Category' } }),
  },
  {
    route: 'POST /api/staff/catalogue/categories/:id/move',
    case: 'move a category that does not exist (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/catalogue/categories/999999/move', payload: { direction: 'up' } }),
  },
  { route: 'GET /api/staff/catalogue/brands', case: 'every brand', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/catalogue/brands') },
  {
    route: 'POST /api/staff/catalogue/brands',
    case: 'add a brand whose name exists (nothing changes, 409)',
    expect: staffOnly({ staffCatalogue: 409 }),
    request: async (w) => {
      const [b] = await w.t.database.db.select({ name: brands.name }).from(brands).limit(1);
      return { method: 'POST', url: '/api/staff/catalogue/brands', payload: { name: b?.name ?? 'x' } };
    },
  },
  {
    route: 'PATCH /api/staff/catalogue/brands/:id',
    case: 'rename a brand that does not exist (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'PATCH', url: '/api/staff/catalogue/brands/999999', payload: { name: 'Matrix Brand' } }),
  },
  {
    route: 'POST /api/staff/catalogue/brands/:id/merge',
    case: 'merge a brand that does not exist (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/catalogue/brands/999999/merge', payload: { into_id: 1 } }),
  },
  {
    route: 'POST /api/staff/catalogue/products/:id/image',
    case: 'a photo for a product that does not exist (nothing stored, 404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/catalogue/products/999999/image', headers: { 'content-type': 'image/png' }, payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]) }),
  },
  { route: 'GET /api/staff/dashboard', case: "the home page's figures (each as the roles allow)", expect: staffOnly(200), request: get('/api/staff/dashboard') },
  // Issue 19, prices: Catalogue sets them; the Order desk and Finance read them and run the price check; Admin gets 403.
  { route: 'GET /api/staff/prices', case: 'customer prices', expect: staffOnly({ staffDesk: 200, staffFinance: 200, staffCatalogue: 200 }), request: get('/api/staff/prices?kind=customer') },
  {
    route: 'POST /api/staff/prices',
    case: 'add a city price (unknown product: 400)',
    expect: staffOnly({ staffCatalogue: 400 }),
    request: () => ({ method: 'POST', url: '/api/staff/prices', payload: { kind: 'city', city: 'Lahore', product_id: 999_999, price: '100' } }),
  },
  {
    route: 'POST /api/staff/prices/:kind/:id/end',
    case: 'end a price (unknown: 404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/prices/customer/999999/end', payload: {} }),
  },
  {
    route: 'POST /api/staff/prices/check',
    case: "what the Owner's cart is charged for a product",
    expect: staffOnly({ staffDesk: 200, staffFinance: 200, staffCatalogue: 200 }),
    request: (w) => ({ method: 'POST', url: '/api/staff/prices/check', payload: { business_id: w.users.owner.businessId, product_id: w.productIds[0], quantity: 3 } }),
  },
  { route: 'GET /api/staff/prices/businesses', case: 'find a business for a price', expect: staffOnly({ staffDesk: 200, staffFinance: 200, staffCatalogue: 200 }), request: get('/api/staff/prices/businesses?search=Demo') },
  // Issue 19, feedback inbox: the Order desk only.
  { route: 'GET /api/staff/feedback', case: 'the inbox', expect: staffOnly({ staffDesk: 200 }), request: get('/api/staff/feedback') },
  { route: 'GET /api/staff/feedback/assignees', case: 'who may be given feedback', expect: staffOnly({ staffDesk: 200 }), request: get('/api/staff/feedback/assignees') },
  { route: 'GET /api/staff/feedback/:id', case: 'a message (unknown: 404)', expect: staffOnly({ staffDesk: 404 }), request: get('/api/staff/feedback/999999') },
  { route: 'PATCH /api/staff/feedback/:id', case: 'set the status (unknown: 404)', expect: staffOnly({ staffDesk: 404 }), request: () => ({ method: 'PATCH', url: '/api/staff/feedback/999999', payload: { status: 'done' } }) },
  { route: 'POST /api/staff/feedback/:id/notes', case: 'add a note (unknown: 404)', expect: staffOnly({ staffDesk: 404 }), request: () => ({ method: 'POST', url: '/api/staff/feedback/999999/notes', payload: { body: 'x' } }) },
  { route: 'POST /api/staff/feedback/:id/reply', case: 'reply by mail (unknown: 404)', expect: staffOnly({ staffDesk: 404 }), request: () => ({ method: 'POST', url: '/api/staff/feedback/999999/reply', payload: { body: 'x' } }) },
  // Issue 19, content: Catalogue only.
  { route: 'GET /api/staff/content/banners', case: 'every banner', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/content/banners') },
  {
    route: 'POST /api/staff/content/banners',
    case: 'add a banner of an unknown category (400)',
    expect: staffOnly({ staffCatalogue: 400 }),
    request: () => ({ method: 'POST', url: '/api/staff/content/banners', payload: { name: 'Category_Banners', category_id: 999_999, title: 'x', image: '/storage/art/desktop/x.svg', is_mobile: false, sort_order: 0 } }),
  },
  {
    route: 'PUT /api/staff/content/banners/:id',
    case: 'change an unknown banner (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'PUT', url: '/api/staff/content/banners/999999', payload: { name: 'Bmpl_Banners', title: 'x', image: '/storage/art/desktop/x.svg', is_mobile: false, sort_order: 0 } }),
  },
  { route: 'GET /api/staff/content/ticker', case: 'every ticker message', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/content/ticker') },
  {
    route: 'POST /api/staff/content/ticker',
    case: 'add a ticker message for an unknown city (400)',
    expect: staffOnly(400),
    request: () => ({ method: 'POST', url: '/api/staff/content/ticker', payload: { text: 'x', city: 'Paris', sort_order: 0 } }),
  },
  {
    route: 'PUT /api/staff/content/ticker/:id',
    case: 'change an unknown ticker message (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'PUT', url: '/api/staff/content/ticker/999999', payload: { text: 'x', sort_order: 0 } }),
  },
  { route: 'POST /api/staff/content/ticker/:id/end', case: 'end an unknown ticker message (404)', expect: staffOnly({ staffCatalogue: 404 }), request: () => ({ method: 'POST', url: '/api/staff/content/ticker/999999/end' }) },
  { route: 'GET /api/staff/content/pages', case: 'the information pages', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/content/pages') },
  {
    route: 'PUT /api/staff/content/pages/:slug',
    case: 'save a page over a newer version (409)',
    expect: staffOnly({ staffCatalogue: 409 }),
    request: () => ({ method: 'PUT', url: '/api/staff/content/pages/faqs', payload: { title: 'FAQs', body: 'x', version: 999 } }),
  },
  {
    route: 'PUT /api/staff/content/help-number',
    case: 'a help number that is no phone number (400 for all: checked first)',
    expect: staffOnly(400),
    request: () => ({ method: 'PUT', url: '/api/staff/content/help-number', payload: { help_no: 'x' } }),
  },
  { route: 'GET /api/staff/prices/products', case: 'find a product for a price', expect: staffOnly({ staffDesk: 200, staffFinance: 200, staffCatalogue: 200 }), request: get('/api/staff/prices/products?search=rice') },
];
