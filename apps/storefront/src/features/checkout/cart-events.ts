import { STORAGE_KEYS } from '../../session/storage-keys.ts';

/** Fired with the cart's item count when it changes (the header listens; kept tiny for the first chunk). */
export const CART_CHANGED_EVENT = 'probe:cart-changed';

/** The last count seen is kept, so the header shows it on the next page load without a request. */
const CART_COUNT_KEY = STORAGE_KEYS.cartCount;

export function announceCartCount(count: number): void {
  if (typeof window === 'undefined') return;
  if (count) localStorage.setItem(CART_COUNT_KEY, String(count));
  else localStorage.removeItem(CART_COUNT_KEY);
  window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail: count }));
}

export function lastCartCount(): number {
  return Number(localStorage.getItem(CART_COUNT_KEY)) || 0;
}
