import type { Business, BusinessUser, Invoice } from '@shop/domain/orders';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../../test/demo-app.ts';
import { body } from '../../../test/test-app.ts';

const demo = useDemoApp();
const { h, me, get } = demo;

describe('business, user and invoice reads', () => {
  it("answers the caller's business credit and 404 for another business", async () => {
    const own = await get(`/api/read/Businesses/${me.credit?.businessId}`, h.credit as never);
    const data = body<{ data: Business }>(own).data;
    expect(data.payment_mode).toBe('Credit');
    expect(data.business_credits[0]?.payment_days).toBe(30);
    expect((await get(`/api/read/Businesses/${me.orderer?.businessId}`, h.credit as never)).statusCode).toBe(404);
    expect((await get(`/api/read/Businesses/${me.orderer?.businessId}`, h.guest as never)).statusCode).toBe(403);
  });

  it('answers a user of the same business with the address and no secrets; 404 across businesses', async () => {
    const res = await get(`/api/read/Business_Users/${me.orderer?.id}`, h.approver as never);
    const user = body<{ data: BusinessUser }>(res).data;
    expect(user.address).toContain('Gulberg');
    expect(JSON.stringify(res.json())).not.toMatch(/password|hash|scrypt/i);
    expect((await get(`/api/read/Business_Users/${me.credit?.id}`, h.orderer as never)).statusCode).toBe(404);
  });

  it("lists the caller's invoices only", async () => {
    const res = await get(`/api/read/Invoices?filter=business_user_id&filterValue=${me.credit?.id}`, h.credit as never);
    const list = body<{ data: Invoice[] }>(res).data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((i) => i.business_user_id === me.credit?.id)).toBe(true);
    expect((await get(`/api/read/Invoices?filter=business_user_id&filterValue=${me.credit?.id}`, h.orderer as never)).statusCode).toBe(404);
  });
});

