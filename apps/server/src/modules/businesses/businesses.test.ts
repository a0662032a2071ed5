import type { BusinessQueuePage, BuyerVerification, StaffBusiness } from '@shop/domain/businesses';
import { CLOSED_MESSAGE, ON_HOLD_MESSAGE, STALE_BUSINESS, UNVERIFIED_TERMS } from '@shop/domain/businesses';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, businessUsers } from '../../db/schema/business.ts';
import { auditLog } from '../../db/schema/staff.ts';
import { dataUrl, JPEG_BYTES, PNG_BYTES, register, registration } from '../../../test/accounts.ts';
import { makeBusiness, makeUser, signIn } from '../../../test/factories.ts';
import { makeProducts, newKey } from '../../../test/order-factories.ts';
import { signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let finance: Record<string, string>;
let desk: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  finance = (await signInStaff(t, { email: 'finance-biz@staff.pk', roles: ['Finance'] })).headers;
  desk = (await signInStaff(t, { email: 'desk-biz@staff.pk', roles: ['Order desk'] })).headers;
});
afterAll(async () => t.close());

const CREDIT = { payment_mode: 'Credit', credit_limit: '250000', payment_days: 30, advance_amount: '0' } as const;

/** A business signed up through the real route, with two documents; its Owner's headers. */
async function signedUp(user: Record<string, unknown> = {}) {
  const res = await register(t.app, registration({}, { cnic_image: dataUrl(PNG_BYTES), ntn_certificate_image: dataUrl(JPEG_BYTES, 'image/jpeg'), ...user }));
  expect(res.statusCode, res.body).toBe(200);
  const data = body<{ data: { token: string; result: { id: number } } }>(res).data;
  return { id: data.result.id, owner: { authorization: `Bearer ${data.token}` } };
}

const staffGet = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers });
const read = async (id: number) => body<{ data: StaffBusiness }>(await staffGet(finance, `/api/staff/businesses/${id}`)).data;
const post = (id: number, action: string, payload: object, headers = finance) =>
  t.app.inject({ method: 'POST', url: `/api/staff/businesses/${id}/${action}`, headers, payload });
const patch = (id: number, payload: object, headers = finance) => t.app.inject({ method: 'PATCH', url: `/api/staff/businesses/${id}`, headers, payload });
const auditOf = (id: number) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'business'), eq(auditLog.entityId, String(id)))).orderBy(auditLog.id);
const queue = async (query = '') => body<{ data: BusinessQueuePage }>(await staffGet(finance, `/api/staff/businesses${query}`)).data;

describe('verification queue (issue 18)', () => {
  it('lists a new registration, oldest first, with its documents for staff only and the unproven email flagged', async () => {
    const first = await signedUp();
    const second = await signedUp();
    const page = await queue('?limit=100');
    const ids = page.businesses.map((b) => b.id);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const row = page.businesses.find((b) => b.id === first.id);
    expect(row).toMatchObject({ verification: 'new', documents: 2, email_unproven: true, status: 'active' });

    const b = await read(first.id);
    expect(b.terms.payment_mode).toBe('Cash');
    expect(b.flags.unprovenEmails).toHaveLength(1);
    expect(b.documents.map((d) => d.label).sort()).toEqual(['CNIC front', 'NTN certificate']);
    const doc = b.documents.find((d) => d.kind === 'cnic_image');
    const file = await staffGet(finance, `/api/staff/businesses/${first.id}/documents/${doc?.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    // Not through another business's URL, not with a buyer's token, not without a session.
    expect((await staffGet(finance, `/api/staff/businesses/${second.id}/documents/${doc?.id}`)).statusCode).toBe(404);
    expect((await staffGet(first.owner, `/api/staff/businesses/${first.id}/documents/${doc?.id}`)).statusCode).toBe(401);
    expect((await staffGet({}, `/api/staff/businesses/${first.id}/documents/${doc?.id}`)).statusCode).toBe(401);
  });

  it('pages by keyset: the next page starts after the last row, with no row twice', async () => {
    await signedUp();
    await signedUp();
    const all = (await queue('?limit=100')).businesses.map((b) => b.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: BusinessQueuePage = await queue(`?limit=2${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.businesses.map((b) => b.id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(all);
    expect((await staffGet(finance, '/api/staff/businesses?after=not-a-cursor')).statusCode).toBe(400);
  });
});

describe('asking for documents again (issue 18)', () => {
  it('shows the request to the buyer; the upload puts the business back into the queue as changed', async () => {
    const { id, owner } = await signedUp();
    const b = await read(id);
    const res = await post(id, 'request-documents', { version: b.version, kinds: ['cnic_image'], note: 'The CNIC photo is blurred.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: StaffBusiness }>(res).data).toMatchObject({ verification: 'documents_requested', requested_documents: ['cnic_image'] });
    expect((await queue('?limit=100')).businesses.some((q) => q.id === id)).toBe(false);

    const seen = body<{ data: BuyerVerification }>(await t.app.inject({ method: 'GET', url: '/api/account/verification', headers: owner })).data;
    expect(seen).toMatchObject({ verification: 'documents_requested', note: 'The CNIC photo is blurred.', requested_documents: [{ kind: 'cnic_image', label: 'CNIC front' }] });

    // SPEC 2's upload step, as the buyer's Account Information sends it.
    const up = await register(t.app, { step: 2, business_id: id, business_users: [{ cnic_image: dataUrl(JPEG_BYTES, 'image/jpeg') }] }, owner);
    expect(up.statusCode, up.body).toBe(200);
    const after = await read(id);
    expect(after).toMatchObject({ verification: 'changed', requested_documents: [] });
    expect(after.documents.filter((d) => d.kind === 'cnic_image').map((d) => d.replaced)).toEqual([false, true]);
    expect((await queue()).businesses.find((q) => q.id === id)?.verification).toBe('changed');

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['business.request_documents']);
    expect(audit[0]?.before).toMatchObject({ verification: 'new', requested_documents: [] });
    expect(audit[0]?.after).toMatchObject({ verification: 'documents_requested', requested_documents: ['cnic_image'] });
    // A decision taken on the view before the upload is refused.
    expect((await post(id, 'approve', { version: b.version + 1, terms: CREDIT })).statusCode).toBe(409);
  });

  it('refuses an empty or unknown list of documents and changes nothing', async () => {
    const { id } = await signedUp();
    const b = await read(id);
    for (const kinds of [[], ['passport'], ['cnic_image', 'cnic_image']]) {
      const res = await post(id, 'request-documents', { version: b.version, kinds });
      expect(res.statusCode).toBe(400);
      expect(body(res).error).toBeTruthy();
    }
    expect((await read(id)).version).toBe(b.version);
    expect(await auditOf(id)).toHaveLength(0);
  });
});

describe('approve and reject (issue 18)', () => {
  it('approves on Credit with a limit: the buyer is offered Credit and orders on it', async () => {
    const { id, owner } = await signedUp();
    const b = await read(id);
    const res = await post(id, 'approve', { version: b.version, terms: CREDIT });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: StaffBusiness }>(res).data).toMatchObject({ verification: 'approved', terms: { payment_mode: 'Credit', credit_limit: '250000.00', payment_days: 30 } });
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['business.approve']);
    expect(audit[0]).toMatchObject({ before: { payment_mode: 'Cash', credit_limit: '0.00' }, after: { payment_mode: 'Credit', credit_limit: '250000.00', verification: 'approved' } });

    const seen = body<{ data: BuyerVerification }>(await t.app.inject({ method: 'GET', url: '/api/account/verification', headers: owner })).data;
    expect(seen).toMatchObject({ verification: 'approved', payment_mode: 'Credit' });
    const [product] = await makeProducts(t.database.db, 1, { price: '118.00', tax: '18.00', sellPrice: '100.00' });
    const order = await t.app.inject({ method: 'POST', url: '/api/write/Orders', headers: { ...owner, 'idempotency-key': newKey() }, payload: { payment_mode: 'Credit', order_details: [{ product_id: product?.id, quantity: 2 }] } });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().data.payment_mode).toBe('Credit');
    // Approving twice is refused.
    expect((await post(id, 'approve', { version: b.version + 1, terms: CREDIT })).statusCode).toBe(409);
  });

  it('of two staff deciding on the same view, exactly one succeeds', async () => {
    const { id } = await signedUp();
    const b = await read(id);
    const results = await Promise.all([post(id, 'approve', { version: b.version, terms: CREDIT }), post(id, 'reject', { version: b.version, reason: 'Documents do not match the business name.' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error).toBe(STALE_BUSINESS);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('rejects with a reason the buyer reads, and refuses a missing reason', async () => {
    const { id, owner } = await signedUp();
    const b = await read(id);
    const bad = await post(id, 'reject', { version: b.version, reason: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(await auditOf(id)).toHaveLength(0);
    const res = await post(id, 'reject', { version: b.version, reason: 'The NTN certificate is of another business.' });
    expect(res.statusCode, res.body).toBe(200);
    const seen = body<{ data: BuyerVerification }>(await t.app.inject({ method: 'GET', url: '/api/account/verification', headers: owner })).data;
    expect(seen).toMatchObject({ verification: 'rejected', note: 'The NTN certificate is of another business.', payment_mode: 'Cash' });
  });

  it('refuses a Credit approval without a limit, and bad amounts, changing nothing', async () => {
    const { id } = await signedUp();
    const b = await read(id);
    for (const terms of [{ ...CREDIT, credit_limit: '0' }, { ...CREDIT, credit_limit: '-5' }, { ...CREDIT, credit_limit: '1.234' }, { ...CREDIT, payment_mode: 'Cheque' }]) {
      const res = await post(id, 'approve', { version: b.version, terms });
      expect(res.statusCode, JSON.stringify(terms)).toBe(400);
    }
    expect(await read(id)).toMatchObject({ verification: 'new', version: b.version, terms: { payment_mode: 'Cash' } });
    expect(await auditOf(id)).toHaveLength(0);
  });

  it('lets the Order desk read but not decide', async () => {
    const { id } = await signedUp();
    expect((await staffGet(desk, `/api/staff/businesses/${id}`)).statusCode).toBe(200);
    const b = await read(id);
    expect((await post(id, 'approve', { version: b.version, terms: CREDIT }, desk)).statusCode).toBe(403);
    expect((await patch(id, { version: b.version, notes: 'x' }, desk)).statusCode).toBe(403);
    expect(await auditOf(id)).toHaveLength(0);
  });
});

describe('the business page (issue 18)', () => {
  it('refuses Credit terms for a business not yet verified', async () => {
    const { id } = await signedUp();
    const b = await read(id);
    const res = await patch(id, { version: b.version, terms: CREDIT });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(UNVERIFIED_TERMS);
    expect(await auditOf(id)).toHaveLength(0);
  });

  it("changes an Orderer's limit, notes and numbers in one audited write; a non-Orderer's limit is refused", async () => {
    const business = await makeBusiness(t.database.db);
    const owner = await makeUser(t.database.db, { businessId: business.id, type: 'Owner' });
    const orderer = await makeUser(t.database.db, { businessId: business.id, type: 'Orderer', limit: '50000' });
    const b = await read(business.id);
    const refused = await patch(business.id, { version: b.version, limits: [{ user_id: owner.id, limit: '1000' }] });
    expect(refused.statusCode).toBe(400);
    const other = await makeUser(t.database.db, { type: 'Orderer' });
    expect((await patch(business.id, { version: b.version, limits: [{ user_id: other.id, limit: '1000' }] })).statusCode).toBe(400);
    expect((await patch(business.id, { version: b.version, cnic_number: '123' })).statusCode).toBe(400);
    expect(await auditOf(business.id)).toHaveLength(0);

    const res = await patch(business.id, { version: b.version, notes: 'Pays by cheque on Fridays.', cnic_number: '35202-7654321-9', ntn_number: '1234567-8', limits: [{ user_id: orderer.id, limit: '75000.50' }] });
    expect(res.statusCode, res.body).toBe(200);
    const after = body<{ data: StaffBusiness }>(res).data;
    expect(after).toMatchObject({ notes: 'Pays by cheque on Fridays.', cnic_number: '3520276543219', ntn_number: '12345678' });
    expect(after.users.find((u) => u.id === orderer.id)?.limit).toBe('75000.50');
    const audit = await auditOf(business.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'business.update', before: { notes: '', limits: [{ user_id: orderer.id, limit: '50000.00' }] }, after: { limits: [{ user_id: orderer.id, limit: '75000.50' }] } });
    // The same stale view again: 409, nothing changes.
    expect((await patch(business.id, { version: b.version, notes: 'Other' })).statusCode).toBe(409);
    expect((await read(business.id)).notes).toBe('Pays by cheque on Fridays.');
  });

  it('flags a CNIC, NTN or phone already used by another business', async () => {
    const a = await signedUp({ mobile_no: '923009998877' });
    const other = await makeBusiness(t.database.db, { name: 'Older Traders Co' });
    const user = await makeUser(t.database.db, { businessId: other.id, type: 'Owner' });
    await t.database.db.update(businessUsers).set({ nationalIdentityCard: '35202-1112223-5', mobileNo: '923009998877' }).where(eq(businessUsers.id, user.id));
    await t.database.db.update(businesses).set({ ntnNumber: '7654321' }).where(eq(businesses.id, other.id));
    const b = await read(a.id);
    expect(b.flags.phone.map((x) => x.id)).toEqual([other.id]);
    expect(b.flags.cnic).toEqual([]);
    const res = await patch(a.id, { version: b.version, cnic_number: '3520211122235', ntn_number: '765432-1' });
    expect(res.statusCode, res.body).toBe(200);
    const flagged = body<{ data: StaffBusiness }>(res).data.flags;
    expect(flagged.cnic).toEqual([{ id: other.id, name: 'Older Traders Co' }]);
    expect(flagged.ntn).toEqual([{ id: other.id, name: 'Older Traders Co' }]);
    expect((await queue('?limit=100')).businesses.find((q) => q.id === a.id)?.has_duplicates).toBe(true);
  });

  it('on hold: orders are refused with a message; closed: sign-in is refused and sessions end', async () => {
    const business = await makeBusiness(t.database.db);
    const owner = await makeUser(t.database.db, { businessId: business.id, type: 'Owner' });
    const buyer = await signIn(t.app, owner.email);
    const [product] = await makeProducts(t.database.db, 1, { price: '118.00', tax: '18.00', sellPrice: '100.00' });
    const order = () => t.app.inject({ method: 'POST', url: '/api/write/Orders', headers: { ...buyer, 'idempotency-key': newKey() }, payload: { payment_mode: 'Cash', order_details: [{ product_id: product?.id, quantity: 1 }] } });
    let b = await read(business.id);
    expect((await patch(business.id, { version: b.version, status: 'on_hold' })).statusCode).toBe(200);
    const held = await order();
    expect(held.statusCode).toBe(403);
    expect(held.json().error).toBe(ON_HOLD_MESSAGE);
    const [{ n } = { n: -1 }] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sql`orders`).where(sql`business_id = ${business.id}`);
    expect(n).toBe(0);

    b = await read(business.id);
    expect((await patch(business.id, { version: b.version, status: 'active' })).statusCode).toBe(200);
    expect((await order()).statusCode).toBe(200);

    b = await read(business.id);
    expect((await patch(business.id, { version: b.version, status: 'closed' })).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: 'Secret@12345' } });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe(CLOSED_MESSAGE);
    // A wrong password still answers as for anyone (the closed state is not revealed to a stranger).
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: 'Wrong@12345' } })).statusCode).toBe(401);
    expect((await order()).statusCode).toBe(401);
    expect((await auditOf(business.id)).map((a) => (a.after as { status: string }).status)).toEqual(['on_hold', 'active', 'closed']);
  });
});
