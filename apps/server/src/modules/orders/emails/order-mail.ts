import { schema, type Database } from '@probe/db';
import { eq } from 'drizzle-orm';
import { intlLocale, isKnownCountry } from '@probe/domain';
import { creditNoteDocument, creditNoteNumber, DEMO_SELLER, documentText, orderDocument, storeLanguage, type OrderDocument, type Seller } from '../../documents/index.ts';
import { CARRIERS, isCarrier } from '../carriers.ts';
import { shipmentOf } from '../ship-order.ts';
import { orderDetails } from '../place-order.ts';
import { renderOffThread } from '../../render-thread/index.ts';
import type { OrderMail, OrderMailFacts, OrderMailKind } from './render.tsx';
import { receiptOf } from './receipt.ts';

/**
 * The outbox topics an order writes, and the e-mail each sends to the buyer. `order.placed` of an order on
 * an electronic quote sends the quote e-mail instead of the confirmation.
 */
export const ORDER_MAIL_TOPICS: Record<string, OrderMailKind> = {
  'order.placed': 'placed', 'order.paid': 'paid', 'order.payment_failed': 'failed', 'invoice.paid': 'invoice',
  'order.shipped': 'shipped', 'order.refunded': 'refunded', 'order.cancelled': 'cancelled',
};

/**
 * The e-mail of an order's outbox row, rendered from the order as it is now (its lines, its payment,
 * its invoice); null when the order is gone. The confirmation and the paid invoice carry the invoice as a
 * PDF, the quote e-mail the quote.
 */
export async function orderMailFor(db: Database, topic: string, payload: unknown, publicUrl: string, seller: Seller = DEMO_SELLER): Promise<OrderMail | null> {
  const topicKind = ORDER_MAIL_TOPICS[topic];
  const { orderToken: token, shipmentId, refundId } = payload as { orderToken?: string; shipmentId?: number; refundId?: number };
  if (!topicKind || !token) return null;
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.token, token));
  if (!order) return null;
  const details = await orderDetails(db, order.id);
  const { lines, invoice } = details;
  const kind: OrderMailKind = topicKind === 'placed' && order.paymentMethod === 'ELECTRONIC_QUOTE' && invoice ? 'quote' : topicKind;
  const documentKind = kind === 'quote' ? 'quote' : kind === 'placed' || kind === 'invoice' ? 'invoice' : null;
  let pdf: OrderDocument | null = documentKind ? await orderDocument(db, { id: order.id }, documentKind, { seller, publicUrl }) : null;
  const names = new Map(lines.map((l) => [l.id, l.variantName && l.variantName !== l.productName ? `${l.productName} (${l.variantName})` : l.productName]));
  let shipment: OrderMailFacts['shipment'] = null;
  if (kind === 'shipped') {
    const sent = Number.isInteger(shipmentId) ? await shipmentOf(db, order.id, shipmentId!) : null;
    if (!sent) return null;
    shipment = {
      carrier: isCarrier(sent.carrier) ? CARRIERS[sent.carrier].name : null, trackingNumber: sent.trackingNumber, trackingUrl: sent.trackingUrl,
      lines: sent.lines.map((l) => ({ name: names.get(l.orderLineId) ?? '', quantity: l.quantity })),
    };
  }
  let refund: OrderMailFacts['refund'] = null;
  if (kind === 'refunded') {
    const [row] = Number.isInteger(refundId) ? await db.select({ amount: schema.refunds.amount, orderId: schema.refunds.orderId, note: schema.creditNotes.number }).from(schema.refunds)
      .leftJoin(schema.creditNotes, eq(schema.creditNotes.refundId, schema.refunds.id)).where(eq(schema.refunds.id, refundId!)) : [];
    if (!row || row.orderId !== order.id) return null;
    refund = { amount: row.amount, creditNote: row.note ? creditNoteNumber(row.note) : null };
    pdf = row.note ? await creditNoteDocument(db, { refundId: refundId! }, { seller, publicUrl }) : null;
  }
  const language = storeLanguage(order.language);
  const country = order.country.toUpperCase();
  const locale = isKnownCountry(country) ? intlLocale(country, language) : language;
  // The receipt: what the confirmation, the quote and the payment e-mails list, as the order page and the invoice show it.
  const receipt = kind === 'placed' || kind === 'quote' || kind === 'paid' || kind === 'invoice' ? await receiptOf(db, order, details, language, locale) : null;
  const regions = new Intl.DisplayNames([locale, language, 'en'], { type: 'region' });
  const sellerLines = [...seller.address, regions.of(seller.country) ?? seller.country, `${documentText(language)('vatNumber')}: ${seller.vatNumber}`, seller.email];
  const facts: OrderMailFacts = {
    kind, token: order.token, number: order.number, email: order.email, country: order.country, language: order.language, currency: order.currency,
    total: order.totalGross, chargeStatus: order.chargeStatus, invoiceDue: invoice?.dueAt ?? null, invoiceToken: invoice?.token ?? null, attached: !!pdf,
    lines: lines.map((l) => ({ name: names.get(l.id)!, quantity: l.quantity, total: l.totalGross })),
    shipment, refund, receipt, seller: { name: seller.name, lines: sellerLines },
  };
  const mail = await renderOffThread<OrderMail>('orderMail', [facts, publicUrl]);
  return pdf ? { ...mail, attachments: [{ filename: pdf.filename, content: pdf.bytes.toString('base64'), encoding: 'base64', contentType: pdf.contentType }] } : mail;
}
