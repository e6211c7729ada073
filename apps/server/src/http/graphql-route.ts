import type { FastifyInstance } from 'fastify';
import type { Yoga } from '../graphql/yoga.ts';

/** Mounts Yoga on Fastify: GET and POST /graphql (a mutation over GET is refused with 405 by Yoga). */
export function registerGraphqlRoute(app: FastifyInstance, yoga: Yoga): void {
  // Multipart bodies (file uploads) are parsed by Yoga itself.
  app.addContentTypeParser('multipart/form-data', {}, (_req, _payload, done) => done(null));
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => void reply.header(key, value));
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}
