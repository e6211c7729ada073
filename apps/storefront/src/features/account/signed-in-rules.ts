import { isStoreCountry, resolveBasePath } from '@probe/domain';
import { clearAuthData } from '../../session/auth-token.ts';
import { STORAGE_KEYS } from '../../session/storage-keys.ts';

/** The subscription-management screen (spec §2 `/subscription/`), where a forced refresh is not honoured. */
const SUBSCRIPTION_PAGE = /^\/[a-z]{2}\/[a-z]{2}(-[a-z]{2})?\/subscription(\/|$)/i;

export type OrganizationSlugAction = { kind: 'store'; slug: string } | { kind: 'force-refresh' } | { kind: 'none' };

/**
 * Spec §4: an `organizationSlug` query parameter is stored unless a credentials refresh is forced; a
 * refresh is forced only by `forceCredentialsRefresh=true` (the string) on a page other than
 * subscription management.
 */
export function organizationSlugAction(pathname: string, search: string): OrganizationSlugAction {
  const params = new URLSearchParams(search);
  const forced = params.get('forceCredentialsRefresh') === 'true' && !SUBSCRIPTION_PAGE.test(pathname);
  if (forced) return { kind: 'force-refresh' };
  const slug = params.get('organizationSlug')?.trim();
  return slug ? { kind: 'store', slug } : { kind: 'none' };
}

/** Applies the rule: stores the slug, or drops the stored credentials so the next sign-in is fresh. */
export function applyOrganizationSlug(where: Pick<Location, 'pathname' | 'search'>, storage: Storage = localStorage): OrganizationSlugAction {
  const action = organizationSlugAction(where.pathname, where.search);
  if (action.kind === 'store') storage.setItem(STORAGE_KEYS.organizationSlug, action.slug);
  if (action.kind === 'force-refresh') clearAuthData(storage);
  return action;
}

/**
 * The membership a user with several acts (and buys) for: the one whose organization has the stored slug
 * (spec §4: from the query string, or chosen in my account), else the first. Null without memberships.
 */
export function chosenMembership<T extends { organization: { slug: string } }>(memberships: readonly T[], storage: Pick<Storage, 'getItem'> | null = typeof localStorage === 'undefined' ? null : localStorage): T | null {
  const slug = storage?.getItem(STORAGE_KEYS.organizationSlug);
  return memberships.find((m) => m.organization.slug === slug) ?? memberships[0] ?? null;
}

/** Acting for another organization: its slug is stored, as the query string's would be. */
export function chooseOrganization(slug: string, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(STORAGE_KEYS.organizationSlug, slug);
}

/**
 * Spec §2, §6: a signed-in user whose first organization membership is in another country goes to that
 * country's store, keeping the sub-path, query and hash. Null when they are where they belong.
 */
export function membershipRedirect(where: Pick<Location, 'pathname' | 'search' | 'hash'>, firstMembershipCountry: string | null | undefined): string | null {
  if (!firstMembershipCountry) return null;
  // Only to a store the country has (not Mexico or Oman, which have no device prices): never a redirect loop.
  const result = resolveBasePath({ ...where, membershipCountry: firstMembershipCountry, isPriced: (c) => isStoreCountry(c) });
  return result.kind === 'redirect' && result.reason === 'membership' ? result.to : null;
}
