import { ApolloLink } from '@apollo/client';
import { validAuthToken } from '../session/auth-token.ts';
import { AUTHORIZED_OPERATIONS } from './operations.ts';

/**
 * Spec §7: `Authorization: JWT <token>` for the listed operations only, and only when a valid token
 * is stored: never a header with an empty or null token.
 */
export function authLink(report: (error: Error) => void): ApolloLink {
  return new ApolloLink((operation, forward) => {
    if (operation.operationName && AUTHORIZED_OPERATIONS.has(operation.operationName)) {
      const valid = validAuthToken(report);
      if (valid) {
        operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({ headers: { ...headers, authorization: `JWT ${valid.token}` } }));
      }
    }
    return forward(operation);
  });
}
