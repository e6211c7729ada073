import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@probe/db';
import { ADMIN_GRAPHQL_PATH, type AdminYoga } from '../admin-graphql/yoga.ts';
import { staffResolver } from '../admin-graphql/staff.ts';
import type { TokenVerifier } from '../auth/tokens.ts';
import { ordersCsv } from '../modules/orders/index.ts';
import { may } from '../modules/staff/index.ts';
import { apiCompression } from './compression.ts';

/** apps/admin/dist, from this file or from the server's bundle (apps/server/dist/main.js). */
export const ADMIN_DIST = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../../admin/dist' : '../../admin/dist', import.meta.url));

/** The console's pages: its own scripts and styles only, talking to its own origin, never framed. */
const CONSOLE_CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:", "connect-src 'self'",
  "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ');

/** The media types an operation may come in: both need a CORS preflight when another site's page sends them. */
const JSON_TYPES = new Set(['application/json', 'application/graphql-response+json']);

/**
 * The operator console: its API at /admin/graphql (no response cache: every answer is for one member of
 * staff) and its single-page app under /admin/ (the built shell for every console path, hashed assets
 * cached for a year). Without a build the console's pages say how to make one.
 */
export async function registerAdmin(app: FastifyInstance, deps: { yoga: AdminYoga; db: Database; tokens: TokenVerifier }, dist = ADMIN_DIST): Promise<void> {
  const { yoga } = deps;
  const staffOf = staffResolver(deps.db, deps.tokens);
  // The orders a filter selects, as CSV, streamed a page at a time (the console's export; the same filters as its list).
  app.get<{ Querystring: Record<string, string | undefined> }>('/admin/export/orders.csv', async (req, reply) => {
    const staff = await staffOf(req.headers.authorization ?? null);
    if (!staff || !may(staff.role, 'orders.read')) return reply.status(403).header('cache-control', 'no-store').send({ error: 'forbidden' });
    const q = req.query;
    const date = (s: string | undefined) => (s && !Number.isNaN(Date.parse(s)) ? new Date(s) : null);
    const filter = {
      country: q.country ?? null, chargeStatus: q.chargeStatus ?? null, paymentMethod: q.paymentMethod ?? null, search: q.search ?? null, from: date(q.from), to: date(q.to),
      paymentState: q.paymentState ?? null, fulfilmentState: q.fulfilmentState ?? null,
    };
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .header('cache-control', 'private, no-store')
      .send(Readable.from(ordersCsv(deps.db, filter)));
  });
  app.route({
    url: ADMIN_GRAPHQL_PATH,
    method: ['GET', 'POST', 'OPTIONS'],
    compress: apiCompression,
    handler: async (req, reply) => {
      // CSRF, as on /graphql (graphql-route.ts): an operation comes only as JSON, which another site's page
      // can send only after a preflight, and only the store's own origins are granted one (graphql/cors.ts).
      // The console sends nothing else; a form or multipart post never reaches an operation.
      if (req.method === 'POST' && !JSON_TYPES.has((req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase())) {
        return reply.status(415).header('cache-control', 'no-store').send({ errors: [{ message: 'Send GraphQL as application/json', extensions: { exception: { code: 'UnsupportedMediaType' } } }] });
      }
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => void reply.header(key, value));
      return reply.status(response.status).header('cache-control', 'no-store').send(response.body);
    },
  });

  const index = join(dist, 'index.html');
  const shell = existsSync(index) ? readFileSync(index, 'utf8') : null;
  if (shell) {
    await app.register(fastifyStatic, {
      root: join(dist, 'assets'),
      prefix: '/admin/assets/',
      decorateReply: false,
      index: false,
      setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }
  const page = async (_req: unknown, reply: import('fastify').FastifyReply) => {
    reply.header('content-security-policy', CONSOLE_CSP).header('cache-control', 'no-cache');
    if (!shell) return reply.status(503).type('text/plain; charset=utf-8').send('The console is not built: run npm run build.');
    return reply.type('text/html; charset=utf-8').send(shell);
  };
  app.get('/admin', (_req, reply) => reply.redirect('/admin/', 301));
  app.get('/admin/', page);
  app.get('/admin/*', page);
}
