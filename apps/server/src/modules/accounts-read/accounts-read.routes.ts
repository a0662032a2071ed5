import { BusinessSchema, BusinessUserSchema, InvoiceSchema, ReadOrdersQuerySchema } from '@shop/domain/orders';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireRegistered } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/http-error.ts';
import { listInvoices } from '../orders/invoices-read.service.ts';
import { type Reader, readBusiness, readBusinessUser } from './accounts-read.service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const security = [{ bearer: [] }];

function reader(request: FastifyRequest): Reader {
  const auth = requireRegistered(request, 'Please sign in to see your account.');
  return { userId: auth.userId, businessId: auth.businessId, type: auth.type };
}

/** SPEC 7's reads of the business credit, the user's address and invoices, scoped to the caller's business. */
export async function accountsReadRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/read/Businesses/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: "The caller's business with its credit terms (payment_mode...); 404 for other businesses",
        security,
        params: IdParams,
        response: { 200: z.object({ data: BusinessSchema }) },
      },
    },
    async (request) => ({ data: await readBusiness(deps.db, reader(request), request.params.id) }),
  );

  r.get(
    '/api/read/Business_Users/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: "A user of the caller's business (address for checkout); 404 for users of other businesses",
        security,
        params: IdParams,
        response: { 200: z.object({ data: BusinessUserSchema }) },
      },
    },
    async (request) => ({ data: await readBusinessUser(deps.db, reader(request), request.params.id) }),
  );

  r.get(
    '/api/read/Invoices',
    {
      schema: {
        tags: ['accounts'],
        summary: "Invoices: the business's for an Approver, the caller's own for others",
        security,
        querystring: ReadOrdersQuerySchema.omit({ status: true }),
        response: { 200: z.object({ data: z.array(InvoiceSchema) }) },
      },
    },
    async (request) => {
      const who = reader(request);
      const { filter, filterValue, offset, limit } = request.query;
      if (filterValue) {
        const own = filter === 'business_id' ? String(who.businessId) : String(who.userId);
        if (filterValue !== own) throw notFound('Invoice not found');
      }
      return { data: await listInvoices(deps.db, who, { offset, limit }) };
    },
  );
}
