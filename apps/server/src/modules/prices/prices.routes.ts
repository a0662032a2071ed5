import {
  AddPriceInputSchema,
  EndPriceInputSchema,
  PickerOptionSchema,
  PickerQuerySchema,
  PRICE_KINDS,
  PriceCheckInputSchema,
  PriceCheckSchema,
  PriceListQuerySchema,
  StaffPriceSchema,
} from '@shop/domain/prices';
import type { StaffCapability } from '@shop/domain/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app-deps.ts';
import { requireStaff } from '../staff-auth/staff-auth.guard.ts';
import { addPrice, checkPrice, endPrice, followPriceBoundaries, listPrices, pickBusinesses, pickProducts, type PriceActor } from './prices.service.ts';

const Id = z.coerce.number().int().positive().max(2_147_483_647);
const tags = ['staff: prices'];
const ok = <T extends z.ZodType>(data: T) => ({ 200: z.object({ data }) });

function actor(request: FastifyRequest, capability: StaffCapability): PriceActor {
  const staff = requireStaff(request, capability);
  return { staffId: staff.staffId, ip: request.ip };
}

/** Issue 19: customer, city and quantity prices with their periods, and the price check (role Catalogue writes). */
export async function pricesRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get('', { schema: { tags, summary: 'Prices of one kind (customer, city, quantity), newest first', querystring: PriceListQuerySchema, response: ok(z.array(StaffPriceSchema)) } }, async (request) => {
    actor(request, 'prices.read');
    return { data: await listPrices(db, request.query) };
  });

  r.post('', { schema: { tags, summary: 'Add a price; the one in effect for the same case ends where it starts (audited)', body: AddPriceInputSchema, response: ok(StaffPriceSchema) } }, async (request) => ({
    data: await addPrice(db, actor(request, 'prices.write'), request.body),
  }));

  r.post(
    '/:kind/:id/end',
    { schema: { tags, summary: 'End a price now or at a given time (a scheduled one is withdrawn); audited', params: z.object({ kind: z.enum(PRICE_KINDS), id: Id }), body: EndPriceInputSchema, response: ok(StaffPriceSchema) } },
    async (request) => ({ data: await endPrice(db, actor(request, 'prices.write'), request.params.kind, request.params.id, request.body.ends_at) }),
  );

  r.post('/check', { schema: { tags, summary: 'The price the cart charges for a business, product, quantity and city, and the rule that produced it', body: PriceCheckInputSchema, response: ok(PriceCheckSchema) } }, async (request) => {
    actor(request, 'prices.read');
    return { data: await checkPrice(db, request.body) };
  });

  r.get('/businesses', { schema: { tags, summary: 'Businesses by name, for the price screens', querystring: PickerQuerySchema, response: ok(z.array(PickerOptionSchema)) } }, async (request) => {
    actor(request, 'prices.read');
    return { data: await pickBusinesses(db, request.query.search) };
  });

  r.get('/products', { schema: { tags, summary: 'Products by name or SKU, for the price screens', querystring: PickerQuerySchema, response: ok(z.array(PickerOptionSchema)) } }, async (request) => {
    actor(request, 'prices.read');
    return { data: await pickProducts(db, request.query.search) };
  });

  // A running server raises the locked prices' counter when a scheduled start or end passes.
  if (deps.catalogueReads.followMs > 0) {
    const stop = followPriceBoundaries(db, deps.catalogueReads.followMs);
    app.addHook('onClose', async () => stop());
  }
}
