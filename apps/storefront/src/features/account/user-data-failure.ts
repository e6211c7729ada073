import { CombinedGraphQLErrors } from '@apollo/client/errors';

/**
 * Spec §7's loader failure 'Failed to load user data': the signed-in user's data did not come (the server or
 * the network failed), so the route shows the generic error screen (thrown to the route's error boundary,
 * which reports it and shows its id) instead of a page without its user. A GraphQL error is not thrown here:
 * the error link already announces it to the error screen, or signs out on PermissionDenied.
 */
export function failOnUserData(error: unknown): void {
  if (error && !CombinedGraphQLErrors.is(error)) throw new Error('Failed to load user data', { cause: error });
}
