import { schema, type Database } from '@probe/db';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PaymentGateway } from '../payments/index.ts';
import { audit, type Actor } from '../staff/index.ts';
import { refunds } from '../../metrics/index.ts';

export type RefundRow = typeof schema.refunds.$inferSelect;
export interface RefundLine { orderLineId: number; quantity: number; amount: number }
export type RefundWithLines = RefundRow & { lines: RefundLine[] };

export interface RefundError { field: string | null; code: 'NOT_FOUND' | 'INVALID' | 'OPERATION_NOT_ALLOWED' | 'PAYMENT_ERROR'; message: string }

export interface RefundInput {
  number: string;
  /** A free amount (minor units); null with `lines` or `shipping`, or for all that is left. */
  amount: number | null;
  /** Order lines and how many of each to give back: the amount is computed here from the lines. */
  lines: Array<{ lineId: number; quantity: number }> | null;
  /** Give back what is left of the shipping the buyer paid. */
  shipping: boolean;
  idempotencyKey: string;
  reason: string | null;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
const LIVE = ['PENDING', 'SUCCEEDED'];

/**
 * Writes a refund's credit note with the next number of the credit notes' series: the counter row is raised
 * (and locked) in the caller's transaction, so concurrent refunds take numbers one after another, and a
 * transaction that rolls back gives its number back: the series has no gaps.
 */
export async function issueCreditNote(tx: Tx, note: { refundId: number; orderId: number; amount: number; currency: string }): Promise<number> {
  const [counter] = await tx.insert(schema.documentCounters).values({ series: 'credit_note', last: 1 })
    .onConflictDoUpdate({ target: schema.documentCounters.series, set: { last: sql`${schema.documentCounters.last} + 1` } })
    .returning({ last: schema.documentCounters.last });
  await tx.insert(schema.creditNotes).values({ number: counter!.last, ...note });
  return counter!.last;
}

/** The refunds of some refunds' ids, with their lines. */
export async function withLines(db: Pick<Database, 'select'>, refunds: RefundRow[]): Promise<RefundWithLines[]> {
  if (!refunds.length) return [];
  const lines = await db.select().from(schema.refundLines).where(inArray(schema.refundLines.refundId, refunds.map((r) => r.id)));
  return refunds.map((r) => ({ ...r, lines: lines.filter((l) => l.refundId === r.id).map(({ orderLineId, quantity, amount }) => ({ orderLineId, quantity, amount })) }));
}

/**
 * What the chosen lines and shipping come to (gross, minor units), from the order's own lines: a line's
 * part is its total × quantity ÷ its quantity, and the last units of a line give back exactly what is left
 * of its total, so the parts of a line add up to it. Errors name the field they are about.
 */
async function priceChosen(tx: Tx, order: typeof schema.orders.$inferSelect, input: RefundInput) {
  const errors: RefundError[] = [];
  const lines = await tx.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
  const given = await tx.select({ lineId: schema.refundLines.orderLineId, quantity: sql<number>`sum(${schema.refundLines.quantity})::int`, amount: sql<number>`sum(${schema.refundLines.amount})::int` })
    .from(schema.refundLines).innerJoin(schema.refunds, eq(schema.refunds.id, schema.refundLines.refundId))
    .where(and(eq(schema.refunds.orderId, order.id), inArray(schema.refunds.status, LIVE))).groupBy(schema.refundLines.orderLineId);
  const chosen: RefundLine[] = [];
  const seen = new Set<number>();
  (input.lines ?? []).forEach((wanted, i) => {
    const line = lines.find((l) => l.id === wanted.lineId);
    if (!line || seen.has(wanted.lineId)) {
      errors.push({ field: `lines.${i}.lineId`, code: line ? 'INVALID' : 'NOT_FOUND', message: line ? 'This line is chosen twice' : 'The order has no such line' });
      return;
    }
    seen.add(line.id);
    const before = given.find((g) => g.lineId === line.id) ?? { quantity: 0, amount: 0 };
    const left = line.quantity - before.quantity;
    if (!Number.isInteger(wanted.quantity) || wanted.quantity < 1 || wanted.quantity > left) {
      errors.push({ field: `lines.${i}.quantity`, code: 'INVALID', message: left > 0 ? `Give back 1 to ${left} of ${line.productSku}` : `${line.productSku} has been refunded in full` });
      return;
    }
    const amount = wanted.quantity === left ? line.totalGross - before.amount : Math.round((line.totalGross * wanted.quantity) / line.quantity);
    chosen.push({ orderLineId: line.id, quantity: wanted.quantity, amount });
  });
  let shipping = 0;
  if (input.shipping) {
    const [done] = await tx.select({ total: sql<number>`coalesce(sum(${schema.refunds.shipping}), 0)::int` }).from(schema.refunds)
      .where(and(eq(schema.refunds.orderId, order.id), inArray(schema.refunds.status, LIVE)));
    shipping = order.shippingGross - Number(done!.total);
    if (shipping <= 0) errors.push({ field: 'shipping', code: 'INVALID', message: order.shippingGross ? 'The shipping has been refunded already' : 'The buyer paid no shipping' });
  }
  return { errors, chosen, shipping, amount: chosen.reduce((s, l) => s + l.amount, 0) + shipping };
}

/**
 * Gives money back on an order's settled payment through the gateway: chosen lines (and the shipping),
 * priced here from the order; or a free amount; or all that is left. The refund and its lines are written
 * (PENDING, with its idempotency key) before the gateway is asked with that same key, then its answer is
 * written with an order event and the audit entry; the same key again answers the first refund and gives
 * nothing twice. Refunds never exceed what was paid, nor a line its quantity (checked on the locked order).
 */
export async function refundOrder(db: Database, gateway: PaymentGateway, actor: Actor, input: RefundInput): Promise<{ refund: RefundWithLines | null; errors: RefundError[] }> {
  const fail = (field: string | null, code: RefundError['code'], message: string) => ({ refund: null, errors: [{ field, code, message }] });
  if (!/^[\w:-]{8,128}$/.test(input.idempotencyKey)) return fail('idempotencyKey', 'INVALID', 'An idempotency key is 8 to 128 letters, digits, dashes or colons');
  const [known] = await db.select().from(schema.refunds).where(eq(schema.refunds.idempotencyKey, input.idempotencyKey));
  if (known) return { refund: (await withLines(db, [known]))[0]!, errors: [] };
  const byLines = (input.lines?.length ?? 0) > 0 || input.shipping;
  if (byLines && input.amount !== null) return fail('amount', 'INVALID', 'Refund chosen lines (and shipping) or a free amount, not both');
  if ((input.reason?.trim().length ?? 0) > 500) return fail('reason', 'INVALID', 'A reason is at most 500 characters');

  const prepared = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(schema.orders).where(eq(schema.orders.number, input.number)).for('update');
    if (!order) return fail('number', 'NOT_FOUND', 'No such order');
    const payments = await tx.select().from(schema.payments).where(and(eq(schema.payments.orderId, order.id), inArray(schema.payments.status, ['SUCCEEDED', 'REFUNDED'])));
    const payment = payments.find((p) => p.status === 'SUCCEEDED');
    if (!payment) return fail(null, 'OPERATION_NOT_ALLOWED', 'The order has no settled payment left to refund');
    const given = await tx.select({ total: sql<number>`coalesce(sum(${schema.refunds.amount}), 0)::int` }).from(schema.refunds)
      .where(and(eq(schema.refunds.paymentId, payment.id), inArray(schema.refunds.status, LIVE)));
    const left = payment.amount - Number(given[0]!.total);
    const priced = byLines ? await priceChosen(tx, order, input) : null;
    if (priced?.errors.length) return { refund: null, errors: priced.errors };
    const amount = priced ? priced.amount : input.amount ?? left;
    if (priced && amount > left) return fail('lines', 'INVALID', `The chosen lines come to ${amount}, more than the ${left} left of the payment`);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) return fail('amount', 'INVALID', `A refund is a whole amount above 0 and at most the ${left} left of the payment`);
    const [refund] = await tx.insert(schema.refunds).values({
      orderId: order.id, paymentId: payment.id, amount, shipping: priced?.shipping ?? 0, currency: payment.currency, idempotencyKey: input.idempotencyKey,
      reason: input.reason?.trim() || null, createdBy: actor.id,
    }).onConflictDoNothing().returning();
    if (!refund) {
      const [first] = await tx.select().from(schema.refunds).where(eq(schema.refunds.idempotencyKey, input.idempotencyKey));
      return { refund: (await withLines(tx, [first!]))[0]!, errors: [], known: true };
    }
    const lines = priced?.chosen.filter((l) => l.quantity > 0) ?? [];
    if (lines.length) await tx.insert(schema.refundLines).values(lines.map((l) => ({ refundId: refund.id, ...l })));
    return { refund: { ...refund, lines }, errors: [], left, payment: { ...payment, orderToken: order.token }, orderId: order.id };
  });
  if (!prepared.refund || 'known' in prepared || !('payment' in prepared)) return { refund: prepared.refund, errors: prepared.errors };

  const { refund, payment, left, orderId } = prepared;
  let status: 'SUCCEEDED' | 'FAILED' = 'SUCCEEDED';
  try {
    await gateway.refund(payment.id, { amount: refund.amount, idempotencyKey: `refund:${refund.idempotencyKey}` });
  } catch {
    status = 'FAILED';
  }
  if (status === 'SUCCEEDED') refunds.inc({ source: 'operator' });
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx.update(schema.refunds).set({ status, gatewayReference: status === 'SUCCEEDED' ? `refund:${refund.idempotencyKey}` : null }).where(eq(schema.refunds.id, refund.id)).returning();
    if (status === 'SUCCEEDED' && refund.amount === left) await tx.update(schema.payments).set({ status: 'REFUNDED', updatedAt: new Date() }).where(and(eq(schema.payments.id, payment.id), ne(schema.payments.status, 'REFUNDED')));
    if (status === 'SUCCEEDED') {
      // The credit note that corrects the invoice (which stays as it was), numbered in its own series, and the buyer's e-mail carrying it.
      const creditNote = await issueCreditNote(tx, { refundId: refund.id, orderId, amount: refund.amount, currency: refund.currency });
      await tx.insert(schema.outbox).values({ topic: 'order.refunded', payload: { orderToken: payment.orderToken, number: input.number, refundId: refund.id, creditNote } });
    }
    const what = { amount: refund.amount, currency: refund.currency, status, reason: refund.reason, lines: refund.lines, shipping: refund.shipping };
    await tx.insert(schema.orderEvents).values({ orderId, type: status === 'SUCCEEDED' ? 'REFUNDED' : 'REFUND_FAILED', actorId: actor.id, payload: { refundId: refund.id, ...what } });
    await audit(tx, actor, status === 'SUCCEEDED' ? 'order.refund' : 'order.refund_failed', `order:${input.number}`, { paymentStatus: payment.status, refundedBefore: payment.amount - left }, what);
    return { ...row!, lines: refund.lines };
  });
  return status === 'SUCCEEDED' ? { refund: saved, errors: [] } : { refund: saved, errors: [{ field: null, code: 'PAYMENT_ERROR', message: 'The gateway did not give the money back; nothing was refunded' }] };
}
