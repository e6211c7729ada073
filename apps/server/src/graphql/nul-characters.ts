import { GraphQLError, Kind, visit, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v));
  return false;
}

function documentHasNul(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    [Kind.STRING]: (node) => {
      if (node.value.includes('\u0000')) found = true;
    },
  });
  return found;
}

/**
 * PostgreSQL's text cannot hold the NUL character (U+0000): a string carrying one fails at the database
 * as an internal error, after resolvers may have begun. Any operation with one, in its variables or its
 * string literals, is refused before it runs, as a bad request naming the cause.
 */
export function refuseNulCharactersPlugin(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (hasNul(args.variableValues) || documentHasNul(args.document)) {
        setResultAndStopExecution({
          errors: [new GraphQLError('Text must not contain the NUL character (U+0000)', { extensions: { exception: { code: 'GraphQLError' }, http: { status: 400 } } })],
        });
      }
    },
  };
}
