import type { PaymentMode } from '@shop/domain/constants';
import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from './storage.ts';

/**
 * SPEC 3 "Cart-level data" of a pending-approval cart: set when an Approver opens a Pending order
 * to edit or review it (SPEC 2 Pending Approvals). Kept in local storage beside the cart so the
 * approver flag survives the trip through /home and a reload; cleared with the cart.
 */
export interface PendingCart {
  orderId: number;
  order_number: string;
  business_user_id: number;
  business_id: number;
  cm_id: string | null;
  business_name: string;
  order_by: string;
  delivery_id: number | null;
  customer_id: string | null;
  address: string;
  payment_mode: PaymentMode;
}

const KEY = '@pendingOrder';
type Listener = () => void;
const listeners = new Set<Listener>();
let current: PendingCart | null = typeof localStorage === 'undefined' ? null : readJson<PendingCart>(KEY);

function emit() {
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') {
  const reload = () => {
    current = readJson<PendingCart>(KEY);
    emit();
  };
  window.addEventListener('storage', (e) => (e.key === KEY || e.key === null) && reload());
  // Sign-out clears local storage and tells the cart store with this event.
  window.addEventListener('cart-storage', reload);
}

export const getPendingCart = () => current;

export function setPendingCart(value: PendingCart | null) {
  current = value;
  if (value) writeJson(KEY, value);
  else localStorage.removeItem(KEY);
  emit();
}

export function usePendingCart(): PendingCart | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getPendingCart,
    getPendingCart,
  );
}
