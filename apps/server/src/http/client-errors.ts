import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Limiter } from './rate-limit.ts';

/** Each field as logged at most (characters); longer ones are cut and the report says so. */
const CAPS = { type: 100, message: 500, stack: 2000, url: 500, release: 50, contextKey: 50, contextValue: 200 } as const;
/** At most this many context entries are logged. */
const MAX_CONTEXT_ENTRIES = 20;
/** Dropped reports are counted and logged in one line this often (and when the server closes). */
const DROP_SUMMARY_MS = 60_000;

const Report = z.object({
  errorId: z.string().regex(/^[0-9a-f-]{32,36}$/i),
  type: z.string().default('Error'),
  message: z.string(),
  stack: z.string().optional(),
  url: z.string().optional(),
  release: z.string().optional(),
  context: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).default({}),
});

/**
 * The storefront's default error monitoring: each report is logged once, at warn (a browser's word, not
 * the server's failure), under the id the buyer sees on the error screen, so support can find it. Bad
 * reports get a 400 naming the problem. Anyone may send one, so what a report costs is bounded: each field
 * is cut to its cap (a logged report is at most about 4 KB), and an address sends `limiter`'s reports per
 * window; the rest get 429 with Retry-After, are not logged, and are counted: one warn line a minute says
 * how many were dropped.
 */
export function registerClientErrors(app: FastifyInstance, limiter: Limiter): void {
  let dropped = 0;
  let droppedAddresses = new Set<string>();
  const summarize = () => {
    if (!dropped) return;
    app.log.warn({ droppedClientErrors: dropped, addresses: droppedAddresses.size }, 'client error reports dropped: over the per-address limit');
    dropped = 0;
    droppedAddresses = new Set();
  };
  const timer = setInterval(summarize, DROP_SUMMARY_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    summarize();
  });

  app.post('/client-errors', { bodyLimit: 16 * 1024 }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const wait = await limiter.hit(req.ip);
    if (wait !== null) {
      dropped++;
      if (droppedAddresses.size < 10_000) droppedAddresses.add(req.ip);
      return reply.status(429).header('retry-after', String(wait)).send({ error: 'too many reports' });
    }
    const parsed = Report.safeParse(req.body);
    if (!parsed.success) return reply.status(400).send({ error: 'invalid report', issues: parsed.error.issues.slice(0, 10).map((i) => `${i.path.join('.')}: ${i.message}`.slice(0, 200)) });
    const { errorId, ...report } = parsed.data;
    const truncated: string[] = [];
    const cut = (field: string, value: string, max: number) => {
      if (value.length <= max) return value;
      truncated.push(field);
      return `${value.slice(0, max)}…`;
    };
    const entries = Object.entries(report.context);
    if (entries.length > MAX_CONTEXT_ENTRIES) truncated.push('context');
    const context = Object.fromEntries(entries.slice(0, MAX_CONTEXT_ENTRIES).map(([key, value]) => [
      cut('context', key, CAPS.contextKey), typeof value === 'string' ? cut('context', value, CAPS.contextValue) : value,
    ]));
    const clientError = {
      type: cut('type', report.type, CAPS.type),
      message: cut('message', report.message, CAPS.message),
      ...(report.stack !== undefined ? { stack: cut('stack', report.stack, CAPS.stack) } : {}),
      ...(report.url !== undefined ? { url: cut('url', report.url, CAPS.url) } : {}),
      ...(report.release !== undefined ? { release: cut('release', report.release, CAPS.release) } : {}),
      context,
      ...(truncated.length ? { truncated: [...new Set(truncated)] } : {}),
    };
    const userAgent = req.headers['user-agent']?.slice(0, 300);
    req.log.warn({ errorId, clientError, userAgent }, 'client error report');
    return reply.status(202).send({ errorId });
  });
}
