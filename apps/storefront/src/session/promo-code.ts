import { STORAGE_KEYS } from './storage-keys.ts';

/** Removes a first or trailing slash from a code taken from a link (spec §5). */
function clean(value: string): string {
  return value.replace(/^\//, '').replace(/\/$/, '').trim();
}

/**
 * Spec §5: the promo code from the rsCode or voucherCode query parameter (the first entry when the
 * parameter is repeated), else the stored promo code. A code found in the URL is stored.
 */
export function readPromoCode(search: string, storage: Storage = localStorage): string | null {
  const params = new URLSearchParams(search);
  for (const name of ['rsCode', 'voucherCode']) {
    const first = params.getAll(name)[0];
    if (first !== undefined) {
      const code = clean(first);
      if (code) {
        storage.setItem(STORAGE_KEYS.promoCode, code);
        return code;
      }
    }
  }
  return storage.getItem(STORAGE_KEYS.promoCode);
}
