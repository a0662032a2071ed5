import type { UserType } from '@shop/domain/constants';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { businesses, businessUsers } from '../src/db/schema/business.ts';
import { hashPassword } from '../src/lib/passwords.ts';

let counter = 0;
const passwordHashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  return passwordHashes.get(password) as Promise<string>;
};

export const TEST_PASSWORD = 'Secret@12345';

export interface BusinessOptions {
  name?: string;
  paymentMode?: 'Cash' | 'Credit' | 'Advance';
}

export async function makeBusiness(db: Db, options: BusinessOptions = {}) {
  counter++;
  const [business] = await db
    .insert(businesses)
    .values({ name: options.name ?? `Test Business ${counter}`, paymentMode: options.paymentMode ?? 'Cash' })
    .returning();
  if (!business) throw new Error('no business');
  return business;
}

export interface UserOptions {
  businessId?: number;
  type?: Exclude<UserType, 'Guest'>;
  email?: string;
  password?: string;
  limit?: string;
  helpNo?: string;
}

export async function makeUser(db: Db, options: UserOptions = {}) {
  counter++;
  const businessId = options.businessId ?? (await makeBusiness(db)).id;
  const [user] = await db
    .insert(businessUsers)
    .values({
      businessId,
      type: options.type ?? 'Orderer',
      name: `Test User ${counter}`,
      email: (options.email ?? `user${counter}-${Date.now()}@test.pk`).toLowerCase(),
      passwordHash: await hashOnce(options.password ?? TEST_PASSWORD),
      limit: options.limit ?? '0',
      helpNo: options.helpNo ?? '+92 300 1112223',
      address: 'Shop 1, Test Road, Lahore',
      mobileNo: '923001112223',
      emailProvenAt: new Date().toISOString(),
    })
    .returning();
  if (!user) throw new Error('no user');
  return user;
}

/** Signs a user in through the API and returns the bearer header. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const token = (res.json() as { data: { token: string } }).data.token;
  return { authorization: `Bearer ${token}` };
}

export async function guestHeaders(app: FastifyInstance) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { step: 'Guest' } });
  const token = (res.json() as { data: { token: string } }).data.token;
  return { authorization: `Bearer ${token}` };
}
