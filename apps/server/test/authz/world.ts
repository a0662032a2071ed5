import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { products } from '../../src/db/schema/catalogue.ts';
import { orderLists } from '../../src/db/schema/order-lists.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { dataUrl, PNG_BYTES, registration } from '../accounts.ts';
import { guestHeaders, makeUser, signIn, TEST_PASSWORD } from '../factories.ts';
import type { TestApp } from '../test-app.ts';
import { type Actor, type BuyerUserActor, isStaffActor } from './actors.ts';
import { buildStaffWorld, type StaffWorld } from './staff-world.ts';

export { ACTOR_LABELS, ACTORS, type Actor, BUYER_ACTORS, type BuyerUserActor, isBuyerUser, isStaffActor, STAFF_ACTORS, type StaffActor } from './actors.ts';

/** The demo data plus what the matrix needs: who is who, and objects of each business. */
export interface World {
  app: FastifyInstance;
  t: TestApp;
  headers: Record<Actor, Record<string, string>>;
  users: Record<BuyerUserActor, { id: number; businessId: number; email: string }>;
  staff: StaffWorld;
  /** A Delivered order of the Orderer (business 1) and one of business 2. */
  ordererOrderId: number;
  otherBusinessOrderId: number;
  /** A document uploaded at registration by the Owner of a new business, and that Owner's headers. */
  uploadId: number;
  uploaderHeaders: Record<string, string>;
  productIds: number[];
  /** A Pending order of business 1 made fresh for each cell that may change it. */
  freshPendingOrder(): Promise<number>;
  /** Issue 21: business 1's demo order list, and a list of business 2. */
  ownerListId: number;
  otherBusinessListId: number;
  /** A list of business 1 made fresh for each cell that may change or delete it. */
  freshList(): Promise<number>;
  inject(actor: Actor | Record<string, string>, options: InjectOptions): Promise<LightMyRequestResponse>;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const { app } = t;
  const db = t.database.db;
  await seedDemo(db);
  const demo = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Demo@12345' } });
    const data = (res.json() as { data: { token: string; user: { id: number; businessId: number } } }).data;
    return { headers: { authorization: `Bearer ${data.token}` }, user: { id: data.user.id, businessId: data.user.businessId, email } };
  };
  const owner = await demo('owner@demo.pk');
  const orderer = await demo('orderer@demo.pk');
  const approver = await demo('approver@demo.pk');
  const other = await demo('credit@demo.pk');
  const viewerRow = await makeUser(db, { businessId: owner.user.businessId, type: 'Viewer', email: 'viewer@test.pk' });
  const viewerHeaders = await signIn(app, 'viewer@test.pk', TEST_PASSWORD);

  const orderRows = await db.select({ id: orders.id, userId: orders.businessUserId, businessId: orders.businessId, status: orders.status }).from(orders);
  const ordererOrder = orderRows.find((o) => o.userId === orderer.user.id && o.status === 'Delivered');
  const otherOrder = orderRows.find((o) => o.businessId === other.user.businessId);
  if (!ordererOrder || !otherOrder) throw new Error('demo orders missing');

  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: registration({}, { cnic_image: dataUrl(PNG_BYTES) }),
  });
  const regData = (reg.json() as { data: { token: string } }).data;
  const uploaderHeaders = { authorization: `Bearer ${regData.token}` };
  const uploads = await app.inject({ method: 'GET', url: '/api/uploads', headers: uploaderHeaders });
  const uploadId = (uploads.json() as { data: { id: number }[] }).data[0]?.id;
  if (!uploadId) throw new Error(`no upload made: ${reg.statusCode} ${reg.body.slice(0, 200)} / ${uploads.body.slice(0, 200)}`);

  const listing = await app.inject({ method: 'GET', url: '/api/custom_route/get_products_by_categories?limit=20&offset=0' });
  const productIds = (listing.json() as { data: { products: { id: number }[] } }).data.products.map((p) => p.id);

  // An order over the Orderer's Rs. 50,000 limit goes to approval: one product, enough of it.
  const [bulkRow] = await db
    .select({ id: products.id, price: products.price, stock: products.stock })
    .from(products)
    .where(and(gt(products.stock, 0), sql`${products.price} * ${products.stock} > 120000`, eq(products.sale, false)))
    .orderBy(desc(products.price))
    .limit(1);
  if (!bulkRow) throw new Error('no product for a pending order');
  const bulk = { id: bulkRow.id, quantity: Math.min(bulkRow.stock, Math.ceil(60_000 / Number(bulkRow.price))) };

  // Issue 21: the demo's weekly list of business 1, and one of business 2 (made here: it has no Owner or Approver).
  const [ownerList] = await db.select({ id: orderLists.id }).from(orderLists).where(eq(orderLists.businessId, owner.user.businessId)).limit(1);
  const [otherList] = await db
    .insert(orderLists)
    .values({ businessId: other.user.businessId, name: 'Hotel kitchen', createdBy: other.user.id, updatedBy: other.user.id })
    .returning({ id: orderLists.id });
  if (!ownerList || !otherList) throw new Error('order lists missing');
  let lists = 0;

  const staff = await buildStaffWorld(t);
  const headers: World['headers'] = {
    anonymous: {},
    guest: await guestHeaders(app),
    owner: owner.headers,
    orderer: orderer.headers,
    approver: approver.headers,
    viewer: viewerHeaders,
    otherBusiness: other.headers,
    ...staff.headers,
  };
  return {
    app,
    t,
    headers,
    users: {
      owner: owner.user,
      orderer: orderer.user,
      approver: approver.user,
      viewer: { id: viewerRow.id, businessId: viewerRow.businessId, email: viewerRow.email },
      otherBusiness: other.user,
    },
    staff,
    ordererOrderId: ordererOrder.id,
    otherBusinessOrderId: otherOrder.id,
    uploadId,
    uploaderHeaders,
    productIds,
    async freshPendingOrder() {
      const res = await app.inject({
        method: 'POST',
        url: '/api/write/Orders',
        headers: { ...orderer.headers, 'idempotency-key': `matrix-${Date.now()}-${Math.random()}` },
        payload: { payment_mode: 'Cash', order_details: [{ product_id: bulk.id, quantity: bulk.quantity }] },
      });
      const data = (res.json() as { data?: { id: number; status: string }; error?: string }).data;
      if (!data || data.status !== 'Pending') throw new Error(`no pending order: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return data.id;
    },
    ownerListId: ownerList.id,
    otherBusinessListId: otherList.id,
    async freshList() {
      const res = await app.inject({
        method: 'POST',
        url: '/api/order-lists',
        headers: owner.headers,
        payload: { name: `Matrix list ${++lists}`, items: [{ product_id: productIds[1], quantity: 2 }] },
      });
      const data = (res.json() as { data?: { id: number } }).data;
      if (!data) throw new Error(`no list: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return data.id;
    },
    inject(actor, options) {
      const h = typeof actor === 'string' ? headers[actor] : actor;
      // Staff work from the warehouse's own machines: another address, so per-address limits (reset
      // codes: 10 per 15 minutes) count them apart from the buyers' cells.
      const remoteAddress = typeof actor === 'string' && isStaffActor(actor) ? '10.16.0.1' : options.remoteAddress;
      return app.inject({ ...options, remoteAddress, headers: { ...h, ...(options.headers as Record<string, string> | undefined) } });
    },
  };
}
