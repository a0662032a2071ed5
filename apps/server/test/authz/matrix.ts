import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { registration } from '../accounts.ts';
import { TEST_PASSWORD } from '../factories.ts';
import type { Row } from './row.ts';
import { STAFF_ROWS } from './staff-matrix.ts';
import { type Actor, isBuyerUser, isStaffActor, type World } from './world.ts';

export type { Row } from './row.ts';

/**
 * One status for every caller but `overrides`. Staff people carry no buyer token, so on buyer routes
 * they get what anonymous gets unless a row says otherwise.
 */
export const all = (status: number, overrides: Partial<Record<Actor, number>> = {}): Record<Actor, number> => {
  const anonymous = overrides.anonymous ?? status;
  return {
    anonymous: status,
    guest: status,
    owner: status,
    orderer: status,
    approver: status,
    viewer: status,
    otherBusiness: status,
    staffAdmin: anonymous,
    staffDesk: anonymous,
    staffFinance: anonymous,
    staffCatalogue: anonymous,
    ...overrides,
  };
};
/** Registered users only: 401 without a token, 403 for a guest. */
const registered = (overrides: Partial<Record<Actor, number>> = {}) => all(200, { anonymous: 401, guest: 403, ...overrides });
const get = (url: string) => (): InjectOptions => ({ method: 'GET', url });

type Listed = { business_id?: number; business_user_id?: number }[];
const dataOf = (res: LightMyRequestResponse) => (res.json() as { data: unknown }).data;

function onlyOwnBusiness(w: World, actor: Actor, res: LightMyRequestResponse): string | null {
  if (!isBuyerUser(actor) || res.statusCode !== 200) return null;
  const me = w.users[actor];
  const rows = dataOf(res) as Listed;
  const foreign = rows.filter((r) => r.business_id !== undefined && r.business_id !== me.businessId);
  if (foreign.length) return `sees ${foreign.length} rows of another business`;
  if (actor !== 'approver' && rows.some((r) => r.business_user_id !== undefined && r.business_user_id !== me.id)) return "sees another user's rows";
  return null;
}

/** A session of its own for `actor`, so a row that ends it leaves the world's sessions alone. */
async function freshSession(w: World, actor: Actor): Promise<Record<string, string>> {
  // Anonymous, and staff (whose cookie is not a buyer session: Sign Out has nothing of theirs to end).
  if (actor === 'anonymous' || isStaffActor(actor)) return {};
  const payload = actor === 'guest' ? { step: 'Guest' } : { email: w.users[actor].email, password: actor === 'viewer' ? TEST_PASSWORD : 'Demo@12345' };
  const res = await w.app.inject({ method: 'POST', url: '/api/auth/login', payload });
  return { authorization: `Bearer ${(res.json() as { data: { token: string } }).data.token}` };
}

export const ROWS: Row[] = [
  { route: 'GET /api/health', case: 'health', expect: all(200), request: get('/api/health') },
  { route: 'GET /api/health/live', case: 'liveness', expect: all(200), request: get('/api/health/live') },
  { route: 'GET /api/health/ready', case: 'readiness', expect: all(200), request: get('/api/health/ready') },
  { route: 'POST /api/auth/login', case: 'guest session', expect: all(200), request: () => ({ method: 'POST', url: '/api/auth/login', payload: { step: 'Guest' } }) },
  {
    route: 'POST /api/auth/login',
    case: "ChangePassword on another user's account (with that user's right password)",
    expect: all(403, { anonymous: 401 }),
    request: () => ({ method: 'POST', url: '/api/auth/login', payload: { step: 'ChangePassword', email: 'advance@demo.pk', password: 'Demo@12345', newPassword: 'Hacked@12345' } }),
  },
  {
    route: 'POST /api/auth/logout',
    case: "Sign Out: ends the caller's own session (a fresh one per caller, so the others' tokens stay)",
    expect: all(200),
    request: async (w, actor) => {
      const headers = await freshSession(w, actor);
      return { method: 'POST', url: '/api/auth/logout', headers };
    },
  },
  { route: 'POST /api/auth/register', case: 'register a new business (always its Owner, Cash, no credit)', expect: all(200), request: () => ({ method: 'POST', url: '/api/auth/register', payload: registration() }) },
  { route: 'POST /api/auth/getSignUpPageData', case: 'sign-up choices', expect: all(200), request: () => ({ method: 'POST', url: '/api/auth/getSignUpPageData' }) },
  { route: 'GET /api/cities', case: 'the active cities (issue 35)', expect: all(200), request: () => ({ method: 'GET', url: '/api/cities' }) },
  { route: 'POST /api/auth/resetPassword', case: 'ask for a reset code', expect: all(200), request: (_w, actor) => ({ method: 'POST', url: '/api/auth/resetPassword', payload: { step: 1, email: `nobody-${actor}@demo.pk` } }) },
  {
    route: 'POST /api/public_route/app_feedback',
    case: 'send feedback',
    expect: all(200, { anonymous: 401 }),
    request: () => ({ method: 'POST', url: '/api/public_route/app_feedback', payload: { name: 'Matrix Tester', email: 'matrix@test.pk', mobile_no: '03001234567', type: 'Suggestion', subject: '', message: 'hello' } }),
  },
  // Issue 19: what every storefront page reads of the content staff set (public, like the catalogue).
  { route: 'GET /api/content/site', case: "the city's ticker and the help number", expect: all(200), request: get('/api/content/site?city=Lahore') },
  { route: 'GET /api/content/pages/:slug', case: 'an information page not written yet (null)', expect: all(200), request: get('/api/content/pages/privacypolicy') },
  { route: 'GET /api/uploads', case: "list own business's documents", expect: registered(), request: get('/api/uploads'), check: (w, actor, res) => (isBuyerUser(actor) && (dataOf(res) as unknown[]).length > 0 ? 'sees documents of the uploader business' : null) },
  {
    route: 'GET /api/account/verification',
    case: "own business's verification (documents asked for again)",
    expect: registered(),
    request: get('/api/account/verification'),
    check: (w, actor, res) => (isBuyerUser(actor) && (dataOf(res) as { business_id: number }).business_id !== w.users[actor].businessId ? "sees another business's verification" : null),
  },
  { route: 'GET /api/product-images/:file', case: 'a product photo (public; an unknown one is 404)', expect: all(404), request: get('/api/product-images/p1-000000000000-640.webp') },
  { route: 'GET /api/images/:file', case: 'an uploaded banner or picture (public; an unknown one is 404)', expect: all(404), request: get('/api/images/b-000000000000-1600.webp') },
  { route: 'GET /api/uploads/:id', case: "another business's document", expect: registered({ owner: 404, orderer: 404, approver: 404, viewer: 404, otherBusiness: 404 }), request: (w) => ({ method: 'GET', url: `/api/uploads/${w.uploadId}` }) },
  {
    route: 'POST /api/write/Orders',
    case: 'place an order for own business',
    expect: registered({ approver: 403 }),
    request: (w) => ({ method: 'POST', url: '/api/write/Orders', payload: { payment_mode: 'Cash', order_details: [{ product_id: w.productIds[1], quantity: 1 }] } }),
    check: (w, actor, res) => {
      if (res.statusCode !== 200 || !isBuyerUser(actor)) return null;
      const order = dataOf(res) as { business_id: number; business_user_id: number };
      const me = w.users[actor];
      return order.business_id === me.businessId && order.business_user_id === me.id ? null : 'order recorded for someone else';
    },
  },
  {
    route: 'POST /api/write/Orders',
    case: "order naming another business's id in the body",
    expect: registered({ owner: 403, orderer: 403, approver: 403, viewer: 403, otherBusiness: 403 }),
    request: (w, actor) => ({
      method: 'POST',
      url: '/api/write/Orders',
      payload: { payment_mode: 'Cash', business_id: actor === 'otherBusiness' ? w.users.owner.businessId : w.users.otherBusiness.businessId, order_details: [{ product_id: w.productIds[1], quantity: 1 }] },
    }),
  },
  { route: 'GET /api/read/Orders', case: 'list orders (Approver: the business; others: their own)', expect: registered(), request: get('/api/read/Orders'), check: onlyOwnBusiness },
  {
    route: 'GET /api/read/Orders',
    case: "filter naming another business's id",
    expect: registered({ owner: 404, orderer: 404, approver: 404, viewer: 404, otherBusiness: 404 }),
    request: (w, actor) => get(`/api/read/Orders?filter=business_id&filterValue=${actor === 'otherBusiness' ? w.users.owner.businessId : w.users.otherBusiness.businessId}`)(),
  },
  {
    route: 'GET /api/read/Orders/:id',
    case: "the Orderer's order (business 1)",
    expect: registered({ owner: 404, viewer: 404, otherBusiness: 404 }),
    request: (w) => get(`/api/read/Orders/${w.ordererOrderId}`)(),
  },
  {
    route: 'GET /api/read/Orders/:id',
    case: "an order of another business (business 2's, or business 1's for its user)",
    expect: registered({ owner: 404, orderer: 404, approver: 404, viewer: 404, otherBusiness: 404 }),
    request: (w, actor) => get(`/api/read/Orders/${actor === 'otherBusiness' ? w.ordererOrderId : w.otherBusinessOrderId}`)(),
  },
  {
    route: 'POST /api/orders/:id/status',
    case: 'reject a Pending order of business 1, naming the version shown',
    expect: registered({ owner: 403, orderer: 403, viewer: 403, otherBusiness: 403 }),
    request: async (w) => ({ method: 'POST', url: `/api/orders/${await w.freshPendingOrder()}/status`, payload: { status: 'Rejected', version: 1 } }),
  },
  // Issue 37: a decision binds to the version the Approver was shown; another version changes nothing.
  {
    route: 'POST /api/orders/:id/status',
    case: 'approve a Pending order of business 1 naming a version it does not have (changed since): nothing changes, 409',
    expect: registered({ owner: 403, orderer: 403, approver: 409, viewer: 403, otherBusiness: 403 }),
    request: async (w) => ({ method: 'POST', url: `/api/orders/${await w.freshPendingOrder()}/status`, payload: { status: 'In Process', version: 2 } }),
  },
  // Issue 21: reorder, quick order, order lists and Buy again. A list is never visible to another business.
  {
    route: 'POST /api/orders/:id/reorder',
    case: "reorder the Orderer's order (business 1): who sees it in Order History",
    expect: registered({ owner: 404, viewer: 404, otherBusiness: 404 }),
    request: (w) => ({ method: 'POST', url: `/api/orders/${w.ordererOrderId}/reorder`, payload: {} }),
  },
  {
    route: 'POST /api/orders/:id/reorder',
    case: "reorder an order of another business",
    expect: registered({ owner: 404, orderer: 404, approver: 404, viewer: 404, otherBusiness: 404 }),
    request: (w, actor) => ({ method: 'POST', url: `/api/orders/${actor === 'otherBusiness' ? w.ordererOrderId : w.otherBusinessOrderId}/reorder`, payload: {} }),
  },
  // Issue 36: a request to cancel or change an order (SPEC 9: within two hours of its confirmation). The
  // Orderer's order is Delivered: refused with the reason (409) by whoever sees it, and nothing is filed.
  {
    route: 'POST /api/orders/:id/change-requests',
    case: "ask to cancel the Orderer's delivered order (business 1): 409 with the reason, nothing filed",
    expect: registered({ owner: 404, orderer: 409, approver: 409, viewer: 404, otherBusiness: 404 }),
    request: (w) => ({ method: 'POST', url: `/api/orders/${w.ordererOrderId}/change-requests`, payload: { kind: 'cancel', reason: 'Ordered twice by mistake' } }),
  },
  {
    route: 'POST /api/orders/:id/change-requests',
    case: 'ask to cancel an order of another business',
    expect: registered({ owner: 404, orderer: 404, approver: 404, viewer: 404, otherBusiness: 404 }),
    request: (w, actor) => ({ method: 'POST', url: `/api/orders/${actor === 'otherBusiness' ? w.ordererOrderId : w.otherBusinessOrderId}/change-requests`, payload: { kind: 'cancel', reason: 'Ordered twice by mistake' } }),
  },
  { route: 'GET /api/orders/policy', case: "own city's minimum order and delivery days (checkout)", expect: registered(), request: get('/api/orders/policy') },
  {
    route: 'POST /api/quick-order',
    case: 'quick order rows priced for own business',
    expect: registered(),
    request: () => ({ method: 'POST', url: '/api/quick-order', payload: { rows: [{ text: 'SKU-000001', quantity: 1 }, { text: 'rice', quantity: 2 }] } }),
  },
  { route: 'GET /api/buy-again', case: "Buy again: own business's most ordered products", expect: registered(), request: get('/api/buy-again') },
  {
    route: 'GET /api/order-lists',
    case: "own business's order lists",
    expect: registered(),
    request: get('/api/order-lists'),
    check: (w, actor, res) => {
      if (!isBuyerUser(actor) || res.statusCode !== 200) return null;
      const ids = (dataOf(res) as { id: number }[]).map((l) => l.id);
      const foreign = actor === 'otherBusiness' ? w.ownerListId : w.otherBusinessListId;
      return ids.includes(foreign) ? "sees another business's list" : null;
    },
  },
  {
    route: 'POST /api/order-lists',
    case: 'create a list (Owner or Approver)',
    expect: registered({ orderer: 403, viewer: 403, otherBusiness: 403 }),
    request: (w, actor) => ({ method: 'POST', url: '/api/order-lists', payload: { name: `Created by ${actor} ${Date.now()}`, items: [{ product_id: w.productIds[2], quantity: 1 }] } }),
  },
  {
    route: 'POST /api/order-lists',
    case: "a list made from another business's order",
    expect: registered({ owner: 404, orderer: 403, approver: 404, viewer: 403, otherBusiness: 403 }),
    request: (w, actor) => ({ method: 'POST', url: '/api/order-lists', payload: { name: `Stolen by ${actor} ${Date.now()}`, from_order_id: w.otherBusinessOrderId } }),
  },
  {
    route: 'GET /api/order-lists/:id',
    case: "business 1's list",
    expect: registered({ otherBusiness: 404 }),
    request: (w) => get(`/api/order-lists/${w.ownerListId}`)(),
  },
  {
    route: 'GET /api/order-lists/:id',
    case: "another business's list",
    expect: registered({ owner: 404, orderer: 404, approver: 404, viewer: 404, otherBusiness: 404 }),
    request: (w, actor) => get(`/api/order-lists/${actor === 'otherBusiness' ? w.ownerListId : w.otherBusinessListId}`)(),
  },
  {
    route: 'PUT /api/order-lists/:id',
    case: "change a list of business 1 (a fresh one per caller)",
    expect: registered({ orderer: 403, viewer: 403, otherBusiness: 403 }),
    request: async (w) => ({ method: 'PUT', url: `/api/order-lists/${await w.freshList()}`, payload: { name: `Changed ${Date.now()} ${Math.random()}`, items: [], version: 0 } }),
  },
  {
    route: 'PUT /api/order-lists/:id',
    case: "change another business's list",
    expect: registered({ owner: 404, orderer: 403, approver: 404, viewer: 403, otherBusiness: 403 }),
    request: (w) => ({ method: 'PUT', url: `/api/order-lists/${w.otherBusinessListId}`, payload: { name: 'Taken over', items: [], version: 0 } }),
  },
  {
    route: 'DELETE /api/order-lists/:id',
    case: 'delete a list of business 1 (a fresh one per caller)',
    expect: registered({ orderer: 403, viewer: 403, otherBusiness: 403 }),
    request: async (w) => ({ method: 'DELETE', url: `/api/order-lists/${await w.freshList()}` }),
  },
  {
    route: 'DELETE /api/order-lists/:id',
    case: "delete another business's list",
    expect: registered({ owner: 404, orderer: 403, approver: 404, viewer: 403, otherBusiness: 403 }),
    request: (w) => ({ method: 'DELETE', url: `/api/order-lists/${w.otherBusinessListId}` }),
  },
  {
    route: 'POST /api/order-lists/:id/cart',
    case: "order from business 1's list",
    expect: registered({ otherBusiness: 404 }),
    request: (w) => ({ method: 'POST', url: `/api/order-lists/${w.ownerListId}/cart`, payload: {} }),
  },
  {
    route: 'POST /api/order-lists/:id/cart',
    case: "order from another business's list",
    expect: registered({ owner: 404, orderer: 404, approver: 404, viewer: 404, otherBusiness: 404 }),
    request: (w, actor) => ({ method: 'POST', url: `/api/order-lists/${actor === 'otherBusiness' ? w.ownerListId : w.otherBusinessListId}/cart`, payload: {} }),
  },
  { route: 'GET /api/orders/credit', case: "own business's credit standing (checkout)", expect: registered(), request: get('/api/orders/credit') },
  { route: 'POST /api/cart/price', case: 'price cart lines for own business', expect: all(200, { anonymous: 401 }), request: (w) => ({ method: 'POST', url: '/api/cart/price', payload: { ids: w.productIds.slice(0, 3) } }) },
  {
    route: 'GET /api/read/Businesses/:id',
    case: 'own business',
    expect: registered(),
    request: (w, actor) => get(`/api/read/Businesses/${isBuyerUser(actor) ? w.users[actor].businessId : w.users.owner.businessId}`)(),
  },
  {
    route: 'GET /api/read/Businesses/:id',
    case: 'another business',
    expect: registered({ owner: 404, orderer: 404, approver: 404, viewer: 404, otherBusiness: 404 }),
    request: (w, actor) => get(`/api/read/Businesses/${actor === 'otherBusiness' ? w.users.owner.businessId : w.users.otherBusiness.businessId}`)(),
  },
  {
    route: 'GET /api/read/Business_Users/:id',
    case: 'self',
    expect: registered(),
    request: (w, actor) => get(`/api/read/Business_Users/${isBuyerUser(actor) ? w.users[actor].id : w.users.owner.id}`)(),
  },
  {
    route: 'GET /api/read/Business_Users/:id',
    case: 'a user of another business',
    expect: registered({ owner: 404, orderer: 404, approver: 404, viewer: 404, otherBusiness: 404 }),
    request: (w, actor) => get(`/api/read/Business_Users/${actor === 'otherBusiness' ? w.users.owner.id : w.users.otherBusiness.id}`)(),
  },
  { route: 'GET /api/read/Invoices', case: 'invoices (own)', expect: registered(), request: get('/api/read/Invoices'), check: onlyOwnBusiness },
  { route: 'GET /api/ledgers', case: 'outstandings (own)', expect: registered(), request: get('/api/ledgers') },
  {
    route: 'GET /api/ledgers',
    case: "another user's outstandings by BusinessUserId",
    expect: registered({ owner: 404, orderer: 404, approver: 404, viewer: 404, otherBusiness: 404 }),
    request: (w, actor) => get(`/api/ledgers?BusinessUserId=${actor === 'otherBusiness' ? w.users.orderer.id : w.users.otherBusiness.id}`)(),
  },
  ...STAFF_ROWS,
];

/** Public catalogue reads: everyone may browse (SPEC 6), with prices of their own business only. */
export const PUBLIC_READ_PREFIXES = ['/api/custom_route/', '/api/catalogue/', '/api/bmpl/', '/api/read/Brands', '/api/read/Categories', '/api/read/Business_Types'];
