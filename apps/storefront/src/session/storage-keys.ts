/** Spec §9: every local-storage key the store uses, in one place. */
export const STORAGE_KEYS = {
  checkoutToken: 'checkoutToken',
  plan: 'plan',
  lastLoginLocation: 'lastLoginLocation',
  loginState: 'loginState',
  authToken: 'authToken',
  /** The provider's ID token, kept only to name the session at logout (id_token_hint). */
  idToken: 'idToken',
  organizationSlug: 'organizationSlug',
  promoCode: 'promoCode',
  /** The visitor's analytics choice: granted or denied (absent until they choose). */
  /** Also read by index.html's first script (the consent banner hidden before it paints). */
  analyticsConsent: 'analyticsConsent',
  /** A referral link (referrer portal) the buyer shops with, until their cart carries it. */
  referral: 'referral',
  /** The cart's item count as last seen, for the header. */
  cartCount: 'cartCount',
  /** Apollo's persisted cache and the time it was written (spec §4: purged after 10 minutes). */
  apolloCache: 'apollo-cache-persist',
  apolloCacheTimestamp: 'apollo-cache-persist-timestamp',
} as const;

/**
 * What signing out leaves in local storage: the browser's own choices, not the account's (issue 36). The
 * analytics choice was made by whoever uses this browser, before or without signing in, and the consent
 * banner must not ask again because someone signed out.
 */
export const KEPT_ON_SIGN_OUT: readonly string[] = [STORAGE_KEYS.analyticsConsent];

/** Spec §4 logout: clears local storage except the browser's choices (KEPT_ON_SIGN_OUT). */
export function clearOnSignOut(storage: Storage = localStorage): void {
  const kept = KEPT_ON_SIGN_OUT.map((key) => [key, storage.getItem(key)] as const);
  storage.clear();
  for (const [key, value] of kept) if (value !== null) storage.setItem(key, value);
}

/** Spec §4: a session-storage entry named `upa`, which can be cleared. */
export const UPA_SESSION_KEY = 'upa';

export function clearUpa(storage: Storage = sessionStorage): void {
  storage.removeItem(UPA_SESSION_KEY);
}
