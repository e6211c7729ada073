import { countryPermits } from '@probe/domain';
import type { CatalogueSnapshot } from '../catalogue/index.ts';
import { fail, type CheckoutError } from './errors.ts';
import { variantById } from './price.ts';
import type { LoadedCheckout } from './repo.ts';

/** A line the new country does not sell, named as the buyer saw it (the old country's catalogue, the checkout's language). */
export interface UnsoldLine {
  sku: string;
  name: string;
  quantity: number;
  isFree: boolean;
}

/**
 * ChangeCheckoutCountry (spec §7): which of the checkout's lines the new country prices (kept, repriced there)
 * and which it does not sell. Those are named: refused one by one (COUNTRY_NOT_AVAILABLE on `lines`) unless the
 * buyer agreed to leave them behind, in which case they are reported as removed. Nothing goes silently.
 */
export function splitForCountry(checkout: LoadedCheckout, from: CatalogueSnapshot, to: CatalogueSnapshot) {
  // Sold there: priced, and permitted by the country's permissions when it is restricted shop data (spec 6).
  const kept = checkout.lines.filter((l) => {
    const variant = variantById(to, l.variantId);
    return variant?.price && countryPermits(to.country.permissions, variant);
  });
  const unsold: UnsoldLine[] = checkout.lines.filter((l) => !kept.includes(l)).map((l) => {
    const variant = variantById(from, l.variantId);
    const name = !variant ? `#${l.variantId}` : variant.name && variant.name !== variant.product.name ? `${variant.product.name} – ${variant.name}` : variant.product.name;
    return { sku: variant?.sku ?? `#${l.variantId}`, name, quantity: l.quantity, isFree: l.isFree };
  });
  return { kept, unsold };
}

export function unsoldErrors(unsold: readonly UnsoldLine[], country: string): CheckoutError[] {
  return unsold.map((l) => fail('COUNTRY_NOT_AVAILABLE', 'lines', `${l.sku} (${l.name}) is not sold in ${country}`));
}
