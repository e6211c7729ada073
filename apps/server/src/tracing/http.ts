import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { tracer } from './provider.ts';

declare module 'fastify' {
  interface FastifyRequest {
    traceSpan?: Span;
  }
}

/**
 * A server span per request, a root (a caller's `traceparent` is not joined: the store's traces are its
 * own, whatever a visitor sends). Its trace id goes into the lines the request logs (`traceId`), and the
 * span is the active context while the route's handler runs, so GraphQL, database and gateway spans are
 * its children.
 */
export function registerHttpTracing(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    const span = tracer().startSpan(`${req.method} ${req.routeOptions.url ?? 'unmatched'}`, {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': req.method, 'http.route': req.routeOptions.url ?? 'unmatched', 'url.path': req.url.split('?')[0]!.slice(0, 200) },
    }, ROOT_CONTEXT);
    req.traceSpan = span;
    // The line Fastify writes when the answer is sent comes outside the request's context: it carries the
    // trace id bound; every other line gets it from the logger's mixin (traceIdMixin) while the span is active.
    reply.log = reply.log.child({ traceId: span.spanContext().traceId });
    done();
  });
  // After the body is read (its stream's events run outside the request's context): the handler, and all
  // it awaits, runs with the request's span active.
  app.addHook('preHandler', (req, _reply, done) => {
    if (!req.traceSpan) return done();
    context.with(trace.setSpan(ROOT_CONTEXT, req.traceSpan), done);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const span = req.traceSpan;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}
