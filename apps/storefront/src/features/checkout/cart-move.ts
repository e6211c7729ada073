import type { ApolloClient } from '@apollo/client';
import type { KnownCountry } from '@probe/domain';
import { announceCartCount } from './cart-events.ts';
import { CHANGE_CHECKOUT_COUNTRY, type CheckoutFields } from './operations.ts';

/** What a country change left out of the cart, kept (session storage) until the buyer has read it on the cart. */
export interface LeftBehind {
  /** The new country, named in the cart's language. */
  country: string;
  items: Array<{ name: string; quantity: number }>;
}

const KEY = 'cartLeftBehind';

/**
 * The stored cart follows the buyer to the country they switched to (the region picker's links): repriced
 * and checked there by ChangeCheckoutCountry. Lines that country does not sell are left behind and named on
 * the cart (`leftBehind`); nothing goes without a word. Null when the cart cannot move (a country the store
 * does not sell in): the cart stays where it was.
 */
export async function moveCheckout(client: ApolloClient, checkout: CheckoutFields, country: KnownCountry): Promise<CheckoutFields | null> {
  const { data } = await client.mutate({ mutation: CHANGE_CHECKOUT_COUNTRY, variables: { token: checkout.token, country, removeUnavailable: true }, fetchPolicy: 'no-cache' });
  const moved = data?.checkoutCountryUpdate;
  if (!moved?.checkout || moved.errors.length) return null;
  // The header's count follows what is left.
  announceCartCount(moved.checkout.lines.filter((l) => !l.isFreeItemLine).reduce((n, l) => n + l.quantity, 0));
  if (moved.removedLines.length) {
    const note: LeftBehind = { country: moved.checkout.country.country, items: moved.removedLines.map((l) => ({ name: l.name, quantity: l.quantity })) };
    try {
      sessionStorage.setItem(KEY, JSON.stringify(note));
    } catch {
      // Storage full or refused: the cart still moves; the lines are gone from it either way.
    }
  }
  return moved.checkout;
}

export function leftBehind(): LeftBehind | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as LeftBehind) : null;
  } catch {
    return null;
  }
}

export function forgetLeftBehind(): void {
  sessionStorage.removeItem(KEY);
}
