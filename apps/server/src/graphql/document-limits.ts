import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { GraphQLError, parse, validate, type DocumentNode, type ExecutionResult, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';

export interface DocumentLimits {
  tokens: number;
  depth: number;
  aliases: number;
  /** graphql-armor's cost (Saleor's complexity); none when absent. */
  cost?: number;
}

/** The exception code of a document refused for its size: too many tokens, too deep, too many aliases, too costly. */
export const OVER_LIMITS_CODE = 'DocumentOverLimits';

function overLimitsError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { exception: { code: OVER_LIMITS_CODE }, http: { status: 400 } } });
}

/** The limits' errors (graphql-armor's rules throw the first one rather than report it). */
function overLimits(schema: GraphQLSchema, document: DocumentNode, rules: ValidationRule[]): readonly GraphQLError[] {
  try {
    return validate(schema, document, rules, { maxErrors: 1 }).map((error) => overLimitsError(error.message));
  } catch (error) {
    if (error instanceof Error && error.name === 'GraphQLError') return [overLimitsError(error.message)];
    throw error;
  }
}

/** The server requests (Yoga's server context `req`) whose document a limit refused. */
const refused = new WeakSet<object>();

/** Whether a limit refused this request's document (the HTTP layer then answers it after REFUSAL_DELAY_MS). */
export function refusedByLimits(req: object): boolean {
  return refused.has(req);
}

function isOverLimits(result: unknown): boolean {
  const errors = (result as ExecutionResult | null)?.errors;
  return !!errors?.some((e) => (e.extensions?.exception as { code?: string } | undefined)?.code === OVER_LIMITS_CODE);
}

/**
 * The document limits (ARCHITECTURE §6), checked before the document is validated against the schema.
 * Tokens are counted while parsing (graphql-js stops at the limit). Depth, aliases and cost are
 * graphql-armor's rules, run on their own first: a document over a limit is refused without the schema
 * validation, whose rules cost most on exactly such documents (1,000 aliases take 6 ms to check for
 * overlapping fields, a depth of 50 0.4 ms); a document within the limits is then validated as before.
 * Refusals carry the exception code DocumentOverLimits, and their request is marked when the result is
 * processed (Yoga answers a repeated document's parse error from its cache, without calling the parser).
 */
export function documentLimitsPlugin(limits: DocumentLimits): Plugin {
  const rules: ValidationRule[] = [
    maxDepthRule({ n: limits.depth, flattenFragments: true }),
    maxAliasesRule({ n: limits.aliases }),
    ...(limits.cost ? [costLimitRule({ maxCost: limits.cost })] : []),
  ];
  // Yoga's parser cache hands out the same document for the same text: a repeated document is checked once.
  const verdicts = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  return {
    onParse({ setParseFn }) {
      setParseFn((source, options) => {
        try {
          return parse(source, { ...options, maxTokens: limits.tokens });
        } catch (error) {
          // graphql-js: "Document contains more that N tokens" (sic).
          if (error instanceof Error && /more th(?:an|at) \d+ tokens/.test(error.message)) throw overLimitsError(error.message);
          throw error;
        }
      });
    },
    onValidate({ params, setResult }) {
      let errors = verdicts.get(params.documentAST);
      if (!errors) verdicts.set(params.documentAST, (errors = overLimits(params.schema, params.documentAST, rules)));
      if (errors.length) setResult(errors);
    },
    onResultProcess({ result, serverContext }) {
      const req = (serverContext as { req?: unknown }).req;
      if (req && typeof req === 'object' && (Array.isArray(result) ? result.some(isOverLimits) : isOverLimits(result))) refused.add(req);
    },
  };
}
