import { PASSWORD_MESSAGES } from '@shop/domain/password-policy';
import { describe, expect, it } from 'vitest';
import { checkPassword, commonPasswords } from './password-policy.ts';

describe('checkPassword (issue 14 point 5, NIST SP 800-63B)', () => {
  it('draws on a list of at least 100,000 common, breached and dictionary passwords', async () => {
    const [common, english] = await Promise.all([import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]);
    const all = new Set([...Object.values(common.dictionary), ...Object.values(english.dictionary)].flat().map((w) => w.toLowerCase()));
    expect(all.size).toBeGreaterThanOrEqual(100_000);
    // Kept: every entry long enough to be a password at all.
    expect((await commonPasswords()).size).toBe([...all].filter((w) => w.length >= 8).length);
  });

  it('refuses common passwords in any case or spacing, with the reason', async () => {
    for (const p of ['password', '12345678', 'admin123', 'PASSWORD', 'Pass Word', 'iloveyou!', 'qwerty123']) {
      expect(await checkPassword(p), p).toBe(PASSWORD_MESSAGES.common);
    }
  });

  it("refuses the email's name and the business name", async () => {
    const context = { email: 'kashif.traders@gmail.com', businessName: 'Al-Noor Cash & Carry' };
    expect(await checkPassword('KashifTraders#9', context)).toBe(PASSWORD_MESSAGES.containsEmail);
    expect(await checkPassword('alnoorcashcarry', context)).toBe(PASSWORD_MESSAGES.containsBusiness);
    expect(await checkPassword('short1!', context)).toBe(PASSWORD_MESSAGES.tooShort);
  });

  it('accepts the demo password and ordinary strong ones', async () => {
    expect(await checkPassword('Demo@12345', { email: 'owner@demo.pk', businessName: 'Demo Kiryana Traders' })).toBeNull();
    expect(await checkPassword('Monsoon#Tea42')).toBeNull();
    expect(await checkPassword('chai paratha at seven')).toBeNull();
  });
});
