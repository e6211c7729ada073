import { context, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import { tracer } from './provider.ts';

/** The active span's trace id, or undefined outside one. */
export function currentTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  return span?.isRecording() ? span.spanContext().traceId : undefined;
}

/** Ends a span as failed with the error's message (not its stack: that stays in the log). */
export function failed(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** Runs `run` inside a span named `name` (a child of the active one), ending it when the promise settles. */
export async function inSpan<T>(name: string, attributes: Attributes, run: () => Promise<T>): Promise<T> {
  const span = tracer().startSpan(name, { attributes });
  try {
    return await context.with(trace.setSpan(context.active(), span), run);
  } catch (error) {
    failed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** A span that starts now under the active one and ends when the returned function is called. */
export function spanFrom(name: string, attributes: Attributes): (error?: unknown) => void {
  const span = tracer().startSpan(name, { attributes });
  return (error) => {
    if (error) failed(span, error);
    span.end();
  };
}

const untraced = () => {};

/**
 * A statement's span (`db SELECT` …), with its text, never its parameters: packages/db's statement hook.
 * Only inside a request's or a job's span: the job runner's polls, migrations and the catalogue version's
 * refreshes outside them would each be a trace of one statement.
 */
export function statementSpan(sql: string): (error?: unknown) => void {
  if (!trace.getActiveSpan()?.isRecording()) return untraced;
  const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
  return spanFrom(`db ${verb}`, { 'db.system.name': 'postgresql', 'db.query.text': sql.slice(0, 2000) });
}

/** The methods of `target` named in `methods`, each run in a span `${prefix}.${method}`; the rest as they are. */
export function tracedMethods<T extends object>(target: T, prefix: string, methods: readonly string[], attributes: Attributes = {}): T {
  const names = new Set(methods);
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      // Called on the object itself, not the proxy: its private fields (#…) are only reachable from it.
      if (typeof property !== 'string' || !names.has(property)) return (value as (...a: unknown[]) => unknown).bind(object);
      return (...args: unknown[]) => inSpan(`${prefix}.${property}`, attributes, () => (value as (...a: unknown[]) => Promise<unknown>).apply(object, args));
    },
  });
}
