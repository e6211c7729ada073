import type { InMemoryCacheConfig } from '@apollo/client';
import { cacheSizes } from '@apollo/client/utilities';
import possibleTypes from '../graphql/possible-types.json';

// Spec §9: the query (result) cache holds 65536 entries.
cacheSizes['inMemoryCache.executeSelectionSet'] = 65_536;

/** Cache options shared by the server's per-request cache and the browser's. */
export const cacheConfig: InMemoryCacheConfig = {
  // Generated from the schema (npm run schema:print): SavedPaymentMethod, TranslatableItem.
  possibleTypes,
  typePolicies: {
    Shop: { keyFields: [] },
    // A country's display name depends on the language asked for, so countries are not normalized.
    Country: { keyFields: false },
    // List fields are replaced by the server's answer, never merged.
    Checkout: { fields: { lines: { merge: false }, availableShippingMethods: { merge: false }, activePromos: { merge: false } } },
    // A catalogue has no id: it is the value of Shop.catalogue(country, languageCode[, voucherCode]), whose arguments
    // name it. Several queries select different fields of the same one (Shop and PromoBanners; Home and FlowCatalogue):
    // merged, each keeps its fields. Replaced (the default for an object without id), the last answer dropped the
    // others' fields, so a cache-first read of the first went to the network again, and a page reloaded offline from
    // the persisted cache did not render.
    Catalogue: { keyFields: false, merge: true },
    User: { fields: { organizationMemberships: { merge: false }, orders: { merge: false } } },
    Organization: { fields: { members: { merge: false } } },
    // An organization's one subscription has no id of its own: a fresh answer is merged into the one cached.
    Subscription: { merge: true },
  },
};
