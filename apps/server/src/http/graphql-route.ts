import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Yoga } from '../graphql/yoga.ts';
import type { CacheHint, ResponseCache } from './response-cache.ts';
import { PROOF_MAX_BYTES } from '../modules/learners/index.ts';

/** The largest multipart body: one file at its limit and the operation around it. */
const MULTIPART_MAX_BYTES = PROOF_MAX_BYTES + 64 * 1024;

/**
 * The largest JSON body: the storefront's largest document is under 3 KB and its variables a few more;
 * a body over 64 KB is refused (413) before it is read, so an attack cannot make the server read and
 * parse 1 MB of JSON (200 KB of it took 3 ms; reliability W2b). The console's API keeps the app's 1 MB.
 */
const GRAPHQL_JSON_MAX_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    cacheHint?: CacheHint;
  }
}

/**
 * CSRF: a POST another site's page can send without asking first (a form, text/plain, a multipart form)
 * never reaches an operation. JSON needs a CORS preflight cross-site; a multipart upload (a learner's
 * proof) is accepted only with an Authorization header, which needs one too.
 */
function preflighted(headers: FastifyRequest['headers']): boolean {
  const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || type === 'application/graphql-response+json') return true;
  return type === 'multipart/form-data' && typeof headers.authorization === 'string' && headers.authorization.length > 0;
}

/**
 * Mounts Yoga on Fastify: GET and POST /graphql (a mutation over GET is refused with 405 by Yoga).
 * Anonymous answers that depend only on the catalogue come from the response cache when it has them.
 */
export function registerGraphqlRoute(app: FastifyInstance, yoga: Yoga, cache: ResponseCache, version: () => Promise<number>): void {
  // Multipart bodies (file uploads) are parsed by Yoga itself, so Fastify's body limit does not bound them:
  // they must declare their length, at most one proof of enrollment and its form fields.
  app.addContentTypeParser('multipart/form-data', {}, (req, _payload, done) => {
    const length = Number(req.headers['content-length']);
    if (!length) return done(Object.assign(new Error('A multipart request must declare its length'), { statusCode: 411 }));
    if (length > MULTIPART_MAX_BYTES) return done(Object.assign(new Error('Request body is too large'), { statusCode: 413 }));
    done(null);
  });
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    bodyLimit: GRAPHQL_JSON_MAX_BYTES,
    handler: async (req, reply) => {
      if (req.method === 'POST' && !preflighted(req.headers)) {
        return reply.status(415).header('cache-control', 'no-store').send({ errors: [{ message: 'Send GraphQL as application/json', extensions: { exception: { code: 'UnsupportedMediaType' } } }] });
      }
      const key = cache.keyOf(req);
      if (key && (await cache.serve(key, req, reply))) return reply;
      const versionBefore = key ? await version() : 0;
      req.cacheHint = { shared: true };
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => void reply.header(key, value));
      reply.status(response.status);
      const contentType = response.headers.get('content-type') ?? '';
      if (key && response.status === 200 && req.cacheHint.shared && contentType.startsWith('application/')) {
        const body = await response.text();
        // Kept only when it answered without errors and the catalogue did not change meanwhile.
        if (!body.includes('"errors"') && (await version()) === versionBefore) cache.store(key, versionBefore, body, contentType, reply);
        else reply.header('cache-control', 'no-store');
        return reply.send(body);
      }
      reply.header('cache-control', 'no-store');
      return reply.send(response.body);
    },
  });
}
