import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Series } from './fast-histogram.ts';
import { graphqlOperations } from './store.ts';

const OUTCOMES = ['ok', 'error', 'refused'] as const;

/** Where a request's operation is timed: on the server context's request object, as plain numbers. */
interface Timed { metricsOperation?: string; metricsStart?: number }

/** The outcome of an answer: no error, errors beside data (a resolver's), or errors and no data (refused before execution). */
function outcomeOf(result: unknown): (typeof OUTCOMES)[number] | null {
  if (!result || typeof result !== 'object' || Symbol.asyncIterator in result) return null;
  const single = (Array.isArray(result) ? result[0] : result) as ExecutionResult | undefined;
  if (!single?.errors?.length) return 'ok';
  return single.data ? 'error' : 'refused';
}

/**
 * Times each GraphQL operation of /graphql from its parameters to its result, by operation name and
 * outcome (store_graphql_operation_duration_seconds). Only `known` names (the storefront's operations)
 * become label values; any other name, or none, is `other`: a caller cannot make new series. A streamed
 * answer (@defer) is not timed.
 */
export function operationMetricsPlugin(known: ReadonlySet<string>): Plugin<{ req: object }> {
  // Every combination made at once: the per-request path only looks them up.
  const byOperation = new Map<string, Record<string, Series>>();
  for (const operation of [...known, 'other']) byOperation.set(operation, Object.fromEntries(OUTCOMES.map((o) => [o, graphqlOperations.child(operation, o)])));
  return {
    onParams({ params, context }) {
      const timed = (context as { req?: Timed }).req;
      if (!timed) return;
      const name = params.operationName;
      timed.metricsOperation = typeof name === 'string' && known.has(name) ? name : 'other';
      timed.metricsStart = performance.now();
    },
    onResultProcess({ result, serverContext }) {
      const timed = (serverContext as { req?: Timed }).req;
      if (!timed?.metricsStart || !timed.metricsOperation) return;
      const outcome = outcomeOf(result);
      if (outcome) byOperation.get(timed.metricsOperation)![outcome]!.observe((performance.now() - timed.metricsStart) / 1000);
      timed.metricsStart = 0;
    },
  };
}

/** The operation names of documents (`query Shop(…)`, `mutation CheckoutPlaceOrder …`): the label values allowed. */
export function operationNames(documents: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const text of documents) {
    const match = /^\s*(?:query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(text);
    if (match) names.add(match[1]!);
  }
  return names;
}
