import { useQuery } from '@apollo/client/react';
import { useBaseData } from '../../data/route-data.ts';
import { useSignedIn } from '../account/use-signed-in.ts';
import { UPGRADE_ACCOUNT, type SavedMethod, type UpgradeMembership, type UpgradeOrganization, type UpgradeSubscription } from './operations.ts';

export interface UpgradeAccount {
  /** The signed-in user's e-mail (the contact of a checkout started here). */
  email: string;
  membership: UpgradeMembership;
  organization: UpgradeOrganization;
  subscription: UpgradeSubscription;
  /** The saved method changes and renewals are charged to; null when none is saved. */
  primaryMethod: SavedMethod | null;
}

export type UpgradeAccountState =
  | { kind: 'pending' }
  /** Signed out: on the way to the sign-in page (my account's behaviour). */
  | { kind: 'signing-in' }
  | { kind: 'failed' }
  /** No organization with a subscription: the pages offer the pricing page instead. */
  | { kind: 'no-subscription' }
  /** A member who is not an admin: told who may change the subscription; no form. */
  | { kind: 'not-admin'; organization: UpgradeOrganization }
  | { kind: 'ready'; account: UpgradeAccount; refetch: () => void };

/** The membership the pages act for: one the user administers with a subscription, else the first with one, else the first. */
export function chosenMembership(memberships: readonly UpgradeMembership[]): UpgradeMembership | null {
  return memberships.find((m) => m.isOrganizationAdmin && m.organization.subscription)
    ?? memberships.find((m) => m.organization.subscription)
    ?? memberships[0]
    ?? null;
}

/**
 * The signed-in user's organization for the upgrade pages, read in the browser (the token lives there),
 * fresh on every visit. A non-admin is never sent anything that only an admin may ask (PermissionDenied
 * would sign them out).
 */
export function useUpgradeAccount(): UpgradeAccountState {
  const base = useBaseData();
  const signedIn = useSignedIn(base.language);
  const { data, error, refetch } = useQuery(UPGRADE_ACCOUNT, { skip: signedIn !== 'yes', fetchPolicy: 'network-only' });
  if (signedIn === 'no') return { kind: 'signing-in' };
  if (signedIn === 'pending' || (!data && !error)) return { kind: 'pending' };
  if (!data?.me) return { kind: 'failed' };
  const membership = chosenMembership(data.me.organizationMemberships);
  const subscription = membership?.organization.subscription;
  if (!membership || !subscription || subscription.planType === 'NONE') return { kind: 'no-subscription' };
  if (!membership.isOrganizationAdmin) return { kind: 'not-admin', organization: membership.organization };
  const methods = membership.availableReusablePaymentMethods;
  return {
    kind: 'ready',
    account: { email: data.me.email, membership, organization: membership.organization, subscription, primaryMethod: methods.find((m) => m.isPrimary) ?? null },
    refetch: () => void refetch(),
  };
}
