import { currentTraceId } from './spans.ts';

export { startTracing, type Tracing } from './provider.ts';
export { currentTraceId, spanFrom, inSpan, statementSpan, tracedMethods } from './spans.ts';
export { registerHttpTracing } from './http.ts';
export { graphqlTracingPlugin } from './graphql.ts';

/** The gateway's calls that leave the process (each a span when tracing). */
export const GATEWAY_CALLS = ['createIntent', 'charge', 'refund', 'createSetup', 'completeSetup', 'chargeSaved', 'detach', 'succeededPayments'] as const;

/** A log line's trace id (pino's mixin), when a span is active. */
export const traceIdMixin = (): Record<string, string> => {
  const traceId = currentTraceId();
  return traceId ? { traceId } : {};
};
