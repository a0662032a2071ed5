import {
  AddNoteInputSchema,
  BULK_MAX,
  BulkMoveInputSchema,
  BulkMoveResultSchema,
  ChangeLineInputSchema,
  CreateRunInputSchema,
  DeskOrderSchema,
  MoveOrderInputSchema,
  PickingListSchema,
  QueueFiltersSchema,
  QueuePageSchema,
  QueueQuerySchema,
  RunSchema,
  SavedViewInputSchema,
  SavedViewSchema,
  StatusCountsSchema,
} from '@shop/domain/order-desk';
import { AnswerChangeRequestInputSchema } from '@shop/domain/policy-facts';
import type { StaffCapability } from '@shop/domain/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireStaff } from '../staff-auth/staff-auth.guard.ts';
import { answerChangeRequest } from './change-requests.service.ts';
import { readDeskOrder, readDeskOrders } from './desk-order.service.ts';
import { createRun, listRuns, pickingList, readRun, shipRun } from './delivery-runs.service.ts';
import { addNote, changeLine, moveOrder, moveOrders, type StaffActor } from './order-moves.service.ts';
import { queuePage, statusCounts } from './queue.service.ts';
import { deleteView, listViews, saveView } from './saved-views.service.ts';

const Id = z.coerce.number().int().positive().max(2_147_483_647);
const IdParams = z.object({ id: Id });
/** ?ids=1,2,3 (at most BULK_MAX). */
const IdsQuery = z.object({
  ids: z
    .string()
    .max(BULK_MAX * 11)
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'must be order ids separated by commas')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.length <= BULK_MAX && ids.every((id) => id > 0 && id <= 2_147_483_647), `must name 1 to ${BULK_MAX} orders`),
});
const tags = ['staff: order desk'];
const ok = <T extends z.ZodType>(data: T) => ({ 200: z.object({ data }) });

function actor(request: FastifyRequest, capability: StaffCapability): StaffActor {
  const staff = requireStaff(request, capability);
  return { staffId: staff.staffId, name: staff.name, ip: request.ip };
}

/** Issue 16: the order desk (role Order desk; Finance reads). */
export async function orderDeskRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, mailer } = deps;

  r.get('/api/staff/orders', { schema: { tags, summary: 'The order queue, newest first, filtered, keyset-paged', querystring: QueueQuerySchema, response: ok(QueuePageSchema) } }, async (request) => {
    actor(request, 'orders.read');
    return { data: await queuePage(db, request.query) };
  });

  r.get('/api/staff/orders/counts', { schema: { tags, summary: 'Orders per status under the same filters (each count capped)', querystring: QueueFiltersSchema, response: ok(StatusCountsSchema) } }, async (request) => {
    actor(request, 'orders.read');
    return { data: await statusCounts(db, request.query) };
  });

  r.get('/api/staff/orders/picking-list', { schema: { tags, summary: 'Lines of the chosen orders summed per product', querystring: IdsQuery, response: ok(PickingListSchema) } }, async (request) => {
    actor(request, 'orders.read');
    return { data: await pickingList(db, request.query.ids) };
  });

  r.get('/api/staff/orders/slips', { schema: { tags, summary: 'The chosen orders in full, for delivery slips', querystring: IdsQuery, response: ok(z.array(DeskOrderSchema)) } }, async (request) => {
    actor(request, 'orders.read');
    return { data: await readDeskOrders(db, request.query.ids) };
  });

  r.post('/api/staff/orders/bulk/status', { schema: { tags, summary: 'Move many orders to one status; each is moved or named with its reason', body: BulkMoveInputSchema, response: ok(BulkMoveResultSchema) } }, async (request) => {
    const who = actor(request, 'orders.write');
    return { data: await moveOrders(db, mailer, who, request.body.ids, request.body.to) };
  });

  r.get('/api/staff/orders/:id', { schema: { tags, summary: 'One order with its business, orderer, history and notes', params: IdParams, response: ok(DeskOrderSchema) } }, async (request) => {
    actor(request, 'orders.read');
    return { data: await readDeskOrder(db, request.params.id) };
  });

  r.post('/api/staff/orders/:id/status', { schema: { tags, summary: 'Move an order one step of the state machine (409 when it moved meanwhile)', params: IdParams, body: MoveOrderInputSchema, response: ok(DeskOrderSchema) } }, async (request) => {
    const who = actor(request, 'orders.write');
    await moveOrder(db, mailer, who, request.params.id, request.body);
    return { data: await readDeskOrder(db, request.params.id) };
  });

  r.post(
    '/api/staff/orders/:id/lines/:lineId',
    { schema: { tags, summary: 'Lower a line (0 removes it) with a reason, before delivery', params: z.object({ id: Id, lineId: Id }), body: ChangeLineInputSchema, response: ok(DeskOrderSchema) } },
    async (request) => {
      const who = actor(request, 'orders.write');
      await changeLine(db, mailer, who, request.params.id, request.params.lineId, request.body);
      return { data: await readDeskOrder(db, request.params.id) };
    },
  );

  r.post('/api/staff/orders/:id/notes', { schema: { tags, summary: 'Add a staff note (never shown to the buyer)', params: IdParams, body: AddNoteInputSchema, response: ok(DeskOrderSchema) } }, async (request) => {
    const who = actor(request, 'orders.write');
    await addNote(db, who, request.params.id, request.body.text);
    return { data: await readDeskOrder(db, request.params.id) };
  });

  r.post(
    '/api/staff/orders/:id/change-requests/:requestId',
    {
      schema: {
        tags,
        summary: "Answer a buyer's request to cancel or change the order: accepted or declined, with a note the buyer reads (audited; 409 when answered already)",
        params: z.object({ id: Id, requestId: Id }),
        body: AnswerChangeRequestInputSchema,
        response: ok(DeskOrderSchema),
      },
    },
    async (request) => {
      const who = actor(request, 'orders.write');
      await answerChangeRequest(db, who, request.params.id, request.params.requestId, request.body);
      return { data: await readDeskOrder(db, request.params.id) };
    },
  );

  r.get('/api/staff/runs', { schema: { tags, summary: "A day's delivery runs", querystring: z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD') }), response: ok(z.array(RunSchema)) } }, async (request) => {
    actor(request, 'orders.read');
    return { data: await listRuns(db, request.query.date) };
  });

  r.post('/api/staff/runs', { schema: { tags, summary: "Group orders of one city into a vehicle's run, ordered by area", body: CreateRunInputSchema, response: ok(RunSchema) } }, async (request) => {
    const who = actor(request, 'orders.write');
    return { data: await createRun(db, who, request.body) };
  });

  r.get('/api/staff/runs/:id', { schema: { tags, summary: 'A run with its orders (the run sheet)', params: IdParams, response: ok(RunSchema) } }, async (request) => {
    actor(request, 'orders.read');
    return { data: await readRun(db, request.params.id) };
  });

  r.post(
    '/api/staff/runs/:id/ship',
    { schema: { tags, summary: 'Move a run and its orders to Shipping', params: IdParams, response: ok(z.object({ run: RunSchema, refused: z.array(z.object({ id: z.number().int(), error: z.string() })) })) } },
    async (request) => {
      const who = actor(request, 'orders.write');
      return { data: await shipRun(db, mailer, who, request.params.id) };
    },
  );

  r.get('/api/staff/views', { schema: { tags, summary: "The signed-in person's saved queue views", response: ok(z.array(SavedViewSchema)) } }, async (request) => {
    const who = actor(request, 'orders.read');
    return { data: await listViews(db, who.staffId) };
  });

  r.post('/api/staff/views', { schema: { tags, summary: 'Save the current queue filters under a name', body: SavedViewInputSchema, response: ok(SavedViewSchema) } }, async (request) => {
    const who = actor(request, 'orders.read');
    return { data: await saveView(db, who, request.body) };
  });

  r.delete('/api/staff/views/:id', { schema: { tags, summary: 'Delete one of your saved views', params: IdParams, response: ok(z.object({ id: z.number().int() })) } }, async (request) => {
    const who = actor(request, 'orders.read');
    await deleteView(db, who, request.params.id);
    return { data: { id: request.params.id } };
  });
}
