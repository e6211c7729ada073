import type { FastifyInstance } from 'fastify';
import type { Yoga } from '../graphql/yoga.ts';
import type { CacheHint, ResponseCache } from './response-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    cacheHint?: CacheHint;
  }
}

/**
 * Mounts Yoga on Fastify: GET and POST /graphql (a mutation over GET is refused with 405 by Yoga).
 * Anonymous answers that depend only on the catalogue come from the response cache when it has them.
 */
export function registerGraphqlRoute(app: FastifyInstance, yoga: Yoga, cache: ResponseCache, version: () => Promise<number>): void {
  // Multipart bodies (file uploads) are parsed by Yoga itself.
  app.addContentTypeParser('multipart/form-data', {}, (_req, _payload, done) => done(null));
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
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
