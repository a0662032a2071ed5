import { randomInt } from 'node:crypto';
import { STAFF_RECOVERY_CODE_COUNT } from '@shop/domain/staff';
import { generateSecret, generateURI, verify } from 'otplib';

export const TOTP_ISSUER = 'Wholesale back office';

export const newTotpSecret = () => generateSecret();

export const totpUri = (email: string, secret: string) => generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/**
 * RFC 6238 with the authenticator apps' defaults (SHA-1, 6 digits, 30 s). One step of clock drift
 * either way is accepted; a step at or before `afterStep` is not (a code is good once). Returns the
 * accepted time step, or null.
 */
export async function verifyTotp(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: 30, ...(afterStep != null ? { afterTimeStep: afterStep } : {}) });
    if (!result.valid) return null;
    // The TOTP result carries the matched step; the HOTP-shaped union type does not say so.
    const step = (result as { timeStep?: number }).timeStep;
    return typeof step === 'number' ? step : null;
  } catch {
    // otplib throws on a malformed token or an afterTimeStep beyond the window: not a valid code.
    return null;
  }
}

// No 0/O, 1/I/L: a recovery code is read off paper and typed.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Ten codes shown once, as XXXXX-XXXXX (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: STAFF_RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** How a typed recovery code is compared: upper case, no dash or spaces. */
export const normalizeRecoveryCode = (code: string) => code.toUpperCase().replace(/[-\s]/g, '');
