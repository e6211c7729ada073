import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '@probe/db';
import type { Config } from '../config.ts';
import { creditNoteDocument, DOCUMENT_KINDS, orderDocument, sellerFrom, type DocumentKind, type OrderDocument } from '../modules/documents/index.ts';
import { lookupCountingMisses, type Limiter } from './rate-limit.ts';

const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/i;
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A credit note's file: its number in the series (CN-000012.pdf or 12.pdf). */
const CREDIT_NOTE_FILE = /^(?:CN-)?0*([1-9][0-9]{0,8})\.pdf$/i;

/**
 * `GET /documents/invoice/{orderToken}.pdf` and `GET /documents/quote/{orderToken}.pdf`: an order's invoice,
 * or the quote of an order placed on an electronic quote, to whoever holds the order's token (the rule of
 * `orderByToken`: the token, 122 random bits, is the key; the confirmation page, the e-mails and my account
 * carry it). Anything else is the same 404. Rendered per request from the order as it is now (an invoice
 * paid since shows as paid), sent as a download that no shared cache keeps. Each request counts on the
 * address's token misses (`tokenMisses`, the counter `orderByToken` and every other lookup by token share):
 * a 404 is a miss, and an address over the limit gets 429 with Retry-After for every document, a real
 * one too, until its window ends.
 */
export function registerDocumentRoutes(app: FastifyInstance, db: Database, config: Config, tokenMisses: Limiter): void {
  const options = { seller: sellerFrom(config), publicUrl: config.PUBLIC_URL };
  app.get<{ Params: { kind: string; file: string } }>('/documents/:kind/:file', async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const token = FILE.exec(req.params.file)?.[1];
    const kind = (DOCUMENT_KINDS as readonly string[]).includes(req.params.kind) ? (req.params.kind as DocumentKind) : null;
    const { found: document, wait } = await lookupCountingMisses(tokenMisses, req.ip, () => (token && kind ? orderDocument(db, { token: token.toLowerCase() }, kind, options) : null));
    return send(reply, document, wait, kind ?? 'document');
  });
  // A refund's credit note, to whoever holds its order's token (the refund e-mail and the order page link it).
  app.get<{ Params: { token: string; file: string } }>('/documents/credit-note/:token/:file', async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const number = CREDIT_NOTE_FILE.exec(req.params.file)?.[1];
    const token = TOKEN.test(req.params.token) ? req.params.token.toLowerCase() : null;
    const { found: document, wait } = await lookupCountingMisses(tokenMisses, req.ip, () => (token && number ? creditNoteDocument(db, { orderToken: token, number: Number(number) }, options) : null));
    return send(reply, document, wait, 'credit-note');
  });
}

/** A document as a download no shared cache keeps; 429 while the address is over its misses, 404 for no document. */
function send(reply: FastifyReply, document: OrderDocument | null | undefined, wait: number | null, kind: string) {
  if (wait !== null) return reply.status(429).header('retry-after', String(wait)).type('application/json').send({ error: 'too_many_requests' });
  if (!document) return reply.status(404).type('application/json').send({ error: 'not_found' });
  const ascii = document.filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || `${kind}.pdf`;
  return reply
    .header('content-type', document.contentType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(document.filename)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(document.bytes);
}
