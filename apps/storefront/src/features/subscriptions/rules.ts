import type { PlanKind } from '@probe/domain';
import type { SavedPaymentMethodKind, SubscriptionStatus, SubscriptionTerm } from '../../graphql/generated.ts';

/** The plans the store sells for a change at the next renewal (spec §1: Pro is INDIVIDUAL). */
export const SCHEDULABLE_PLANS = ['INDIVIDUAL', 'TEAM', 'CLINIC'] as const satisfies readonly PlanKind[];

/** The plans offered for a scheduled change: the store's plans other than the current one. */
export function scheduleChoices(current: PlanKind): PlanKind[] {
  return SCHEDULABLE_PLANS.filter((plan) => plan !== current);
}

/** The membership shown first: the first one the user administers, else the first. */
export function defaultMembershipId(memberships: ReadonlyArray<{ id: string; isOrganizationAdmin: boolean }>): string | null {
  return (memberships.find((m) => m.isOrganizationAdmin) ?? memberships[0])?.id ?? null;
}

/** An ended or unpaid subscription is renewed (charged now, a new period starts) rather than changed. */
export function needsRenewal(status: SubscriptionStatus | null): boolean {
  return status === 'CANCELED' || status === 'PAST_DUE';
}

/** Whether a change can be scheduled for the next renewal: a running subscription that renews at all. */
export function canSchedule(status: SubscriptionStatus | null, term: SubscriptionTerm): boolean {
  return (status === 'ACTIVE' || status === 'TRIALING') && term !== 'FOREVER' && term !== 'MONTHLY';
}

/** Whether automatic renewal can be switched: not for an ended subscription, nor for a plan that never ends. */
export function canSwitchAutoRenewal(status: SubscriptionStatus | null, term: SubscriptionTerm): boolean {
  return status !== null && status !== 'CANCELED' && term !== 'FOREVER';
}

export type UpgradeLink = { key: 'changePlan' | 'addSeats' | 'addProbes' | 'renew'; path: string };

/**
 * The upgrade pages (paths after the base path) an admin may go on to: renewing an ended or unpaid
 * subscription, or else changing the plan now, adding seats (team and clinic plans) and adding probes.
 */
export function upgradeLinks(plan: PlanKind, status: SubscriptionStatus | null): UpgradeLink[] {
  if (needsRenewal(status)) return [{ key: 'renew', path: '/upgrade/expired/' }];
  return [
    { key: 'changePlan', path: '/upgrade/' },
    ...(plan === 'TEAM' || plan === 'CLINIC' ? [{ key: 'addSeats' as const, path: '/upgrade/license/' }] : []),
    { key: 'addProbes', path: '/upgrade/add-iq/' },
  ];
}

/**
 * The form field a failed save belongs under. The server names none for what the gateway refused
 * (field "details"): the kind of method and the code say which of the typed values was wrong.
 */
export function methodErrorField(kind: SavedPaymentMethodKind, code: string, field: string | null): string | null {
  if (field === 'name') return 'name';
  if (kind === 'SEPA_DIRECT_DEBIT') return code === 'PAYMENT_NOT_FOUND' ? null : 'iban';
  if (kind === 'BANK_ACCOUNT') return code === 'INCORRECT_NUMBER' ? 'accountNumber' : null;
  if (code === 'EXPIRED_CARD') return 'card.expiry';
  if (code === 'INCORRECT_CVC') return 'card.cvc';
  if (code === 'INCORRECT_NUMBER' || code === 'CARD_DECLINED' || code === 'CANNOT_ATTACH_CARD') return 'card.number';
  return null;
}
