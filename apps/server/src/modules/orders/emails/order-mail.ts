import { schema, type Database } from '@probe/db';
import { eq } from 'drizzle-orm';
import { orderDetails } from '../place-order.ts';
import { renderOrderMail, type OrderMail, type OrderMailKind } from './render.ts';

/** The outbox topics an order writes, and the e-mail each sends to the buyer. */
export const ORDER_MAIL_TOPICS: Record<string, OrderMailKind> = { 'order.placed': 'placed', 'order.paid': 'paid', 'order.payment_failed': 'failed' };

/**
 * The e-mail of an order's outbox row, rendered from the order as it is now (its lines, its payment,
 * its invoice); null when the order is gone.
 */
export async function orderMailFor(db: Database, topic: string, payload: unknown, publicUrl: string): Promise<OrderMail | null> {
  const kind = ORDER_MAIL_TOPICS[topic];
  const token = (payload as { orderToken?: string }).orderToken;
  if (!kind || !token) return null;
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.token, token));
  if (!order) return null;
  const { lines, invoice } = await orderDetails(db, order.id);
  return renderOrderMail({
    kind, token: order.token, number: order.number, email: order.email, country: order.country, language: order.language, currency: order.currency,
    total: order.totalGross, chargeStatus: order.chargeStatus, invoiceDue: invoice?.dueAt ?? null,
    lines: lines.map((l) => ({ name: l.variantName && l.variantName !== l.productName ? `${l.productName} (${l.variantName})` : l.productName, quantity: l.quantity, total: l.totalGross })),
  }, publicUrl);
}
