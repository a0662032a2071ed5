import type { InjectOptions } from 'fastify';
import type { Actor } from './world.ts';

/** What each caller gets on a staff route: buyers and anonymous callers `others` (401), staff 403 unless given. */
export const staffOnly = (staff: number | Partial<Record<Actor, number>>, others = 401): Record<Actor, number> => {
  const s = typeof staff === 'number' ? { staffAdmin: staff, staffDesk: staff, staffFinance: staff, staffCatalogue: staff } : staff;
  return { anonymous: others, guest: others, owner: others, orderer: others, approver: others, viewer: others, otherBusiness: others, staffAdmin: 403, staffDesk: 403, staffFinance: 403, staffCatalogue: 403, ...s };
};
export const get = (url: string) => (): InjectOptions => ({ method: 'GET', url });
