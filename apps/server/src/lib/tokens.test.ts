import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.ts';

const secret = 'unit-test-secret-unit-test-secret-0123456789';

describe('token service', () => {
  it('signs and verifies claims, also from its cache', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign({ userId: 7, type: 'Orderer', businessId: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, type: 'Orderer', businessId: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, type: 'Orderer', businessId: 3 });
  });

  it('refuses a token of another secret and a tampered one, even after a good one was cached', async () => {
    const tokens = createTokenService(secret);
    const other = createTokenService(`${secret}-other`);
    const good = await tokens.sign({ userId: 1, type: 'Owner', businessId: 1 });
    await tokens.verify(good);
    expect(await tokens.verify(await other.sign({ userId: 1, type: 'Owner', businessId: 1 }))).toBeNull();
    expect(await tokens.verify(`${good.slice(0, -2)}xx`)).toBeNull();
  });
});
