import {
  AreaCsvApplyInputSchema,
  AreaCsvInputSchema,
  AreaCsvPreviewSchema,
  AreaCsvResultSchema,
  AreaInputSchema,
  CityInputSchema,
  PublicCitiesSchema,
  StaffAreaSchema,
  StaffCitySchema,
} from '@shop/domain/places';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app-deps.ts';
import type { StaffActor } from '../businesses/businesses.service.ts';
import { requireStaff } from '../staff-auth/staff-auth.guard.ts';
import { applyAreasCsv, exportAreasCsv, previewAreasCsv } from './areas-csv.service.ts';
import {
  addArea,
  addCity,
  changeArea,
  changeCity,
  deleteArea,
  deleteCity,
  listStaffAreas,
  listStaffCities,
  publicCities,
  requireCity,
} from './places.service.ts';

const Id = z.coerce.number().int().positive().max(2_147_483_647);
const CityParams = z.object({ id: Id });
const AreaParams = z.object({ id: Id, areaId: Id });
const tags = ['staff: places'];
const ok = <T extends z.ZodType>(data: T) => ({ 200: z.object({ data }) });
const CSV_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * Cities and areas are the shop's setup: who may register where, and which store serves them. They
 * belong to the Admin (settings.write), who sets the shop up on day one, not to a clerk of one trade.
 */
function admin(request: FastifyRequest): StaffActor {
  const staff = requireStaff(request, 'settings.write');
  return { staffId: staff.staffId, ip: request.ip };
}

/** Issue 35: the cities (public list; staff screens) and their areas, with the areas' CSV import and export. */
export async function placesRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const cityList = ok(z.array(StaffCitySchema));

  r.get('/api/cities', { schema: { tags: ['places'], summary: 'The active cities with their delivery days and cut-off time, and the default city', response: ok(PublicCitiesSchema) } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { data: await publicCities(db) };
  });

  r.get('/api/staff/cities', { schema: { tags, summary: 'Every city (inactive ones too) with its areas and businesses counted', response: cityList } }, async (request) => {
    admin(request);
    return { data: await listStaffCities(db) };
  });
  r.post('/api/staff/cities', { schema: { tags, summary: 'Add a city (audited)', body: CityInputSchema, response: ok(StaffCitySchema) } }, async (request) => ({
    data: await addCity(db, admin(request), request.body),
  }));
  r.put(
    '/api/staff/cities/:id',
    { schema: { tags, summary: 'Change a city: name, active, delivery days, cut-off time (audited)', params: CityParams, body: CityInputSchema, response: ok(StaffCitySchema) } },
    async (request) => ({ data: await changeCity(db, admin(request), request.params.id, request.body) }),
  );
  r.delete(
    '/api/staff/cities/:id',
    { schema: { tags, summary: 'Delete a city nothing uses (409 naming what uses it: make it inactive instead); audited', params: CityParams, response: cityList } },
    async (request) => {
      await deleteCity(db, admin(request), request.params.id);
      return { data: await listStaffCities(db) };
    },
  );

  r.get('/api/staff/cities/:id/areas', { schema: { tags, summary: "A city's areas (inactive ones too), each with its businesses counted", params: CityParams, response: ok(z.array(StaffAreaSchema)) } }, async (request) => {
    admin(request);
    await requireCity(db, request.params.id);
    return { data: await listStaffAreas(db, request.params.id) };
  });
  r.post('/api/staff/cities/:id/areas', { schema: { tags, summary: 'Add an area to a city (audited)', params: CityParams, body: AreaInputSchema, response: ok(StaffAreaSchema) } }, async (request) => ({
    data: await addArea(db, admin(request), request.params.id, request.body),
  }));
  r.put(
    '/api/staff/cities/:id/areas/:areaId',
    { schema: { tags, summary: "Change an area: name, store, active (audited)", params: AreaParams, body: AreaInputSchema, response: ok(StaffAreaSchema) } },
    async (request) => ({ data: await changeArea(db, admin(request), request.params.id, request.params.areaId, request.body) }),
  );
  r.delete(
    '/api/staff/cities/:id/areas/:areaId',
    { schema: { tags, summary: 'Delete an area no business names (409 otherwise: make it inactive instead); audited', params: AreaParams, response: ok(z.array(StaffAreaSchema)) } },
    async (request) => {
      await deleteArea(db, admin(request), request.params.id, request.params.areaId);
      return { data: await listStaffAreas(db, request.params.id) };
    },
  );

  r.post(
    '/api/staff/areas/imports/preview',
    { bodyLimit: CSV_BODY_LIMIT, schema: { tags, summary: "What an areas' CSV file would change (new, changed, unchanged, errors by line); changes nothing", body: AreaCsvInputSchema, response: ok(AreaCsvPreviewSchema) } },
    async (request) => {
      admin(request);
      return { data: await previewAreasCsv(db, request.body.csv) };
    },
  );
  r.post(
    '/api/staff/areas/imports',
    { bodyLimit: CSV_BODY_LIMIT, schema: { tags, summary: "Apply a previewed areas' CSV file in one audited transaction (409 when it would no longer do what its preview showed)", body: AreaCsvApplyInputSchema, response: ok(AreaCsvResultSchema) } },
    async (request) => ({ data: await applyAreasCsv(db, admin(request), request.body) }),
  );
  r.get(
    '/api/staff/areas/export.csv',
    { schema: { tags, summary: "Every area (or one city's) as CSV, in the columns the import reads", querystring: z.object({ city_id: Id.optional() }) } },
    async (request, reply) => {
      admin(request);
      if (request.query.city_id !== undefined) await requireCity(db, request.query.city_id);
      const csv = await exportAreasCsv(db, request.query.city_id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="areas${request.query.city_id ? `-${request.query.city_id}` : ''}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
