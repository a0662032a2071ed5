import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.ts';

const secret = 'unit-test-secret-unit-test-secret-0123456789';
const inAnHour = () => Date.now() + 3_600_000;

describe('token service', () => {
  it('signs and verifies claims with the session id and times, also from its cache', async () => {
    const tokens = createTokenService(secret);
    const expiresAt = inAnHour();
    const token = await tokens.sign({ userId: 7, type: 'Orderer', businessId: 3, sid: 's1' }, expiresAt);
    const expected = { userId: 7, type: 'Orderer', businessId: 3, sid: 's1', expiresAt: Math.floor(expiresAt / 1000) * 1000 };
    expect(await tokens.verify(token)).toMatchObject(expected);
    expect(await tokens.verify(token)).toMatchObject(expected);
  });

  it('will not sign a registered token without a session and an end', async () => {
    const tokens = createTokenService(secret);
    await expect(tokens.sign({ userId: 7, type: 'Orderer', businessId: 3 }, inAnHour())).rejects.toThrow();
    await expect(tokens.sign({ userId: 7, type: 'Orderer', businessId: 3, sid: 's1' })).rejects.toThrow();
    const guest = await tokens.verify(await tokens.sign({ userId: 0, type: 'Guest', businessId: null }));
    expect(guest?.sid).toBeUndefined();
    expect((guest?.expiresAt ?? 0) - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });

  it('refuses a token of another secret and a tampered one, even after a good one was cached', async () => {
    const tokens = createTokenService(secret);
    const other = createTokenService(`${secret}-other`);
    const good = await tokens.sign({ userId: 1, type: 'Owner', businessId: 1, sid: 's1' }, inAnHour());
    await tokens.verify(good);
    expect(await tokens.verify(await other.sign({ userId: 1, type: 'Owner', businessId: 1, sid: 's1' }, inAnHour()))).toBeNull();
    expect(await tokens.verify(`${good.slice(0, -2)}xx`)).toBeNull();
  });
});
