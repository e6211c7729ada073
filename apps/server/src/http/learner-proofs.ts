import type { FastifyInstance } from 'fastify';
import type { Database } from '@probe/db';
import type { TokenVerifier } from '../auth/tokens.ts';
import { AccountsService } from '../modules/accounts/index.ts';
import { proofFor } from '../modules/learners/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /learner-proofs/{id}` with `Authorization: JWT <token>`: a proof of enrollment, to the learner
 * who sent it (their store token) and to staff who review learners (a console token, audience
 * AUTH_ADMIN_AUDIENCE, only). A store token is the learner's own and nothing more, a member of staff's
 * included: staff rights come with the console's token alone, as on the console's API. Anyone else, and
 * any unknown id, gets the same 404. The file is sent as an attachment of the type read from its content,
 * never cached, never sniffed or run by the browser.
 */
export function registerLearnerProofs(app: FastifyInstance, db: Database, verifiers: { store: TokenVerifier; console: TokenVerifier }): void {
  const accounts = new AccountsService(db);
  app.get<{ Params: { id: string } }>('/learner-proofs/:id', async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const authorization = req.headers.authorization ?? null;
    const staffIdentity = await verifiers.console.identityFrom(authorization);
    const identity = staffIdentity ?? (await verifiers.store.identityFrom(authorization));
    if (!identity) return reply.status(401).header('www-authenticate', 'Bearer').send({ error: 'invalid_token' });
    const user = await accounts.userFor(identity);
    // The staff role counts only when the token is the console's.
    const viewer = user ? { id: user.id, staffRole: staffIdentity ? user.staffRole : null } : null;
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
