import type { FastifyInstance } from 'fastify';

export interface Lifecycle {
  /** False once shutdown has begun: load balancers stop sending new traffic. */
  accepting: boolean;
  /** True once something (a load balancer's health check) has asked /readyz: it must be told before the server closes. */
  readinessPolled?: boolean;
}

/**
 * /healthz: the process is up and serving (it only listens once the database is migrated and seeded).
 * /readyz: it should receive traffic: not shutting down and the database answers.
 * While shutting down (not accepting), every answer closes its connection: a load balancer's kept-alive
 * connections end cleanly after their last answer instead of being cut when the server closes.
 */
export function registerHealthRoutes(app: FastifyInstance, lifecycle: Lifecycle, ping: () => Promise<void>): void {
  app.addHook('onRequest', (_req, reply, done) => {
    if (!lifecycle.accepting) reply.header('connection', 'close');
    done();
  });
  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (req, reply) => {
    lifecycle.readinessPolled = true;
    reply.header('cache-control', 'no-store');
    if (!lifecycle.accepting) return reply.status(503).send({ status: 'shutting-down' });
    try {
      await ping();
      return reply.send({ status: 'ready' });
    } catch (err) {
      req.log.error({ err }, 'readiness: database ping failed');
      return reply.status(503).send({ status: 'database-unavailable' });
    }
  });
}
