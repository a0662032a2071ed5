import { NOT_ALLOWED_TO_ORDER } from '@shop/domain/roles';
import {
  CartPriceInputSchema,
  CreditStandingSchema,
  OrderSchema,
  OrderStatusInputSchema,
  PlaceOrderInputSchema,
  PricedProductSchema,
  ReadOrdersQuerySchema,
} from '@shop/domain/orders';
import { ChangeRequestInputSchema, OrderPolicySchema } from '@shop/domain/policy-facts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app-deps.ts';
import { registeredRoute, requireRegistered, requireSession, sessionRoute } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/http-error.ts';
import { createPriceViews } from '../catalogue/price-views.service.ts';
import { priceProducts } from '../catalogue/pricing.service.ts';
import { notifyApprovers, type PendingNews, pendingApprovalsUrl } from './approval-mail.ts';
import { readCreditStanding } from './credit.service.ts';
import { requestOrderChange } from './change-requests.service.ts';
import { changeOrderStatus } from './order-status.service.ts';
import { findOrder, listOrders, type Reader } from './orders-read.service.ts';
import { businessOrderPolicy, placeOrder } from './place-order.service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const security = [{ bearer: [] }];
const SIGN_IN_FOR_ORDERS = 'Please sign in to see orders.';

function reader(request: FastifyRequest): Reader {
  const auth = requireRegistered(request, SIGN_IN_FOR_ORDERS);
  return { userId: auth.userId, businessId: auth.businessId, type: auth.type };
}

export async function ordersRoutes(app: FastifyInstance, deps: ModuleDeps) {
  // Issue 36: a guest's chosen city by name (the catalogue's own resolution, counters read as its copies do).
  const priceViews = createPriceViews(deps.db, { maxStaleMs: deps.catalogueReads.followMs });
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Issue 37: an order waiting for approval (placed or resubmitted) is mailed to the business's Approvers.
  const pendingUrl = pendingApprovalsUrl(deps.config.PUBLIC_URL);
  const notify = (news: PendingNews) => notifyApprovers(deps.db, deps.mailer, pendingUrl, news);

  r.post(
    '/api/write/Orders',
    {
      config: registeredRoute(NOT_ALLOWED_TO_ORDER),
      schema: {
        tags: ['orders'],
        summary: 'Place an order (or, with id, an Approver confirms a Pending order); priced and decided by the server',
        description:
          'Send an Idempotency-Key header to make retries safe: the same key with the same order answers the first order; with another order it answers 422. A Credit order that would take what the business owes above its credit limit answers 409. Prices, totals, status and ids in the body are not trusted.',
        security,
        headers: z.object({ 'idempotency-key': z.string().trim().min(1).max(200).optional() }),
        body: PlaceOrderInputSchema,
        response: { 200: z.object({ data: OrderSchema }) },
      },
      // The answer is built field by field by placeOrder (toOrder), so it is sent as it is: checking it
      // again against the zod schema cost 0.9 ms of CPU per 20-line order, 40% of the request
      // (bench/orders-place.ts: 354 -> 540 orders/s). The schema still documents the answer in /api/docs.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const auth = requireRegistered(request, NOT_ALLOWED_TO_ORDER);
      const key = request.headers['idempotency-key'];
      const order = await placeOrder(deps.db, { userId: auth.userId, businessId: auth.businessId }, request.body, key, notify);
      return { data: order };
    },
  );

  r.get(
    '/api/read/Orders',
    {
      schema: {
        tags: ['orders'],
        summary: "Orders the caller may see: the business's for an Approver, the caller's own for others (SPEC 6)",
        security,
        querystring: ReadOrdersQuerySchema,
        response: { 200: z.object({ data: z.array(OrderSchema) }) },
      },
    },
    async (request) => {
      const who = reader(request);
      const { filter, filterValue, status, offset, limit } = request.query;
      // The scope comes from the token; a filter naming someone else's business or user finds nothing.
      if (filterValue) {
        const own = filter === 'business_id' ? String(who.businessId) : String(who.userId);
        if (filterValue !== own) throw notFound('Order not found');
      }
      return { data: await listOrders(deps.db, who, { status, offset, limit }) };
    },
  );

  r.get(
    '/api/read/Orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order with its lines; 404 for orders the caller may not see',
        security,
        params: IdParams,
        response: { 200: z.object({ data: OrderSchema }) },
      },
    },
    async (request) => ({ data: await findOrder(deps.db, reader(request), request.params.id) }),
  );

  r.post(
    '/api/orders/:id/status',
    {
      config: registeredRoute('You cannot approve order!'),
      schema: {
        tags: ['orders'],
        summary:
          'Approve (In Process) or reject (Rejected) a Pending order, naming the version shown; Approvers of the same business only; 409 when already moved or changed since (version)',
        security,
        params: IdParams,
        body: OrderStatusInputSchema,
        response: { 200: z.object({ data: OrderSchema }) },
      },
    },
    async (request) => {
      const auth = requireRegistered(request, 'You cannot approve order!');
      const order = await changeOrderStatus(deps.db, { userId: auth.userId, businessId: auth.businessId }, request.params.id, request.body);
      return { data: order };
    },
  );

  r.post(
    '/api/orders/:id/change-requests',
    {
      config: registeredRoute(SIGN_IN_FOR_ORDERS),
      schema: {
        tags: ['orders'],
        summary:
          'Ask the order desk to cancel or change an In Process order within two hours of its confirmation (SPEC 9); 409 with the reason after the window, on a delivered order, or while a request waits',
        security,
        params: IdParams,
        body: ChangeRequestInputSchema,
        response: { 200: z.object({ data: OrderSchema }) },
      },
    },
    async (request) => ({ data: await requestOrderChange(deps.db, reader(request), request.params.id, request.body) }),
  );

  r.get(
    '/api/orders/policy',
    {
      schema: {
        tags: ['orders'],
        summary: "The order rules of the caller's city: minimum order value, delivery days and cut-off time, with the server's clock",
        security,
        response: { 200: z.object({ data: OrderPolicySchema }) },
      },
    },
    async (request) => {
      const auth = requireRegistered(request, SIGN_IN_FOR_ORDERS);
      const policy = await businessOrderPolicy(deps.db, auth.businessId);
      return { data: { ...policy, delivery_days: [...policy.delivery_days], now: new Date().toISOString() } };
    },
  );

  r.get(
    '/api/orders/credit',
    {
      schema: {
        tags: ['orders'],
        summary: "What the caller's business owes against its credit limit (Credit ledger payable plus open Credit orders) and what is available",
        security,
        response: { 200: z.object({ data: CreditStandingSchema }) },
      },
    },
    async (request) => {
      const auth = requireRegistered(request, SIGN_IN_FOR_ORDERS);
      return { data: await readCreditStanding(deps.db, auth.businessId) };
    },
  );

  r.post(
    '/api/cart/price',
    {
      config: sessionRoute,
      schema: {
        tags: ['orders'],
        summary: "Today's prices and stock of cart products for the caller's business (the cart refreshes with it)",
        security,
        body: CartPriceInputSchema,
        response: { 200: z.object({ data: z.array(PricedProductSchema) }) },
      },
    },
    async (request) => {
      const auth = requireSession(request);
      const { ids, quantities, city } = request.body;
      const guest = auth.type === 'Guest';
      // Issue 36: a guest is priced in the city it chose (as its listings were); a business in its own.
      const cityId = guest && city !== undefined ? (await priceViews.of(null, city)).view.cityId : undefined;
      const priced = await priceProducts(deps.db, guest ? null : auth.businessId, ids, {
        quantities: new Map(ids.map((id, i) => [id, quantities?.[i] ?? 1])),
        ...(cityId === undefined ? {} : { cityId }),
      });
      return { data: [...new Set(ids)].flatMap((id) => priced.get(id) ?? []) };
    },
  );
}
