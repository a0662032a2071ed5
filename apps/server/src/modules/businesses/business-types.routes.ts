import {
  BusinessTypeInputSchema,
  BusinessTypeProductsInputSchema,
  BusinessTypeProductsResultSchema,
  BusinessTypeProductsSchema,
  StaffBusinessTypeSchema,
} from '@shop/domain/business-types';
import type { StaffCapability } from '@shop/domain/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { localFileStore } from '../../lib/file-store.ts';
import { requireStaff } from '../staff-auth/staff-auth.guard.ts';
import { uploadsDir } from '../uploads/uploads.service.ts';
import {
  addBusinessType,
  changeBusinessType,
  changeBusinessTypeProducts,
  deleteBusinessType,
  listBusinessTypeProducts,
  listStaffBusinessTypes,
} from './business-types.service.ts';
import type { StaffActor } from './businesses.service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const tags = ['staff: catalogue'];
const ok = <T extends z.ZodType>(data: T) => ({ 200: z.object({ data }) });

function actor(request: FastifyRequest, capability: StaffCapability): StaffActor {
  const staff = requireStaff(request, capability);
  return { staffId: staff.staffId, ip: request.ip };
}

/** Issue 35: the business types and the products each is offered to (role Catalogue); every write audited. */
export async function businessTypesRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const files = deps.files ?? localFileStore(uploadsDir(deps.config.DATA_DIR));
  const list = ok(z.array(StaffBusinessTypeSchema));

  r.get('/api/staff/business-types', { schema: { tags, summary: 'Every business type in tree order (inactive ones too), with what uses each', response: list } }, async (request) => {
    actor(request, 'catalogue.read');
    return { data: await listStaffBusinessTypes(db) };
  });
  r.post('/api/staff/business-types', { schema: { tags, summary: 'Add a business type (audited)', body: BusinessTypeInputSchema, response: ok(StaffBusinessTypeSchema) } }, async (request) => ({
    data: await addBusinessType(db, files, actor(request, 'catalogue.write'), request.body),
  }));
  r.put(
    '/api/staff/business-types/:id',
    { schema: { tags, summary: 'Change a business type: name, picture, order, parent, active (audited)', params: IdParams, body: BusinessTypeInputSchema, response: ok(StaffBusinessTypeSchema) } },
    async (request) => ({ data: await changeBusinessType(db, files, actor(request, 'catalogue.write'), request.params.id, request.body) }),
  );
  r.delete(
    '/api/staff/business-types/:id',
    { schema: { tags, summary: 'Delete a business type nothing uses (409 naming what uses it: make it inactive instead); audited', params: IdParams, response: list } },
    async (request) => {
      await deleteBusinessType(db, actor(request, 'catalogue.write'), request.params.id);
      return { data: await listStaffBusinessTypes(db) };
    },
  );
  r.get(
    '/api/staff/business-types/:id/products',
    { schema: { tags, summary: 'The products a business type is offered to (the first 200 by name) and how many', params: IdParams, response: ok(BusinessTypeProductsSchema) } },
    async (request) => {
      actor(request, 'catalogue.read');
      return { data: await listBusinessTypeProducts(db, request.params.id) };
    },
  );
  r.post(
    '/api/staff/business-types/:id/products',
    {
      schema: {
        tags,
        summary: "Offer a category's products (or picked products) to a leaf business type, or take them away; audited, on the storefront within 2 s",
        params: IdParams,
        body: BusinessTypeProductsInputSchema,
        response: ok(BusinessTypeProductsResultSchema),
      },
    },
    async (request) => {
      const changed = await changeBusinessTypeProducts(db, actor(request, 'catalogue.write'), request.params.id, request.body);
      const { total } = await listBusinessTypeProducts(db, request.params.id);
      return { data: { changed, total } };
    },
  );
}
