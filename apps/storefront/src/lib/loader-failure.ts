import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { data } from 'react-router';

/** The body of a loader failure: the spec's message and the server's error id when it gave one. */
export interface LoaderFailure {
  message: string;
  errorId: string | null;
}

function errorIdOf(error: unknown): string | null {
  if (CombinedGraphQLErrors.is(error)) {
    const id = error.errors.find((e) => typeof e.extensions?.errorId === 'string')?.extensions?.errorId;
    return typeof id === 'string' ? id : null;
  }
  return null;
}

/** Spec §8: a loader failure throws a 500 response and the route shows the generic error screen. */
function loaderFailure(message: string, cause: unknown): never {
  console.error(message, cause);
  throw data<LoaderFailure>({ message, errorId: errorIdOf(cause) }, { status: 500 });
}

/**
 * Runs a loader's query; a thrown error, an error kept with the data (errorPolicy "all") or missing
 * data all become the spec's loader failure with that message.
 */
export async function orFail<T>(message: string, run: () => Promise<{ data?: T | undefined; error?: unknown }>): Promise<{ data: T }> {
  let result: { data?: T | undefined; error?: unknown };
  try {
    result = await run();
  } catch (cause) {
    return loaderFailure(message, cause);
  }
  if (result.error || result.data === undefined || result.data === null) return loaderFailure(message, result.error ?? new Error('no data'));
  return { data: result.data };
}
