import type { FastifyInstance } from 'fastify';
import type { Database } from '@probe/db';
import { exportByToken } from '../modules/privacy/index.ts';
import { lookupCountingMisses, type Limiter } from './rate-limit.ts';

/**
 * `GET /privacy/export/{token}`: a user's data export (GDPR art. 15/20), to whoever holds the link e-mailed
 * to them (256 random bits; only its SHA-256 is stored), until it expires. A download no shared cache
 * keeps. A miss counts on the address's token misses, like every lookup by token (429 over the limit).
 */
export function registerPrivacyExportRoute(app: FastifyInstance, db: Database, tokenMisses: Limiter, now: () => Date): void {
  app.get<{ Params: { token: string } }>('/privacy/export/:token', async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { found: archive, wait } = await lookupCountingMisses(tokenMisses, req.ip, () => exportByToken(db, req.params.token, now()));
    if (wait !== null) return reply.status(429).header('retry-after', String(wait)).type('application/json').send({ error: 'too_many_requests' });
    if (!archive) return reply.status(404).type('application/json').send({ error: 'not_found' });
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', 'attachment; filename="probe-store-personal-data.json"')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(archive);
  });
}
