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

/** Spec §4: a session-storage entry named `upa`, which can be cleared. */
export const UPA_SESSION_KEY = 'upa';

export function clearUpa(storage: Storage = sessionStorage): void {
  storage.removeItem(UPA_SESSION_KEY);
}
