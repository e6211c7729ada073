/** Spec §7 defaults, the same on the server's per-request client and in the browser. */
export const DEFAULT_OPTIONS = {
  query: { fetchPolicy: 'cache-first', errorPolicy: 'all' },
  watchQuery: { fetchPolicy: 'network-only', errorPolicy: 'all' },
  mutate: { errorPolicy: 'all' },
} as const;
