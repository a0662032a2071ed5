import type { Ledgers } from '@shop/domain/orders';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../../test/demo-app.ts';
import { body } from '../../../test/test-app.ts';

const demo = useDemoApp();
const { h, me, get } = demo;

describe('GET /api/ledgers (SPEC 2 Outstandings)', () => {
  it('answers entries in all four aging buckets and the Credit outstanding total', async () => {
    const res = await get(`/api/ledgers?BusinessUserId=${me.credit?.id}`, h.credit as never);
    expect(res.statusCode).toBe(200);
    const data = body<{ data: Ledgers }>(res).data;
    expect(data.entries.length).toBeGreaterThanOrEqual(5);
    for (const k of ['zero_to_zero', 'one_to_fourteen', 'fifteen_to_twentynine', 'thirty_to_onward'] as const) {
      expect(Number(data.buckets[k]), k).toBeGreaterThan(0);
    }
    const credit = data.entries.filter((e) => e.payment_mode === 'Credit').reduce((n, e) => n + Math.round(Number(e.payable) * 100), 0);
    expect(data.credit_outstanding).toBe((credit / 100).toFixed(2));
    expect(data.entries.some((e) => e.payment_mode === 'Cash')).toBe(true);
    expect(Number(data.credit_outstanding)).toBeLessThan(Number(data.payable));
  });

  it('refuses Guests, and another user named in the query', async () => {
    expect((await get('/api/ledgers', h.guest as never)).statusCode).toBe(403);
    expect((await get(`/api/ledgers?BusinessUserId=${me.credit?.id}`, h.orderer as never)).statusCode).toBe(404);
    const own = body<{ data: Ledgers }>(await get('/api/ledgers', h.orderer as never)).data;
    expect(own.entries.every((e) => e.payment_mode === 'Cash')).toBe(true);
  });

  it("is empty for a user without entries", async () => {
    const data = body<{ data: Ledgers }>(await get('/api/ledgers', h.owner as never)).data;
    expect(data.entries).toEqual([]);
    expect(data.credit_outstanding).toBe('0.00');
  });
});

