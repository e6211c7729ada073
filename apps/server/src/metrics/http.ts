import type { FastifyInstance } from 'fastify';
import type { Series } from './fast-histogram.ts';
import { httpRequests } from './store.ts';

const METHODS = ['GET', 'POST', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE'];

/**
 * Every answer's route, method and status with its latency (store_http_request_duration_seconds). The
 * route is the pattern Fastify matched (`/graphql`, `/*`), never the path as sent; a request no route
 * matched is `unmatched`, a method outside the usual seven `OTHER`: a caller cannot make new series.
 * Per request: three map lookups and a bucket increment, nothing allocated once a combination was seen.
 */
export function registerHttpMetrics(app: FastifyInstance): void {
  const routes = new Map<string, Map<number, Series>>();
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    let byCode = routes.get(route);
    if (!byCode) routes.set(route, (byCode = new Map()));
    const method = METHODS.indexOf(req.method);
    const code = reply.statusCode * 8 + (method < 0 ? 7 : method);
    let series = byCode.get(code);
    if (!series) byCode.set(code, (series = httpRequests.child(route, METHODS[method] ?? 'OTHER', String(reply.statusCode))));
    series.observe(reply.elapsedTime / 1000);
    done();
  });
}
