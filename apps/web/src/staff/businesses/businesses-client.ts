// The businesses screens' door to the staff API (issue 18): same-origin cookie session and CSRF token.
import type { BusinessQueuePage, StaffBusiness, Terms, UpdateBusinessInput } from '@shop/domain/businesses';
import type { DocumentKind } from '@shop/domain/account-rules';
import { staffApi, staffUrl } from '../staff-api.ts';

export type QueueState = 'waiting' | 'documents_requested' | 'approved' | 'rejected';

export const businessesApi = {
  queue: (state: QueueState, after?: string) => staffApi<BusinessQueuePage>(staffUrl('/api/staff/businesses', { state, after })),
  business: (id: number) => staffApi<StaffBusiness>(`/api/staff/businesses/${id}`),
  approve: (id: number, version: number, terms: Terms) => staffApi<StaffBusiness>(`/api/staff/businesses/${id}/approve`, { body: { version, terms } }),
  reject: (id: number, version: number, reason: string) => staffApi<StaffBusiness>(`/api/staff/businesses/${id}/reject`, { body: { version, reason } }),
  requestDocuments: (id: number, version: number, kinds: DocumentKind[], note: string) =>
    staffApi<StaffBusiness>(`/api/staff/businesses/${id}/request-documents`, { body: { version, kinds, note } }),
  update: (id: number, input: UpdateBusinessInput) => staffApi<StaffBusiness>(`/api/staff/businesses/${id}`, { method: 'PATCH', body: input }),
  /** A document's address: a staff-only route answered with the session cookie, never a public URL. */
  documentUrl: (id: number, documentId: number) => `/api/staff/businesses/${id}/documents/${documentId}`,
};

export const businessPaths = {
  queue: '/staff/businesses',
  business: (id: number) => `/staff/businesses/${id}`,
};
