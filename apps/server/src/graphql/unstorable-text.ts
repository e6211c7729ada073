import { GraphQLError, Kind, visit, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Text PostgreSQL cannot store: the NUL character (U+0000), which no text or jsonb value may hold, and
 * ill-formed UTF-16 (a lone surrogate such as "\uD800"), which jsonb refuses as an escape.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function unstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * Variables as JSON makes them: strings, arrays and plain objects are looked into; anything else (an
 * uploaded File, its Buffer) is not: walking a 5 MB upload's bytes as object keys held the event loop
 * for six seconds (reliability W6). A file's content is checked by its own module, off the variables.
 */
function hasUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (Array.isArray(value)) return value.some(hasUnstorable);
  if (value && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return false;
    return Object.entries(value).some(([k, v]) => unstorable(k) || hasUnstorable(v));
  }
  return false;
}

/** Per parsed document: the parser's cache hands the same document to every request with the same text. */
const checkedDocuments = new WeakMap<DocumentNode, boolean>();

function documentHasUnstorable(document: DocumentNode): boolean {
  let found = checkedDocuments.get(document);
  if (found === undefined) checkedDocuments.set(document, (found = literalsHaveUnstorable(document)));
  return found;
}

function literalsHaveUnstorable(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    [Kind.STRING]: (node) => {
      if (unstorable(node.value)) found = true;
    },
  });
  return found;
}

/**
 * A string the database cannot hold fails there as an internal error, after resolvers may have begun.
 * Any operation carrying one, in its variables or its string literals, is refused before it runs, as a
 * bad request naming the cause.
 */
export function refuseUnstorableTextPlugin(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (hasUnstorable(args.variableValues) || documentHasUnstorable(args.document)) {
        setResultAndStopExecution({
          errors: [new GraphQLError('Text must not contain the NUL character (U+0000) or unpaired surrogates', { extensions: { exception: { code: 'GraphQLError' }, http: { status: 400 } } })],
        });
      }
    },
  };
}
