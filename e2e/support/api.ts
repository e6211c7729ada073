import type { GqlClient } from '../../apps/server/test/checkout-support.ts';

/** The server's GraphQL endpoint over real HTTP, shaped like the server tests' client so their checkout helpers drive it. */
export function httpGql(baseUrl: string): GqlClient {
  return {
    gql: async (query, variables, headers = {}) => {
      const res = await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, body: await res.json() };
    },
  };
}
