/** Who the authorization matrix calls as (world.ts builds them; staff-world.ts the staff people). */
export const BUYER_ACTORS = ['anonymous', 'guest', 'owner', 'orderer', 'approver', 'viewer', 'otherBusiness'] as const;
/** Staff people (issue 16), one per role, signed in with their cookie and CSRF token and no buyer token. */
export const STAFF_ACTORS = ['staffAdmin', 'staffDesk', 'staffFinance', 'staffCatalogue'] as const;
export const ACTORS = [...BUYER_ACTORS, ...STAFF_ACTORS] as const;
export type Actor = (typeof ACTORS)[number];
export type StaffActor = (typeof STAFF_ACTORS)[number];
export type BuyerUserActor = Exclude<(typeof BUYER_ACTORS)[number], 'anonymous' | 'guest'>;
export const isStaffActor = (actor: Actor): actor is StaffActor => (STAFF_ACTORS as readonly string[]).includes(actor);
/** A signed-in user of a business (not anonymous, not a guest, not staff). */
export const isBuyerUser = (actor: Actor): actor is BuyerUserActor => actor !== 'anonymous' && actor !== 'guest' && !isStaffActor(actor);

export const ACTOR_LABELS: Record<Actor, string> = {
  anonymous: 'anonymous (no token)',
  guest: 'Guest',
  owner: 'Owner',
  orderer: 'Orderer',
  approver: 'Approver',
  viewer: 'other user type (Viewer)',
  otherBusiness: "another business's user",
  staffAdmin: 'staff: Admin',
  staffDesk: 'staff: Order desk',
  staffFinance: 'staff: Finance',
  staffCatalogue: 'staff: Catalogue',
};

