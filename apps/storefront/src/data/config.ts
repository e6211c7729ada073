/** Build-time configuration of the data layer (Vite env variables, all optional). */
export const DATA_CONFIG = {
  /** The one GraphQL endpoint (spec §7). */
  graphqlEndpoint: import.meta.env.VITE_GRAPHQL_ENDPOINT ?? '/graphql',
  /** Send queries as GET (cacheable by CDNs) when enabled. */
  useGetForQueries: import.meta.env.VITE_GRAPHQL_GET_QUERIES === 'true',
  /** fetch's credentials option, passed through. */
  credentials: (import.meta.env.VITE_GRAPHQL_CREDENTIALS ?? 'same-origin') as RequestCredentials,
  /** A Sentry-compatible DSN; without one, errors are reported to the store's own endpoint. */
  errorDsn: import.meta.env.VITE_ERROR_DSN as string | undefined,
  /** The payment-financing snippet's script URL (loaded only in the iq store variant). */
  financingScriptUrl: import.meta.env.VITE_FINANCING_SCRIPT_URL as string | undefined,
};
