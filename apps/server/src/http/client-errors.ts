import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const Report = z.object({
  errorId: z.string().regex(/^[0-9a-f-]{32,36}$/i),
  type: z.string().max(200).default('Error'),
  message: z.string().max(2000),
  stack: z.string().max(8000).optional(),
  url: z.string().max(2000).optional(),
  release: z.string().max(50).optional(),
  context: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).default({}),
});

/**
 * The storefront's default error monitoring: each report is logged once under the id the buyer sees
 * on the error screen, so support can find it. Bad reports get a 400 naming the problem.
 */
export function registerClientErrors(app: FastifyInstance): void {
  app.post('/client-errors', { bodyLimit: 16 * 1024 }, async (req, reply) => {
    const parsed = Report.safeParse(req.body);
    if (!parsed.success) return reply.status(400).send({ error: 'invalid report', issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
    const { errorId, ...report } = parsed.data;
    req.log.error({ errorId, clientError: report, userAgent: req.headers['user-agent'] }, 'client error report');
    return reply.status(202).header('cache-control', 'no-store').send({ errorId });
  });
}
