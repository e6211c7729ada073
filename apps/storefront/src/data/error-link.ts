import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { dispatchGraphqlError } from '../lib/events.ts';
import { errorCounts, type ErrorReporter } from '../monitoring/reporter.ts';

const PERMISSION_DENIED = 'PermissionDenied';

/**
 * Spec §7, §8: a PermissionDenied GraphQL error clears auth and logs out; every other GraphQL or
 * network error is reported and counted. GraphQL errors are announced by browser events (the generic
 * error screen listens to the first; the second carries authentication errors). An operation sent with
 * `context: { optional: true }` loads an extra the page shows without (a promo banner): its errors are
 * reported and counted, but not announced as global, so they never replace the page by the error screen.
 */
export function errorLink(reporter: ErrorReporter, logout: () => void): ErrorLink {
  return new ErrorLink(({ error, operation }) => {
    const context = { operation: operation.operationName ?? null };
    const optional = operation.getContext().optional === true;
    if (CombinedGraphQLErrors.is(error)) {
      for (const graphqlError of error.errors) {
        const code = (graphqlError.extensions?.exception as { code?: string } | undefined)?.code;
        if (code === PERMISSION_DENIED) {
          errorCounts.auth++;
          dispatchGraphqlError({ message: graphqlError.message, errorId: null }, true);
          logout();
          return;
        }
        errorCounts.other++;
        const serverId = typeof graphqlError.extensions?.errorId === 'string' ? graphqlError.extensions.errorId : null;
        const errorId = serverId ?? reporter.report(new Error(graphqlError.message), context);
        if (!optional) dispatchGraphqlError({ message: graphqlError.message, errorId });
      }
      return;
    }
    errorCounts.other++;
    reporter.report(error, context);
  });
}
