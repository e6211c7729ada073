import type { AccountUser } from '../operations.ts';

/** The account area's sections, in the order of its navigation. */
export type AccountSectionId = 'profile' | 'orders' | 'subscription' | 'paymentMethods' | 'organizations' | 'learner' | 'referrals';

export interface AccountSection {
  id: AccountSectionId;
  /** The path under the route's base path (the spec's own paths kept: /subscription/, /learner-verification/). */
  path: string;
  /** Catalogue key of its name in the navigation and as its page's heading. */
  label: string;
  /** Further paths that belong to it (the order page, edit membership, the veterinary learner page). */
  prefixes: readonly string[];
}

const ALL: readonly AccountSection[] = [
  { id: 'profile', path: '/account/', label: 'account.nav.profile', prefixes: [] },
  { id: 'orders', path: '/account/orders/', label: 'account.nav.orders', prefixes: ['/account/orders/'] },
  { id: 'subscription', path: '/subscription/', label: 'account.nav.subscription', prefixes: ['/subscription/'] },
  { id: 'paymentMethods', path: '/account/payment-methods/', label: 'account.nav.paymentMethods', prefixes: ['/account/payment-methods/'] },
  { id: 'organizations', path: '/account/organizations/', label: 'account.nav.organizations', prefixes: ['/account/organizations/', '/account/organization/'] },
  { id: 'learner', path: '/learner-verification/', label: 'account.nav.learner', prefixes: ['/learner-verification/', '/vet/learner-verification/'] },
  { id: 'referrals', path: '/account/referrals/', label: 'account.nav.referrals', prefixes: ['/account/referrals/'] },
];

/** What the rule reads of the user (the header's smaller user query has no referral links: none counted). */
type Who = { organizationMemberships: ReadonlyArray<Pick<AccountUser['organizationMemberships'][number], 'isOrganizationAdmin'> & { referrerToken?: string | null }> };

/**
 * The sections this user has: a subscription with an organization, payment methods for an organization
 * they administer (members are charged nothing), referrals when one of their memberships has a referral
 * link. Everyone has a profile, orders, organizations (they may found one) and a learner status.
 */
export function sectionsFor(me: Who): AccountSection[] {
  const memberships = me.organizationMemberships;
  const has: Record<AccountSectionId, boolean> = {
    profile: true,
    orders: true,
    subscription: memberships.length > 0,
    paymentMethods: memberships.some((m) => m.isOrganizationAdmin),
    organizations: true,
    learner: true,
    referrals: memberships.some((m) => !!m.referrerToken),
  };
  return ALL.filter((s) => has[s.id]);
}

/** The section a path (without the base path) is in; null outside the account area. */
export function sectionOf(path: string): AccountSectionId | null {
  const withSlash = path.endsWith('/') ? path : `${path}/`;
  const found = ALL.find((s) => s.path === withSlash || s.prefixes.some((p) => withSlash.startsWith(p)));
  return found?.id ?? null;
}
