import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordProblem } from './password-policy.ts';

describe('passwordProblem (issue 14 point 5)', () => {
  it('accepts the demo password and a passphrase', () => {
    expect(passwordProblem('Demo@12345', { email: 'owner@demo.pk', businessName: 'Demo Kiryana Traders' })).toBeNull();
    expect(passwordProblem('monsoon tea at four', { email: 'ali@x.pk' })).toBeNull();
  });

  it('refuses short, repeated and context passwords with a reason', () => {
    expect(passwordProblem('Ab@1234')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('aaaaaaaaaa')).toBe(PASSWORD_MESSAGES.oneCharacter);
    expect(passwordProblem('Kashif.Ali!2024', { email: 'kashif.ali@shop.pk' })).toBe(PASSWORD_MESSAGES.containsEmail);
    expect(passwordProblem('alfalah-traders-1', { email: 'x@y.pk', businessName: 'Alfalah Traders' })).toBe(PASSWORD_MESSAGES.containsBusiness);
  });

  it('does not ban every password holding a short name', () => {
    expect(passwordProblem('Ali@Rawalpindi9', { email: 'ali@x.pk' })).toBeNull();
  });
});
