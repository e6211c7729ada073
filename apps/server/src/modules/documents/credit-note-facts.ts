import { schema, type Database } from '@probe/db';
import { and, eq } from 'drizzle-orm';
import { creditNoteNumber, documentFacts, type DocumentFacts } from './facts.ts';

/** A share of an amount, rounded: the net part of a gross amount given back, at the rate it was charged. */
const shareOf = (part: number, of: number, whole: number) => (of === 0 ? 0 : Math.round((whole * part) / of));

/**
 * The facts of a refund's credit note: the order's parties and numbers (the invoice it corrects is the
 * order's), and as lines what the refund gave back: each order line's quantity and amount, the shipping,
 * or a free amount; net and tax in the proportion the order charged them. Null when the refund has no
 * credit note (it did not go through) or belongs to another order.
 */
export async function creditNoteFacts(db: Database, ref: { orderToken: string; number: number } | { refundId: number }): Promise<DocumentFacts | null> {
  const where = 'refundId' in ref ? eq(schema.creditNotes.refundId, ref.refundId) : eq(schema.creditNotes.number, ref.number);
  const [row] = await db.select({ note: schema.creditNotes, order: schema.orders, refund: schema.refunds }).from(schema.creditNotes)
    .innerJoin(schema.orders, eq(schema.orders.id, schema.creditNotes.orderId)).innerJoin(schema.refunds, eq(schema.refunds.id, schema.creditNotes.refundId))
    .where('orderToken' in ref ? and(where, eq(schema.orders.token, ref.orderToken)) : where);
  if (!row) return null;
  const invoice = await documentFacts(db, { id: row.order.id }, 'invoice');
  if (!invoice) return null;
  const { order, refund, note } = row;
  const [given, orderLines] = await Promise.all([
    db.select().from(schema.refundLines).where(eq(schema.refundLines.refundId, refund.id)),
    db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id)),
  ]);
  const lines: DocumentFacts['lines'] = given.map((g) => {
    const line = orderLines.find((l) => l.id === g.orderLineId)!;
    const printed = invoice.lines[orderLines.findIndex((l) => l.id === g.orderLineId)];
    const net = shareOf(g.amount, line.totalGross, line.totalNet);
    return {
      name: printed?.name ?? line.productName, sku: line.productSku, quantity: g.quantity, isFree: line.isFree,
      unitNet: Math.round(net / g.quantity), unitGross: Math.round(g.amount / g.quantity), totalNet: net, totalGross: g.amount, service: printed?.service ?? false,
    };
  });
  const linesGross = given.reduce((s, g) => s + g.amount, 0);
  const shipping = refund.shipping > 0 ? { gross: refund.shipping, net: shareOf(refund.shipping, order.shippingGross, order.shippingNet) } : null;
  // A free amount (no lines, no shipping): one line, at the order's overall proportion of net to gross.
  const free = refund.amount - linesGross - refund.shipping;
  if (free > 0) {
    const net = shareOf(free, order.totalGross, order.totalNet);
    lines.push({ name: '', sku: '', quantity: 1, isFree: false, unitNet: net, unitGross: free, totalNet: net, totalGross: free, service: invoice.lines.every((l) => l.service) });
  }
  const totalNet = lines.reduce((s, l) => s + l.totalNet, 0) + (shipping?.net ?? 0);
  return {
    ...invoice,
    kind: 'credit_note',
    lines,
    shipping,
    tradeIn: null,
    voucherCode: null,
    totalNet,
    totalTax: refund.amount - totalNet,
    totalGross: refund.amount,
    creditNote: { number: creditNoteNumber(note.number), issuedAt: note.createdAt, reason: refund.reason },
  };
}
