import type { FastifyInstance } from 'fastify';
import type { Database } from '@probe/db';
import type { TokenVerifier } from '../auth/tokens.ts';
import { AccountsService } from '../modules/accounts/index.ts';
import { proofFor } from '../modules/learners/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /learner-proofs/{id}` with `Authorization: JWT <token>`: a proof of enrollment, to the learner
 * who sent it (their store token) and to staff who review learners (a console token) only. Anyone else, and any unknown id, gets the same 404. The file is sent as
 * an attachment of the type read from its content, never cached, never sniffed or run by the browser.
 */
export function registerLearnerProofs(app: FastifyInstance, db: Database, verifiers: TokenVerifier[]): void {
  const accounts = new AccountsService(db);
  app.get<{ Params: { id: string } }>('/learner-proofs/:id', async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    // The learner's own (shop) token, or a console token of staff.
    const authorization = req.headers.authorization ?? null;
    let identity = null;
    for (const verifier of verifiers) identity ??= await verifier.identityFrom(authorization);
    if (!identity) return reply.status(401).header('www-authenticate', 'Bearer').send({ error: 'invalid_token' });
    const viewer = await accounts.userFor(identity);
    const proof = viewer && UUID.test(req.params.id) ? await proofFor(db, req.params.id, viewer) : null;
    if (!proof) return reply.status(404).send({ error: 'not_found' });
    return reply
      .header('content-type', proof.contentType)
      .header('content-disposition', `attachment; filename="${proof.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(proof.name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(proof.bytes);
  });
}
