import { randomUUID } from 'node:crypto';
import { GraphQLError, type ExecutionResult } from 'graphql';
import type { FastifyBaseLogger } from 'fastify';
import { currentTraceId } from '../tracing/index.ts';
import { withoutValues } from '../logging/private-logs.ts';

/**
 * Top-level errors (ARCHITECTURE §4): each carries extensions.exception.code and an errorId, and the
 * server logs one line with the same errorId, so the id a buyer reads off the error screen leads
 * support to the cause. Outside development no stack trace or SQL leaves the server.
 */
const EXCEPTION_CODES = {
  permissionDenied: 'PermissionDenied',
  internal: 'InternalServerError',
  graphql: 'GraphQLError',
} as const;

/** An expected error a resolver throws on purpose, with the exception code the client reacts to. */
function exceptionError(message: string, code: string): GraphQLError {
  return new GraphQLError(message, { extensions: { exception: { code } } });
}

export function permissionDenied(): GraphQLError {
  return exceptionError('You do not have permission to perform this action', EXCEPTION_CODES.permissionDenied);
}

/**
 * Structural, not instanceof: graphql ships CJS and ESM builds and Yoga's parser may use the other one,
 * so a GraphQLError made there is not an instance of the class imported here.
 */
function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === 'GraphQLError';
}

/** A GraphQLError raised on purpose (parse, validation, or ours), not one wrapping a thrown exception. */
function isExpected(error: GraphQLError): boolean {
  const original = error.originalError;
  return !original || (isGraphQLError(original) && isExpected(original));
}

/**
 * With tracing on, the request's trace id beside the errorId (the same in the log line): support finds the
 * whole request, every statement and call it made, from what the buyer reads off the error screen.
 */
function traceIdOf(extensions?: Record<string, unknown>): { traceId?: string } {
  if (typeof extensions?.traceId === 'string') return { traceId: extensions.traceId };
  const traceId = currentTraceId();
  return traceId ? { traceId } : {};
}

/** Replaces an unexpected error by a generic one; the original goes to the log under the same errorId. */
export function maskError(error: unknown, log: FastifyBaseLogger, isDev: boolean): GraphQLError {
  const graphqlError = isGraphQLError(error) ? error : null;
  if (graphqlError && isExpected(graphqlError)) return graphqlError;
  const errorId = randomUUID();
  const original = graphqlError?.originalError ?? error;
  log.error({ errorId, err: original, path: graphqlError?.path }, 'graphql unexpected error');
  return new GraphQLError(isDev && original instanceof Error ? original.message : 'Internal server error', {
    nodes: graphqlError?.nodes,
    source: graphqlError?.source,
    positions: graphqlError?.positions,
    path: graphqlError?.path,
    extensions: {
      exception: { code: EXCEPTION_CODES.internal, ...(isDev && original instanceof Error ? { stacktrace: original.stack?.split('\n') } : {}) },
      errorId,
      ...traceIdOf(),
      logged: true,
    },
  });
}

/**
 * Expected errors (a refused document, a business error) are the caller's: a flood of them (an attack
 * of refused queries) must not become a flood of log writes costing the process more than the refusals.
 * At most ERROR_LOG_PER_S are logged a second; the count of those left out is logged when the next
 * second begins. Unexpected errors (maskError) are always logged.
 */
const ERROR_LOG_PER_S = 20;
const errorLog = { second: 0, logged: 0, skipped: 0 };
function errorLogBudget(log: FastifyBaseLogger): boolean {
  const second = Math.floor(Date.now() / 1000);
  if (second !== errorLog.second) {
    if (errorLog.skipped) log.warn({ skipped: errorLog.skipped }, `graphql errors not logged (over ${ERROR_LOG_PER_S} a second)`);
    Object.assign(errorLog, { second, logged: 0, skipped: 0 });
  }
  if (errorLog.logged < ERROR_LOG_PER_S) {
    errorLog.logged++;
    return true;
  }
  errorLog.skipped++;
  return false;
}

/** Gives every error of a result an exception code and an errorId, logging the ones not logged yet. */
export function decorateErrors<T extends ExecutionResult>(result: T, log: FastifyBaseLogger): T {
  if (!result.errors?.length) return result;
  const errors = result.errors.map((error) => {
    const extensions = { ...error.extensions } as Record<string, unknown>;
    const exception = (extensions.exception as { code?: string } | undefined) ?? {
      code: typeof extensions.code === 'string' ? extensions.code : EXCEPTION_CODES.graphql,
    };
    const errorId = typeof extensions.errorId === 'string' ? extensions.errorId : randomUUID();
    if (!extensions.logged && errorLogBudget(log)) log.warn({ errorId, code: exception.code, message: withoutValues(error.message), path: error.path }, 'graphql error');
    delete extensions.logged;
    return new GraphQLError(error.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      extensions: { ...extensions, exception, errorId, ...traceIdOf(extensions) },
    });
  });
  return { ...result, errors };
}
