import { useSyncExternalStore } from 'react';

/**
 * Issue 36: what the buyer types at checkout besides the payment mode: their own reference and the
 * delivery day asked for. Kept beside the cart (not in local storage: a new order starts empty) so the
 * cart page sends them with the order without holding more state of its own.
 */
export interface CheckoutFacts {
  reference: string;
  /** 'YYYY-MM-DD', or '' for the next delivery day. */
  day: string;
}

const EMPTY: CheckoutFacts = { reference: '', day: '' };
let facts: CheckoutFacts = EMPTY;
const listeners = new Set<() => void>();

export function setCheckoutFacts(change: Partial<CheckoutFacts>) {
  facts = { ...facts, ...change };
  for (const l of listeners) l();
}

export const resetCheckoutFacts = () => setCheckoutFacts(EMPTY);

export function useCheckoutFacts(): CheckoutFacts {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => facts,
    () => facts,
  );
}

/**
 * The order's fields, sent only when given: left out, a new order has none, and a pending order being
 * confirmed keeps its own (PlaceOrderInputSchema).
 */
export function checkoutFactsPayload(): { order_reference?: string; requested_delivery_day?: string } {
  return {
    ...(facts.reference.trim() ? { order_reference: facts.reference.trim() } : {}),
    ...(facts.day ? { requested_delivery_day: facts.day } : {}),
  };
}
