import type { ApolloClient } from '@apollo/client';
import { reportError } from '../../monitoring/current.ts';
import { validAuthToken } from '../../session/auth-token.ts';
import { USER_CHECKOUT, USER_QUERY } from './operations.ts';

export interface SignedInBuyer {
  email: string;
  firstName: string;
  lastName: string;
  /** The membership a purchase is made for: the first one (spec §2 takes it as the user's organization). */
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
  const { data } = await client.query({ query: USER_QUERY });
  const me = data?.me;
  if (!me) return null;
  return { email: me.email, ...splitName(me.name), organizationMembershipId: me.organizationMemberships[0]?.id ?? null };
}

/** UserCheckout: the signed-in buyer's open checkout started on another device, when it is for this country. */
export async function userCheckoutToken(client: ApolloClient, country: string): Promise<string | null> {
  const buyer = await signedInBuyer(client);
  if (!buyer) return null;
  const { data } = await client.query({ query: USER_CHECKOUT, variables: { organizationMembershipId: buyer.organizationMembershipId }, fetchPolicy: 'no-cache' });
  const checkout = data?.me?.checkout;
  return checkout && checkout.country.code === country ? checkout.token : null;
}
