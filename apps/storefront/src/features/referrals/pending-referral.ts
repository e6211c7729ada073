import type { ApolloClient } from '@apollo/client';
import { STORAGE_KEYS } from '../../session/storage-keys.ts';
import { CHECKOUT_REFERRER_UPDATE } from './operations.ts';

/** A referral link the buyer chose to shop with, kept until a cart carries it. */
export function rememberReferral(token: string, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.referral, token);
}

export function pendingReferral(storage: Storage = localStorage): string | null {
  return storage.getItem(STORAGE_KEYS.referral);
}

/**
 * Carries the pending referral into the buyer's checkout. Once the server has answered (carried, or
 * refused: a link no longer valid, the buyer's own) it is forgotten; a lost answer keeps it for the next try.
 */
export async function carryReferral(client: ApolloClient, checkoutToken: string, storage: Storage = localStorage): Promise<boolean> {
  const referrerToken = pendingReferral(storage);
  if (!referrerToken) return false;
  const { data } = await client.mutate({ mutation: CHECKOUT_REFERRER_UPDATE, variables: { token: checkoutToken, referrerToken }, fetchPolicy: 'no-cache' });
  const payload = data?.checkoutReferrerUpdate;
  if (!payload) return false;
  storage.removeItem(STORAGE_KEYS.referral);
  return payload.errors.length === 0;
}
