import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { guestHeaders } from '../../../test/factories.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { feedback } from '../../db/schema/support.ts';
import { LIMITS } from '../../lib/rate-limit.ts';
import { FEEDBACK_BUSY, FEEDBACK_FULL, saveFeedback } from './feedback.service.ts';

// Issue 14 point 7: besides the caps per address and per account, a budget for the whole shop.
let t: TestApp;
let guest: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  guest = await guestHeaders(t.app);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

let address = 0;
// Every sender has its own address, so only the shop-wide budget can refuse.
const send = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/public_route/app_feedback',
    payload: { name: 'Ayesha Khan', email: 'ayesha@test.pk', mobile_no: '03001234567', type: 'Complaint', message: 'Late delivery.' },
    headers: guest,
    remoteAddress: `10.${60 + Math.floor(++address / 250)}.0.${address % 250}`,
  });
const rows = async () => (await t.database.db.select({ n: count() }).from(feedback))[0]?.n ?? 0;

describe('shop-wide feedback budget', () => {
  it('many addresses together get 30 a minute, then a clear message with Retry-After; a day holds 500', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T08:00:00Z') });
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.feedbackShopMinute.max; i++) statuses.push((await send()).statusCode);
    expect(statuses.slice(0, LIMITS.feedbackShopMinute.max).every((s) => s === 200)).toBe(true);
    const busy = await send();
    expect([busy.statusCode, body(busy).error]).toEqual([429, FEEDBACK_BUSY]);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(busy.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Minute after minute, until the day's budget is spent.
    let stored = await rows();
    while (stored < LIMITS.feedbackShopDay.max) {
      vi.setSystemTime(Date.now() + 61_000);
      for (let i = 0; i < LIMITS.feedbackShopMinute.max && stored < LIMITS.feedbackShopDay.max; i++) {
        expect((await send()).statusCode).toBe(200);
        stored++;
      }
    }
    vi.setSystemTime(Date.now() + 61_000);
    const full = await send();
    expect([full.statusCode, body(full).error]).toEqual([429, FEEDBACK_FULL]);
    expect(await rows()).toBe(LIMITS.feedbackShopDay.max);
  }, 120_000);

  it('refuses new feedback once the table holds its cap, and stores nothing', async () => {
    const before = await rows();
    const input = { name: 'Ayesha Khan', email: 'ayesha@test.pk', mobile_no: '03001234567', type: 'Complaint' };
    await expect(saveFeedback(t.database.db, null, input, before)).rejects.toMatchObject({ statusCode: 503, message: FEEDBACK_FULL });
    await expect(saveFeedback(t.database.db, null, input, before + 1)).resolves.toBeGreaterThan(0);
    expect(await rows()).toBe(before + 1);
  });
});
