import {
  BuyAgainProductSchema,
  BuyAgainQuerySchema,
  CreateOrderListInputSchema,
  OrderListCartInputSchema,
  OrderListSchema,
  OrderListSummarySchema,
  ProposalSchema,
  QuickOrderInputSchema,
  QuickOrderResultSchema,
  ReorderInputSchema,
  UpdateOrderListInputSchema,
} from '@shop/domain/reorder';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app-deps.ts';
import { registeredRoute, requireRegistered } from '../../lib/auth-context.ts';
import { LIMITS, rateLimiterOf } from '../../lib/rate-limit.ts';
import type { ProductSearch } from '../catalogue/search.service.ts';
import { buyAgain } from './buy-again.service.ts';
import { createOrderList, deleteOrderList, getOrderList, listOrderLists, listToCart, updateOrderList } from './order-lists.service.ts';
import type { Buyer } from './proposal.service.ts';
import { quickOrder } from './quick-order.service.ts';
import { reorder } from './reorder.service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const security = [{ bearer: [] }];
const data = <T extends z.ZodType>(schema: T) => ({ 200: z.object({ data: schema }) });
const SIGN_IN_TO_ORDER_AGAIN = 'Please sign in to order again.';

function buyer(request: FastifyRequest): Buyer {
  const auth = requireRegistered(request, SIGN_IN_TO_ORDER_AGAIN);
  return { userId: auth.userId, businessId: auth.businessId, type: auth.type };
}

/** Reorder's plugin options: the modules' deps and the catalogue's search (quick order finds products by name). */
export interface ReorderRoutesOptions extends ModuleDeps {
  search: ProductSearch;
}

/**
 * Issue 21: buying the same things again. Every answer is priced by the server for the caller's
 * business and only from its own orders and lists (docs/decisions/015-reorder-and-order-lists.md).
 */
export async function reorderRoutes(app: FastifyInstance, deps: ReorderRoutesOptions) {
  const { search } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = rateLimiterOf(app);
  const tags = ['reorder'];

  r.post(
    '/api/orders/:id/reorder',
    {
      config: registeredRoute(SIGN_IN_TO_ORDER_AGAIN),
      schema: {
        tags,
        summary: "A past order (or its chosen lines) for the cart at today's prices; lines no longer sold, out of stock or short are named",
        description: 'Only an order the caller sees in Order History (404 otherwise). Nothing is put in a cart or ordered: the answer lists the cart lines to add.',
        security,
        params: IdParams,
        // No body at all: the whole order.
        body: ReorderInputSchema.nullish(),
        response: data(ProposalSchema.extend({ order_number: z.string() })),
      },
    },
    async (request) => ({ data: await reorder(deps.db, buyer(request), request.params.id, request.body ?? {}) }),
  );

  r.post(
    '/api/quick-order',
    {
      config: registeredRoute(SIGN_IN_TO_ORDER_AGAIN),
      schema: {
        tags,
        summary: 'Quick order: rows of a SKU or a few words of a name and a quantity (at most 500), each matched, priced and checked',
        description: 'A SKU is matched exactly (any case); other text goes through the ordering bar search (typo-tolerant), with up to 4 other matches.',
        security,
        body: QuickOrderInputSchema,
        response: data(QuickOrderResultSchema),
      },
    },
    async (request, reply) => {
      const who = buyer(request);
      await limiter.take(LIMITS.quickOrderAccount, String(who.userId), reply);
      return { data: await quickOrder(deps.db, who, request.body, search) };
    },
  );

  r.get(
    '/api/buy-again',
    {
      schema: {
        tags,
        summary: "Buy again: the products the caller's business orders most, from its own orders, priced for it",
        security,
        querystring: BuyAgainQuerySchema,
        response: data(z.array(BuyAgainProductSchema)),
      },
    },
    async (request) => ({ data: await buyAgain(deps.db, buyer(request).businessId, request.query.limit) }),
  );

  r.get(
    '/api/order-lists',
    { schema: { tags, summary: "The business's order lists (every user of the business reads them)", security, response: data(z.array(OrderListSummarySchema)) } },
    async (request) => ({ data: await listOrderLists(deps.db, buyer(request)) }),
  );

  r.post(
    '/api/order-lists',
    {
      config: registeredRoute(SIGN_IN_TO_ORDER_AGAIN),
      schema: {
        tags,
        summary: 'A new order list, of products or of a past order (Owner or Approver)',
        security,
        body: CreateOrderListInputSchema,
        response: data(OrderListSchema),
      },
    },
    async (request) => ({ data: await createOrderList(deps.db, buyer(request), request.body) }),
  );

  r.get(
    '/api/order-lists/:id',
    {
      schema: {
        tags,
        summary: "One of the business's lists, each product at its usual quantity priced today; 404 for another business's",
        security,
        params: IdParams,
        response: data(OrderListSchema),
      },
    },
    async (request) => ({ data: await getOrderList(deps.db, buyer(request), request.params.id) }),
  );

  r.put(
    '/api/order-lists/:id',
    {
      config: registeredRoute(SIGN_IN_TO_ORDER_AGAIN),
      schema: {
        tags,
        summary: 'Replace a list (name and products) as read at `version`; 409 when changed meanwhile (Owner or Approver)',
        security,
        params: IdParams,
        body: UpdateOrderListInputSchema,
        response: data(OrderListSchema),
      },
    },
    async (request) => ({ data: await updateOrderList(deps.db, buyer(request), request.params.id, request.body) }),
  );

  r.delete(
    '/api/order-lists/:id',
    {
      config: registeredRoute(SIGN_IN_TO_ORDER_AGAIN),
      schema: { tags, summary: 'Delete a list (Owner or Approver)', security, params: IdParams, response: data(z.object({ id: z.number().int() })) },
    },
    async (request) => ({ data: await deleteOrderList(deps.db, buyer(request), request.params.id) }),
  );

  r.post(
    '/api/order-lists/:id/cart',
    {
      config: registeredRoute(SIGN_IN_TO_ORDER_AGAIN),
      schema: {
        tags,
        summary: "A list (or its chosen products at chosen quantities) for the cart at today's prices",
        security,
        params: IdParams,
        body: OrderListCartInputSchema.nullish(),
        response: data(ProposalSchema),
      },
    },
    async (request) => ({ data: await listToCart(deps.db, buyer(request), request.params.id, request.body ?? {}) }),
  );
}
