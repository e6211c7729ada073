import type { ApolloClient } from '@apollo/client';
import { reportError } from '../../monitoring/current.ts';
import { validAuthToken } from '../../session/auth-token.ts';
import { STORAGE_KEYS } from '../../session/storage-keys.ts';
import { USER_CHECKOUT, USER_QUERY } from './operations.ts';
import { chosenMembership } from './signed-in-rules.ts';

export interface SignedInBuyer {
  email: string;
  firstName: string;
  lastName: string;
  /** The membership a purchase is made for: the organization the user acts for (signed-in-rules chosenMembership). */
  organizationMembershipId: string | null;
}

/** "Ada Lovelace" → Ada / Lovelace; one word is the first name. */
export function splitName(name: string | null | undefined): { firstName: string; lastName: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

export function isSignedIn(): boolean {
  return validAuthToken((error) => void reportError(error, { source: 'auth-token' })) !== null;
}

/** The signed-in buyer from `me` (cache first), or null for an anonymous one. */
export async function signedInBuyer(client: ApolloClient): Promise<SignedInBuyer | null> {
  if (!isSignedIn()) return null;
  let me = (await client.query({ query: USER_QUERY })).data?.me;
  // The organization chosen (or named in a link) is not in the cached memberships: they are older than it.
  const slug = localStorage.getItem(STORAGE_KEYS.organizationSlug);
  if (me && slug && !me.organizationMemberships.some((m) => m.organization.slug === slug)) {
    me = (await client.query({ query: USER_QUERY, fetchPolicy: 'network-only' })).data?.me;
  }
  if (!me) return null;
  return { email: me.email, ...splitName(me.name), organizationMembershipId: chosenMembership(me.organizationMemberships)?.id ?? null };
}

/** UserCheckout: the signed-in buyer's open checkout started on another device, when it is for this country. */
export async function userCheckoutToken(client: ApolloClient, country: string): Promise<string | null> {
  const buyer = await signedInBuyer(client);
  if (!buyer) return null;
  const { data } = await client.query({ query: USER_CHECKOUT, variables: { organizationMembershipId: buyer.organizationMembershipId }, fetchPolicy: 'no-cache' });
  const checkout = data?.me?.checkout;
  return checkout && checkout.country.code === country ? checkout.token : null;
}
