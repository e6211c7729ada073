/**
 * Order documents: the invoice of every order and the quote of an order placed on an electronic quote,
 * as PDFs in the order's language. The storefront downloads them by the order's token (http/documents.ts),
 * the order e-mails attach them, and the operator console (to come) calls `orderDocument` by number.
 */
import type { Database } from '@probe/db';
import { creditNoteFacts } from './credit-note-facts.ts';
import { documentFacts, type DocumentFacts, type DocumentKind, type OrderRef } from './facts.ts';
import { renderOffThread } from '../render-thread/index.ts';
import { documentText } from './pdf/render.ts';
import type { Seller } from './seller.ts';

export { creditNoteFacts } from './credit-note-facts.ts';
export { creditNoteNumber, DOCUMENT_KINDS, documentFacts, lineShipsOf, storeLanguage, type DocumentFacts, type DocumentKind, type OrderRef } from './facts.ts';
export { documentText, placeLines, renderDocumentPdf } from './pdf/render.ts';
export { DEMO_SELLER, sellerFrom, type Seller } from './seller.ts';

export interface OrderDocument {
  kind: DocumentKind | 'credit_note';
  /** `{word}-{order number}.pdf` in the order's language, e.g. `Rechnung-1001.pdf`. */
  filename: string;
  contentType: 'application/pdf';
  bytes: Buffer;
}

/**
 * An order's invoice or quote, rendered now from the order as it is; null when the order does not exist
 * or has no such document. Who may have it is the caller's decision (the order's token, its owner, staff).
 */
export async function orderDocument(db: Database, ref: OrderRef, kind: DocumentKind, options: { seller: Seller; publicUrl: string }): Promise<OrderDocument | null> {
  const facts = await documentFacts(db, ref, kind);
  return facts ? rendered(facts, options) : null;
}

/**
 * A refund's credit note, by the refund (the e-mail that tells of it) or by its order's token and its number
 * (the buyer's download); null when there is none.
 */
export async function creditNoteDocument(db: Database, ref: { orderToken: string; number: number } | { refundId: number }, options: { seller: Seller; publicUrl: string }): Promise<OrderDocument | null> {
  const facts = await creditNoteFacts(db, ref);
  return facts ? rendered(facts, options) : null;
}

async function rendered(facts: DocumentFacts, options: { seller: Seller; publicUrl: string }): Promise<OrderDocument> {
  const words = documentText(facts.language);
  const pdf = await renderOffThread<Uint8Array>('documentPdf', [facts, options.seller, options.publicUrl]);
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const [word, number] = facts.creditNote ? [words('creditNoteFile'), facts.creditNote.number] : [words(facts.kind === 'quote' ? 'quoteFile' : 'invoiceFile'), facts.number];
  return { kind: facts.kind, filename: `${word}-${number}.pdf`, contentType: 'application/pdf', bytes };
}
