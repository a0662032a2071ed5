import { addLines, type CartLine } from '@shop/domain/cart';
import { useSyncExternalStore } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from './storage.ts';

// The cart lives in local storage so it survives reloads (issue 5); this store lets every
// component read it and re-render on change, including changes from another tab.

type Listener = () => void;
const listeners = new Set<Listener>();
let lines: CartLine[] = readJson<CartLine[]>(STORAGE_KEYS.cart) ?? [];

function emit() {
  for (const l of listeners) l();
}

function reload() {
  lines = readJson<CartLine[]>(STORAGE_KEYS.cart) ?? [];
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => e.key === STORAGE_KEYS.cart && reload());
  window.addEventListener('cart-storage', reload);
}

export function getCart(): CartLine[] {
  return lines;
}

export function updateCart(update: (current: CartLine[]) => CartLine[]) {
  lines = update(lines);
  writeJson(STORAGE_KEYS.cart, lines);
  emit();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCart(): CartLine[] {
  return useSyncExternalStore(subscribe, getCart, getCart);
}

/**
 * Issue 21: lines priced by the server (a reorder, a quick order, an order list) put in the cart
 * together; answers how many products went in.
 */
export function addCartLines(additions: readonly CartLine[]): number {
  const added = additions.filter((l) => l.quantity > 0 && l.stock > 0);
  if (added.length) updateCart((current) => addLines(current, added));
  return added.length;
}
