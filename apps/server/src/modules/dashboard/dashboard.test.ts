import type { Dashboard } from '@shop/domain/dashboard';
import { formatKarachiDate } from '@shop/domain/karachi-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, PNG_BYTES, register, registration } from '../../../test/accounts.ts';
import { makeBusiness, makeUser, signIn } from '../../../test/factories.ts';
import { makeProducts, newKey } from '../../../test/order-factories.ts';
import { signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { karachiDays } from './dashboard.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => t.close());

const read = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/staff/dashboard', headers });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: Dashboard }>(res).data;
};

describe('staff dashboard (issue 18)', () => {
  it('counts orders today by status, Pending over 2 hours, orders per Pakistan day and registrations waiting', async () => {
    const finance = (await signInStaff(t, { email: 'dash-finance@staff.pk', roles: ['Finance'] })).headers;
    const db = t.database.db;
    const business = await makeBusiness(db);
    // A trading business, verified: only the registration below waits.
    await db.execute(sql`update businesses set verification = 'approved' where id = ${business.id}`);
    const orderer = await makeUser(db, { businessId: business.id, type: 'Orderer', limit: '100' });
    const buyer = await signIn(t.app, orderer.email);
    const [product] = await makeProducts(db, 1, { price: '118.00', tax: '18.00', sellPrice: '100.00' });
    const place = async (quantity: number) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/write/Orders', headers: { ...buyer, 'idempotency-key': newKey() }, payload: { payment_mode: 'Cash', order_details: [{ product_id: product?.id, quantity }] } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: number; status: string };
    };
    const small = await place(1); // Rs. 118 is over the Rs. 100 limit: Pending
    const old = await place(2);
    const older = await place(3);
    expect([small.status, old.status, older.status]).toEqual(['Pending', 'Pending', 'Pending']);
    await db.execute(sql`update orders set created_at = now() - interval '3 hours' where id = ${old.id}`);
    await db.execute(sql`update orders set created_at = now() - interval '5 days' where id = ${older.id}`);
    await register(t.app, registration({}, { cnic_image: dataUrl(PNG_BYTES) }));

    const d = await read(finance);
    const today = formatKarachiDate(new Date());
    expect(d.today).toBe(today);
    // The order of 3 hours ago may fall on yesterday just after midnight in Pakistan.
    const oldToday = formatKarachiDate(new Date(Date.now() - 3 * 3_600_000)) === today;
    expect(d.orders?.today_by_status.Pending).toBe(oldToday ? 2 : 1);
    expect(d.orders?.today_by_status.Delivered).toBe(0);
    expect(d.orders?.pending_over_alert).toBe(2);
    expect(d.orders?.per_day).toHaveLength(30);
    expect(d.orders?.per_day.at(-1)?.date).toBe(today);
    expect(d.orders?.per_day.reduce((n, p) => n + p.count, 0)).toBe(3);
    expect(d.orders?.per_day.find((p) => p.date === formatKarachiDate(new Date(Date.now() - 5 * 86_400_000)))?.count).toBe(1);
    expect(d.registrations_waiting).toBe(1);
    // Money owed by age: the same buckets and overdue total as Finance's aging summary.
    const aging = await t.app.inject({ method: 'GET', url: '/api/staff/finance/aging', headers: finance });
    const summary = body<{ data: { totals: unknown; overdue: string } }>(aging).data;
    expect(d.money).toEqual({ buckets: summary.totals, overdue: summary.overdue });
  });

  it('gives each role only its figures', async () => {
    const admin = (await signInStaff(t, { email: 'dash-admin@staff.pk', roles: ['Admin'] })).headers;
    const desk = (await signInStaff(t, { email: 'dash-desk@staff.pk', roles: ['Order desk'] })).headers;
    expect(await read(admin)).toMatchObject({ orders: null, registrations_waiting: null, money: null, feedback_new: null });
    const d = await read(desk);
    expect(d.money).toBeNull();
    // The Order desk answers the feedback inbox: its new messages are counted, and one taken up is not.
    const buyer = await signIn(t.app, (await makeUser(t.database.db, { type: 'Owner' })).email);
    const payload = { name: 'Ayesha Khan', email: 'ayesha@test.pk', mobile_no: '03001234567', type: 'Suggestion', subject: 'Stock', message: 'Please stock Shan masala 100 g.' };
    const sent = await t.app.inject({ method: 'POST', url: '/api/public_route/app_feedback', headers: buyer, payload });
    expect(sent.statusCode).toBe(200);
    const withNew = (await read(desk)).feedback_new as number;
    expect(withNew).toBeGreaterThanOrEqual(1);
    await t.database.db.execute(sql`update feedback set status = 'in_progress' where message = 'Please stock Shan masala 100 g.'`);
    expect((await read(desk)).feedback_new).toBe(withNew - 1);
    expect((await read(admin)).feedback_new).toBeNull();
    expect(d.orders).not.toBeNull();
    expect(d.registrations_waiting).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/dashboard' })).statusCode).toBe(401);
  });

  it('lists 30 consecutive Pakistan days', () => {
    const days = karachiDays('2026-03-01', 30);
    expect(days[0]).toBe('2026-01-31');
    expect(days.at(-1)).toBe('2026-03-01');
    expect(new Set(days).size).toBe(30);
  });
});
