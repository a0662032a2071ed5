import type { UserType } from './constants.ts';

// SPEC 6: roles and permissions. The server enforces these; the web app mirrors them.
export interface Capabilities {
  canChangePassword: boolean;
  canSeeOrders: boolean;
  canSeePending: boolean;
  canSeeLedgers: boolean;
  /** Place order: the Owner's is "not shown" in the spec; we allow it (an owner runs the business). */
  canPlaceOrder: boolean;
  /** An Approver may place an order only with the approver flag (confirming a pending order). */
  needsApproverFlagToOrder: boolean;
  canApprove: boolean;
}

export function capabilitiesOf(type: UserType | null | undefined): Capabilities {
  const t = type ?? 'Guest';
  const registered = t !== 'Guest';
  return {
    canChangePassword: registered,
    canSeeOrders: registered,
    canSeePending: registered && t !== 'Owner',
    canSeeLedgers: registered,
    canPlaceOrder: registered,
    needsApproverFlagToOrder: t === 'Approver',
    canApprove: t === 'Approver',
  };
}

export interface MenuEntry {
  label: 'Account Information' | 'Order History' | 'Pending Approvals' | 'Outstandings';
  to: string;
}

/** SPEC 2/6: the account menu entries a user type sees (Sign Out is always there too). */
export function accountMenuEntries(type: UserType | null | undefined): MenuEntry[] {
  const c = capabilitiesOf(type);
  const entries: MenuEntry[] = [{ label: 'Account Information', to: '/userInfo' }];
  if (c.canSeeOrders) entries.push({ label: 'Order History', to: '/orders' });
  if (c.canSeePending) entries.push({ label: 'Pending Approvals', to: '/pending' });
  if (c.canSeeLedgers) entries.push({ label: 'Outstandings', to: '/ledgers' });
  return entries;
}

export const NOT_ALLOWED_TO_ORDER = 'You are not allowed place order';
export const CANNOT_APPROVE = 'You cannot approve order!';

/**
 * SPEC 2/6 Pending Approvals: whoever may see /pending may take a Pending order to the cart (Edit
 * Order to /home, Review And Payment Address to /cart, both with the approver flag); only an
 * Approver may approve or reject it. The page and the server both ask this.
 */
export function pendingOrderRights(type: UserType | null | undefined): { canOpenInCart: boolean; canDecide: boolean } {
  const c = capabilitiesOf(type);
  return { canOpenInCart: c.canSeePending, canDecide: c.canApprove };
}

/**
 * What Place order does with a cart that carries a Pending order (SPEC 4 approver flag):
 * - `confirm`: an Approver confirms it; that same order goes In Process.
 * - `resubmit`: its own Orderer (or another non-Owner who sees /pending) sends the edited order
 *   again; that same order is re-priced and its status decided by the usual rule (Pending over
 *   the Cash limit), so the flag never lets anyone but an Approver skip approval.
 * - `refused`: anyone else ('You cannot approve order!').
 */
export type PendingPlacement = 'confirm' | 'resubmit' | 'refused';

export function pendingPlacement(type: UserType | null | undefined, isOwnOrder: boolean): PendingPlacement {
  const c = capabilitiesOf(type);
  if (c.canApprove) return 'confirm';
  if (c.canSeePending && c.canPlaceOrder && isOwnOrder) return 'resubmit';
  return 'refused';
}
