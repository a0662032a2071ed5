import { errors, jwtVerify, SignJWT } from 'jose';
import type { UserType } from '@shop/domain/constants';

export interface AuthClaims {
  /** business_users.id for a registered user; 0 for a guest. */
  userId: number;
  type: UserType;
  businessId: number | null;
}

const ALG = 'HS256';
const ISSUER = 'wholesale-shop';

export interface TokenService {
  sign(claims: AuthClaims): Promise<string>;
  verify(token: string): Promise<AuthClaims | null>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      return new SignJWT({ typ: claims.type, bid: claims.businessId })
        .setProtectedHeader({ alg: ALG })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(claims.type === 'Guest' ? '30d' : '7d')
        .sign(key);
    },
    async verify(token) {
      try {
        // The algorithm is fixed: a token signed otherwise (or unsigned, alg none) is refused.
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER });
        const userId = Number(payload.sub);
        const type = payload.typ;
        if (!Number.isSafeInteger(userId) || typeof type !== 'string') return null;
        const bid = payload.bid;
        return { userId, type: type as UserType, businessId: typeof bid === 'number' ? bid : null };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}
