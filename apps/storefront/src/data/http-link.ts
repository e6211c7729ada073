import { ApolloLink, HttpLink } from '@apollo/client';
import { map } from 'rxjs';
import { DATA_CONFIG } from './config.ts';

/** Spec §8: the message when a response has neither data nor errors. */
export const MISSING_RESPONSE = 'Server response was missing for query';

/** Fails an operation whose response carries neither data nor errors. */
export const missingResponseLink = new ApolloLink((operation, forward) =>
  forward(operation).pipe(
    map((result) => {
      if (!('data' in result) && !('errors' in result) && !('incremental' in result)) {
        throw new Error(`${MISSING_RESPONSE} ${operation.operationName ?? ''}`.trim());
      }
      return result;
    }),
  ),
);

/**
 * Spec §7: POST with a JSON body of operationName, variables and query (GET for queries when enabled),
 * `accept: *\/*` and a JSON content type, the credentials option passed through. Multipart responses
 * (deferred parts) are read by HttpLink itself.
 */
export function httpLink(fetchImpl?: typeof fetch): HttpLink {
  return new HttpLink({
    uri: DATA_CONFIG.graphqlEndpoint,
    credentials: DATA_CONFIG.credentials,
    headers: { accept: '*/*', 'content-type': 'application/json' },
    useGETForQueries: DATA_CONFIG.useGetForQueries,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}
