import type { InMemoryCacheConfig } from '@apollo/client';

/** Cache options shared by the server's per-request cache and the browser's. */
export const cacheConfig: InMemoryCacheConfig = {
  typePolicies: {
    Shop: { keyFields: [] },
    // A country's display name depends on the language asked for, so countries are not normalized.
    Country: { keyFields: false },
  },
};
