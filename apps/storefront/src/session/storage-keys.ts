/**
 * Spec §9: every local-storage key the store uses, in one place. (The data-layer issue adds the rest:
 * checkout token, plan, login state, auth token, organization slug, promo code.)
 */
export const STORAGE_KEYS = {
  lastLoginLocation: 'lastLoginLocation',
} as const;
