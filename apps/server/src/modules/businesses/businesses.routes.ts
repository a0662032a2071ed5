import {
  ApproveBusinessInputSchema,
  BusinessQueuePageSchema,
  BusinessQueueQuerySchema,
  BuyerVerificationSchema,
  RejectBusinessInputSchema,
  RequestDocumentsInputSchema,
  StaffBusinessSchema,
  UpdateBusinessInputSchema,
} from '@shop/domain/businesses';
import type { StaffCapability } from '@shop/domain/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireRegistered } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/http-error.ts';
import { requireStaff } from '../staff-auth/staff-auth.guard.ts';
import { readDocument } from '../uploads/uploads.service.ts';
import { approveBusiness, rejectBusiness, requestDocuments, updateBusiness } from './business-decisions.service.ts';
import { businessQueue, buyerVerification, readStaffBusiness, type StaffActor } from './businesses.service.ts';

const Id = z.coerce.number().int().positive().max(2_147_483_647);
const IdParams = z.object({ id: Id });
const tags = ['staff: businesses'];
const ok = <T extends z.ZodType>(data: T) => ({ 200: z.object({ data }) });

function actor(request: FastifyRequest, capability: StaffCapability): StaffActor {
  const staff = requireStaff(request, capability);
  return { staffId: staff.staffId, ip: request.ip };
}

/** Issue 18: verifying businesses and their terms (Finance decides; the Order desk reads). */
export async function businessesRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/staff/businesses',
    { schema: { tags, summary: 'Registrations waiting for verification (or in one state), oldest first, keyset-paged', querystring: BusinessQueueQuerySchema, response: ok(BusinessQueuePageSchema) } },
    async (request) => {
      actor(request, 'businesses.read');
      return { data: await businessQueue(db, request.query) };
    },
  );

  r.get('/api/staff/businesses/:id', { schema: { tags, summary: 'A business with its users, terms, documents and duplicate flags', params: IdParams, response: ok(StaffBusinessSchema) } }, async (request) => {
    actor(request, 'businesses.read');
    return { data: await readStaffBusiness(db, request.params.id) };
  });

  r.get(
    '/api/staff/businesses/:id/documents/:documentId',
    { schema: { tags, summary: "One of the business's documents, streamed to staff only (never a public URL)", params: z.object({ id: Id, documentId: Id }) } },
    async (request, reply) => {
      actor(request, 'businesses.read');
      const doc = await readDocument(db, deps.files ?? deps.config.DATA_DIR, request.params.documentId, request.params.id);
      if (!doc) throw notFound('Document not found');
      // The type comes from the bytes checked at upload; nosniff and a closed CSP keep it an image.
      return reply
        .header('content-type', doc.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('content-disposition', `inline; filename="${doc.kind}"`)
        .header('cache-control', 'private, no-store')
        .send(doc.bytes);
    },
  );

  r.post(
    '/api/staff/businesses/:id/approve',
    { schema: { tags, summary: 'Approve the business with its terms (409 when it changed meanwhile)', params: IdParams, body: ApproveBusinessInputSchema, response: ok(StaffBusinessSchema) } },
    async (request) => {
      await approveBusiness(db, actor(request, 'businesses.write'), request.params.id, request.body);
      return { data: await readStaffBusiness(db, request.params.id) };
    },
  );

  r.post(
    '/api/staff/businesses/:id/reject',
    { schema: { tags, summary: 'Reject the business with a reason the buyer reads', params: IdParams, body: RejectBusinessInputSchema, response: ok(StaffBusinessSchema) } },
    async (request) => {
      await rejectBusiness(db, actor(request, 'businesses.write'), request.params.id, request.body);
      return { data: await readStaffBusiness(db, request.params.id) };
    },
  );

  r.post(
    '/api/staff/businesses/:id/request-documents',
    { schema: { tags, summary: 'Ask the buyer to send named documents again', params: IdParams, body: RequestDocumentsInputSchema, response: ok(StaffBusinessSchema) } },
    async (request) => {
      await requestDocuments(db, actor(request, 'businesses.write'), request.params.id, request.body);
      return { data: await readStaffBusiness(db, request.params.id) };
    },
  );

  r.patch(
    '/api/staff/businesses/:id',
    { schema: { tags, summary: "Change terms, status, notes, CNIC/NTN, city and area, Orderers' limits", params: IdParams, body: UpdateBusinessInputSchema, response: ok(StaffBusinessSchema) } },
    async (request) => {
      await updateBusiness(db, actor(request, 'businesses.write'), request.params.id, request.body);
      return { data: await readStaffBusiness(db, request.params.id) };
    },
  );

  // The buyer's side (SPEC 2 Account Information): which documents staff asked for again.
  r.get(
    '/api/account/verification',
    {
      schema: {
        tags: ['account'],
        summary: "Verification of the caller's business: documents asked for again, the note, status",
        security: [{ bearer: [] }],
        response: ok(BuyerVerificationSchema),
      },
    },
    async (request) => {
      const auth = requireRegistered(request);
      return { data: await buyerVerification(db, auth.businessId) };
    },
  );
}
