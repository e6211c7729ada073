import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { getOperationAST, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { tracer } from './provider.ts';

/**
 * A span per GraphQL execution, `graphql <operation>` (the storefront's operation names; any other
 * `other`, its name as sent in an attribute, cut to 100 characters), active while the resolvers run: their
 * statements and gateway calls are its children. Comes after graphql-jit in the plugin list, so it wraps
 * whichever execute function runs.
 */
export function graphqlTracingPlugin(known: ReadonlySet<string>): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const name = args.operationName ?? getOperationAST(args.document)?.name?.value;
      const span = tracer().startSpan(`graphql ${name && known.has(name) ? name : 'other'}`, {
        attributes: { 'graphql.operation.name': (name ?? '').slice(0, 100) },
      });
      const active = trace.setSpan(context.active(), span);
      setExecuteFn(async (executionArgs) => {
        try {
          const result = (await context.with(active, () => executeFn(executionArgs))) as ExecutionResult;
          if (result && 'errors' in result && result.errors?.length) span.setStatus({ code: SpanStatusCode.ERROR, message: result.errors[0]!.message });
          return result;
        } finally {
          span.end();
        }
      });
    },
  };
}
