import { eq } from 'drizzle-orm';
import { uploads } from '../../src/db/schema/business.ts';
import type { Row } from './row.ts';
import { get, staffOnly } from './staff-rows.ts';

/** Payments, ledgers and verifying businesses (issue 18). */
export const STAFF_FINANCE_ROWS: Row[] = [
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
    request: () => ({ method: 'POST', url: '/api/staff/finance/businesses/999999/hold-release', payload: { days: 3, amount: '5000', reason: 'Promised payment' } }),
  },
  {
    route: 'POST /api/staff/finance/businesses/:id/hold-release/end',
    case: 'end a running release of a credit hold (of an unknown business: 404)',
    expect: staffOnly({ staffFinance: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/finance/businesses/999999/hold-release/end', payload: { reason: 'Cheque bounced' } }),
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
];
