import { schema, type Database } from '@probe/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { audit, type Actor } from '../staff/index.ts';

export interface CancelError { field: string | null; code: 'NOT_FOUND' | 'OPERATION_NOT_ALLOWED'; message: string }

/** Why an order cannot be cancelled, in words for the operator; null when it can. */
export function whyNotCancellable(order: { chargeStatus: string }, payments: Array<{ status: string }>, movedSubscription: boolean): string | null {
  if (order.chargeStatus === 'FULLY_CHARGED' || order.chargeStatus === 'PARTIALLY_CHARGED' || payments.some((p) => p.status === 'SUCCEEDED' || p.status === 'REFUNDED')) {
    return 'The order has been paid: refund it instead of cancelling it';
  }
  if (order.chargeStatus === 'ASYNC_PROCESSING' || payments.some((p) => p.status === 'PENDING' || p.status === 'PROCESSING')) {
    return 'A payment of this order is still settling at the bank: wait for its outcome (a failed payment leaves the order cancellable)';
  }
  if (movedSubscription) return 'The order changed an organization\'s subscription, which cancelling cannot undo here: ask the subscription team';
  return null;
}

/**
 * Cancels an unpaid order (NOT_CHARGED: an e-quote whose invoice is open, an asynchronous payment that
 * failed): it can no longer be paid, the stock it took goes back, so does the use of its voucher (a code
 * with a usage limit can be used again), and the cancellation is an order event and an audit entry, all in
 * one transaction on the locked order, with the buyer's e-mail in the outbox. Cancelling a cancelled order changes nothing (nothing is given back
 * twice) and answers as the first time did.
 */
export async function cancelOrder(db: Database, actor: Actor, input: { number: string; reason: string | null }): Promise<{ cancelledAt: Date | null; errors: CancelError[] }> {
  const refuse = (field: string | null, code: CancelError['code'], message: string) => ({ cancelledAt: null, errors: [{ field, code, message }] });
  const reason = input.reason?.trim() || null;
  if (reason && reason.length > 500) return refuse('reason', 'OPERATION_NOT_ALLOWED', 'A reason is at most 500 characters');
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(schema.orders).where(eq(schema.orders.number, input.number)).for('update');
    if (!order) return refuse('number', 'NOT_FOUND', 'No such order');
    if (order.cancelledAt) return { cancelledAt: order.cancelledAt, errors: [] };
    const payments = await tx.select({ status: schema.payments.status }).from(schema.payments).where(eq(schema.payments.orderId, order.id));
    const [moved] = await tx.select({ type: schema.subscriptionEvents.type }).from(schema.subscriptionEvents)
      .where(eq(schema.subscriptionEvents.orderToken, order.token)).orderBy(desc(schema.subscriptionEvents.id)).limit(1);
    const why = whyNotCancellable(order, payments, !!moved && moved.type !== 'PAYMENT_REVERSED');
    if (why) return refuse(null, 'OPERATION_NOT_ALLOWED', why);

    const restocked = await giveStockBack(tx, order.id);
    const voucherReleased = await releaseVoucherUse(tx, order.voucher);
    const [cancelled] = await tx.update(schema.orders).set({ cancelledAt: sql`now()` }).where(eq(schema.orders.id, order.id)).returning({ at: schema.orders.cancelledAt });
    await tx.insert(schema.orderEvents).values({ orderId: order.id, type: 'CANCELLED', actorId: actor.id, payload: { reason, restocked, voucherReleased } });
    // The buyer is told: nothing is to be paid, the invoice is void.
    await tx.insert(schema.outbox).values({ topic: 'order.cancelled', payload: { orderToken: order.token, number: order.number } });
    await audit(tx, actor, 'order.cancel', `order:${order.number}`, { chargeStatus: order.chargeStatus, cancelled: false }, { cancelled: true, reason, restocked, voucherReleased });
    return { cancelledAt: cancelled!.at, errors: [] };
  });
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Puts back the stock the order's tracked items took when it was placed; returns what went back, by SKU. */
async function giveStockBack(tx: Tx, orderId: number): Promise<Array<{ sku: string; quantity: number }>> {
  const lines = await tx.select({ variantId: schema.orderLines.variantId, sku: schema.orderLines.productSku, quantity: schema.orderLines.quantity })
    .from(schema.orderLines).where(eq(schema.orderLines.orderId, orderId));
  const ids = [...new Set(lines.flatMap((l) => (l.variantId === null ? [] : [l.variantId])))].sort((a, b) => a - b);
  if (!ids.length) return [];
  // Locked in id order, as placing an order takes them: a cancellation and a placement never deadlock.
  const tracked = await tx.select({ id: schema.productVariants.id }).from(schema.productVariants)
    .where(and(inArray(schema.productVariants.id, ids), eq(schema.productVariants.trackInventory, true))).orderBy(schema.productVariants.id).for('update');
  const back: Array<{ sku: string; quantity: number }> = [];
  for (const { id } of tracked) {
    const mine = lines.filter((l) => l.variantId === id);
    const quantity = mine.reduce((s, l) => s + l.quantity, 0);
    await tx.update(schema.productVariants).set({ stock: sql`${schema.productVariants.stock} + ${quantity}` }).where(eq(schema.productVariants.id, id));
    back.push({ sku: mine[0]!.sku, quantity });
  }
  return back;
}

/**
 * Gives back the use of the voucher the order was placed with (placing it counted one within the code's limit:
 * place-order.ts countVoucherUse); returns its code, or null when there was none. The order names its voucher by
 * code, which is unique and never changes once buyers may hold it, and promos are not deleted, so the code finds the
 * row that was counted. Run after the stock is given back: placing an order takes stock, then the voucher, so the
 * two never wait on each other's locks. A code-less promo (a student price: no usage limit, no count in the console)
 * is not recorded on the order and keeps its count.
 */
async function releaseVoucherUse(tx: Tx, voucher: { code: string } | null): Promise<string | null> {
  if (!voucher?.code) return null;
  const [released] = await tx.update(schema.promos).set({ usedCount: sql`${schema.promos.usedCount} - 1` })
    .where(and(eq(schema.promos.code, voucher.code), sql`${schema.promos.usedCount} > 0`)).returning({ code: schema.promos.code });
  return released?.code ?? null;
}
