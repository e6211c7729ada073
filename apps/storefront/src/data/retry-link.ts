import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { RetryLink } from '@apollo/client/link/retry';
import { OperationTypeNode } from 'graphql';
import { mayRetryMutation } from './operations.ts';

/** Spec §7: up to 6 attempts, 1 s apart when online and 10 s when offline. */
export const RETRY = { attempts: 6, onlineDelayMs: 1000, offlineDelayMs: 10_000 } as const;

export function retryDelay(online: boolean): number {
  return online ? RETRY.onlineDelayMs : RETRY.offlineDelayMs;
}

/**
 * Retries network failures: queries always, mutations only when replay-safe (operations.ts). A GraphQL
 * error is an answer, not a network failure, and is never retried.
 */
export function retryLink(isOnline: () => boolean = () => navigator.onLine): RetryLink {
  return new RetryLink({
    delay: () => retryDelay(isOnline()),
    attempts: (attempt, operation, error) => {
      if (attempt >= RETRY.attempts || CombinedGraphQLErrors.is(error)) return false;
      const isMutation = operation.query.definitions.some((d) => d.kind === 'OperationDefinition' && d.operation === OperationTypeNode.MUTATION);
      return !isMutation || mayRetryMutation(operation.operationName, operation.variables);
    },
  });
}
