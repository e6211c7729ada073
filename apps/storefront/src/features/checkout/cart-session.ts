import type { ApolloClient } from '@apollo/client';
import { languageCodeEnum, type KnownCountry, type Language } from '@probe/domain';
import { STORAGE_KEYS } from '../../session/storage-keys.ts';
import { announceCartCount } from './cart-events.ts';
import { moveCheckout } from './cart-move.ts';
import { CHECKOUT_BY_TOKEN, CHECKOUT_CREATE, CHECKOUT_LINES_ADD, type CheckoutFields, type CheckoutPayload } from './operations.ts';


/** Whether a token record is stored at all (validity is checked where it is used). */
function hasAuthToken(storage: Storage = localStorage): boolean {
  return storage.getItem(STORAGE_KEYS.authToken) !== null;
}

function storedCheckoutToken(storage: Storage = localStorage): string | null {
  return storage.getItem(STORAGE_KEYS.checkoutToken);
}

export function storeCheckoutToken(token: string | null, storage: Storage = localStorage): void {
  if (token) storage.setItem(STORAGE_KEYS.checkoutToken, token);
  else {
    storage.removeItem(STORAGE_KEYS.checkoutToken);
    announceCartCount(0);
  }
}

/**
 * The idempotency key of one action on one checkout, kept in session storage until it succeeds: a retry
 * after a lost answer (or a double click, or a reload) sends the same key and gets the same result.
 */
export function idempotencyKey(scope: string, storage: Storage = sessionStorage): string {
  const name = `idempotency:${scope}`;
  let key = storage.getItem(name);
  if (!key) {
    key = `${scope.slice(0, 40)}:${crypto.randomUUID()}`;
    storage.setItem(name, key);
  }
  return key;
}

function forgetIdempotencyKey(scope: string, storage: Storage = sessionStorage): void {
  storage.removeItem(`idempotency:${scope}`);
}

export const NO_CACHE = { fetchPolicy: 'no-cache' as const };

/** The stored checkout, moved to this country when it was in another; otherwise null (and forgotten when gone). */
export async function currentCheckout(client: ApolloClient, country: string): Promise<CheckoutFields | null> {
  let token = storedCheckoutToken();
  // A signed-in buyer's open checkout from another device (UserCheckout); the account code loads only then.
  if (!token && hasAuthToken()) {
    token = await import('../account/buyer.ts').then((m) => m.userCheckoutToken(client, country)).catch(() => null);
    if (token) storeCheckoutToken(token);
  }
  if (!token) return null;
  const { data } = await client.query({ query: CHECKOUT_BY_TOKEN, variables: { token }, ...NO_CACHE });
  const checkout = data?.checkout ?? null;
  if (!checkout) storeCheckoutToken(null);
  // Switched country (the region picker): the cart follows, repriced there (ChangeCheckoutCountry); what is
  // not sold there is named on the cart. Before, the cart was simply not found in the new country.
  if (checkout && checkout.country.code !== country) return moveCheckout(client, checkout, country as KnownCountry);
  return checkout;
}

/**
 * Adds items to the buyer's cart: into the stored checkout (with the version it was read at, so a
 * retried request cannot add twice) or, when there is none, a new one (with an idempotency key, so a
 * retried create cannot make two).
 */
export async function addToCart(
  client: ApolloClient,
  where: { country: KnownCountry; language: Language },
  lines: Array<{ sku: string; quantity: number }>,
): Promise<CheckoutPayload> {
  const existing = await currentCheckout(client, where.country);
  let result: CheckoutPayload;
  if (existing) {
    const { data } = await client.mutate({ mutation: CHECKOUT_LINES_ADD, variables: { token: existing.token, lines, expectedVersion: existing.version }, ...NO_CACHE });
    result = data!.checkoutLinesAdd;
  } else {
    const scope = `create:${where.country}`;
    // A signed-in buyer's checkout is created for their organization membership, with their e-mail.
    const buyer = hasAuthToken() ? await import('../account/buyer.ts').then((m) => m.signedInBuyer(client)).catch(() => null) : null;
    const signedIn = buyer ? { email: buyer.email, ...(buyer.organizationMembershipId ? { organizationMembershipId: buyer.organizationMembershipId } : {}) } : {};
    const { data } = await client.mutate({
      mutation: CHECKOUT_CREATE,
      variables: { input: { lines, country: where.country, languageCode: languageCodeEnum(where.language), ...signedIn }, idempotencyKey: idempotencyKey(scope) },
      ...NO_CACHE,
    });
    result = data!.checkoutCreate;
    if (result.checkout) {
      storeCheckoutToken(result.checkout.token);
      forgetIdempotencyKey(scope);
    }
  }
  if (result.checkout) {
    announceCartCount(cartCount(result.checkout));
    // A referral link followed before the cart existed joins it now; a failure never costs the added items.
    if (localStorage.getItem(STORAGE_KEYS.referral)) {
      await import('../referrals/pending-referral.ts').then((m) => m.carryReferral(client, result.checkout!.token)).catch(() => false);
    }
  }
  return result;
}

export function cartCount(checkout: Pick<CheckoutFields, 'lines'> | null): number {
  return checkout ? checkout.lines.filter((l) => !l.isFreeItemLine).reduce((n, l) => n + l.quantity, 0) : 0;
}
