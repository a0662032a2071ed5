// Finance's door to the staff API (issue 18): same-origin session cookie, CSRF token on writes.
import type { AgingSummary, CreditNoteInput, FinanceAccount, FinanceBusinessRow, HoldReleaseInput, Receipt, RecordReceiptInput, Statement } from '@shop/domain/finance';
import { staffApi, staffUrl } from '../staff-api.ts';

export const STAFF_BASE = '/staff';
export const financePaths = {
  businesses: `${STAFF_BASE}/finance/ledgers`,
  aging: `${STAFF_BASE}/finance/aging`,
  business: (id: number) => `${STAFF_BASE}/finance/ledgers/${id}`,
  receipt: (id: number) => `${STAFF_BASE}/finance/receipts/${id}`,
  statementPrint: (id: number, from: string, to: string) => `${STAFF_BASE}/finance/ledgers/${id}/statement?from=${from}&to=${to}`,
};

export const financeApi = {
  businesses: (search: string) => staffApi<FinanceBusinessRow[]>(staffUrl('/api/staff/finance/businesses', { search })),
  account: (id: number) => staffApi<FinanceAccount>(`/api/staff/finance/businesses/${id}`),
  statement: (id: number, from: string, to: string, after?: number, limit?: number) => staffApi<Statement>(staffUrl(`/api/staff/finance/businesses/${id}/statement`, { from, to, after, limit })),
  statementCsvUrl: (id: number, from: string, to: string) => staffUrl(`/api/staff/finance/businesses/${id}/statement.csv`, { from, to }),
  recordReceipt: (id: number, input: RecordReceiptInput) => staffApi<Receipt>(`/api/staff/finance/businesses/${id}/receipts`, { body: input }),
  creditNote: (id: number, input: CreditNoteInput) => staffApi<{ id: number }>(`/api/staff/finance/businesses/${id}/credit-notes`, { body: input }),
  releaseHold: (id: number, input: HoldReleaseInput) => staffApi<FinanceAccount>(`/api/staff/finance/businesses/${id}/hold-release`, { body: input }),
  endHoldRelease: (id: number, reason: string) => staffApi<FinanceAccount>(`/api/staff/finance/businesses/${id}/hold-release/end`, { body: { reason } }),
  receipt: (id: number) => staffApi<Receipt>(`/api/staff/finance/receipts/${id}`),
  reverseReceipt: (id: number, reason: string) => staffApi<Receipt>(`/api/staff/finance/receipts/${id}/reverse`, { body: { reason } }),
  bounceCheque: (id: number, reason: string) => staffApi<Receipt>(`/api/staff/finance/receipts/${id}/bounce`, { body: { reason } }),
  clearCheque: (id: number) => staffApi<Receipt>(`/api/staff/finance/receipts/${id}/clear`, { method: 'POST' }),
  reverseCreditNote: (id: number, reason: string) => staffApi<{ id: number }>(`/api/staff/finance/credit-notes/${id}/reverse`, { body: { reason } }),
  aging: (sort: string, dir: string) => staffApi<AgingSummary>(staffUrl('/api/staff/finance/aging', { sort, dir })),
  agingCsvUrl: (sort: string, dir: string) => staffUrl('/api/staff/finance/aging.csv', { sort, dir }),
};

/** A fresh idempotency key per form: a double click or a retry of the same form posts once. */
export const newFormKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replaceAll('.', '');
