import { schema, type Database } from '@probe/db';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { PaymentGateway } from '../payments/index.ts';
import { audit, type Actor } from '../staff/index.ts';
import { refundOrder, withLines, type RefundWithLines } from './refund-order.ts';

/** Why goods come back: a fixed list, so the console says each in its language and reports can count them. */
export const RETURN_REASONS = ['DAMAGED', 'WRONG_ITEM', 'NOT_AS_DESCRIBED', 'NOT_NEEDED', 'WARRANTY', 'OTHER'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** Open (the goods are on their way back), received (at the warehouse), refunded (their money given back, with a credit note). */
export type ReturnState = 'OPEN' | 'RECEIVED' | 'REFUNDED';
export type ReturnRow = typeof schema.orderReturns.$inferSelect;
export interface ReturnLine { orderLineId: number; quantity: number }
export type ReturnWithLines = ReturnRow & { lines: ReturnLine[]; state: ReturnState };

export interface ReturnError { field: string | null; code: 'NOT_FOUND' | 'INVALID' | 'OPERATION_NOT_ALLOWED' | 'PAYMENT_ERROR'; message: string }

export interface OpenReturnInput {
  number: string;
  /** Shipped order lines and how many of each come back. */
  lines: Array<{ lineId: number; quantity: number }>;
  reason: string;
  note: string | null;
  idempotencyKey: string;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Result = { return: ReturnWithLines | null; errors: ReturnError[] };
const fail = (field: string | null, code: ReturnError['code'], message: string): Result => ({ return: null, errors: [{ field, code, message }] });
const stateOf = (r: ReturnRow): ReturnState => (r.refundId !== null ? 'REFUNDED' : r.receivedAt ? 'RECEIVED' : 'OPEN');

/** Some returns with their lines and states, in the order given. */
async function withReturnLines(db: Pick<Database, 'select'>, rows: ReturnRow[]): Promise<ReturnWithLines[]> {
  if (!rows.length) return [];
  const lines = await db.select().from(schema.orderReturnLines).where(inArray(schema.orderReturnLines.returnId, rows.map((r) => r.id)));
  return rows.map((r) => ({ ...r, state: stateOf(r), lines: lines.filter((l) => l.returnId === r.id).map(({ orderLineId, quantity }) => ({ orderLineId, quantity })) }));
}

/** The returns of some orders by order id, oldest first (the console's order page). */
export async function orderReturnsOf(db: Pick<Database, 'select'>, orderIds: readonly number[]): Promise<Map<number, ReturnWithLines[]>> {
  if (!orderIds.length) return new Map();
  const rows = await db.select().from(schema.orderReturns).where(inArray(schema.orderReturns.orderId, [...orderIds])).orderBy(asc(schema.orderReturns.id));
  const all = await withReturnLines(db, rows);
  return new Map(orderIds.map((id) => [id, all.filter((r) => r.orderId === id)]));
}

/** The number staff and the buyer quote for a return. */
export const returnNumber = (id: number) => `RMA-${String(id).padStart(6, '0')}`;

/** An order's lines with what was shipped of each and what its returns already take back. */
async function returnableLines(tx: Tx, orderId: number) {
  return tx.select({
    id: schema.orderLines.id, sku: schema.orderLines.productSku,
    shipped: sql<number>`(select coalesce(sum(sl.quantity), 0)::int from shipment_lines sl where sl.order_line_id = ${schema.orderLines.id})`,
    returned: sql<number>`(select coalesce(sum(rl.quantity), 0)::int from order_return_lines rl where rl.order_line_id = ${schema.orderLines.id})`,
  }).from(schema.orderLines).where(eq(schema.orderLines.orderId, orderId));
}

/**
 * Opens a return for goods that were shipped: chosen lines and how many of each (never more than was
 * shipped of a line, less what earlier returns take back), a reason of the fixed list and a note. On the
 * locked order, in one transaction: the return and its lines, an order event and the audit entry. Anything
 * refused changes nothing; the same idempotency key opens it once.
 */
export async function openReturn(db: Database, actor: Actor, input: OpenReturnInput): Promise<Result> {
  if (!/^[\w:-]{8,128}$/.test(input.idempotencyKey)) return fail('idempotencyKey', 'INVALID', 'An idempotency key is 8 to 128 letters, digits, dashes or colons');
  const [known] = await db.select().from(schema.orderReturns).where(eq(schema.orderReturns.idempotencyKey, input.idempotencyKey));
  if (known) return { return: (await withReturnLines(db, [known]))[0]!, errors: [] };
  if (!(RETURN_REASONS as readonly string[]).includes(input.reason)) return fail('reason', 'INVALID', `The reason is one of ${RETURN_REASONS.join(', ')}`);
  const note = input.note?.trim() || null;
  if ((note?.length ?? 0) > 500) return fail('note', 'INVALID', 'A note is at most 500 characters');
  if (!input.lines.length) return fail('lines', 'INVALID', 'Choose the lines that come back');
  if (input.lines.length > 200) return fail('lines', 'INVALID', 'At most 200 lines in one return');

  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: schema.orders.id, number: schema.orders.number, cancelledAt: schema.orders.cancelledAt })
      .from(schema.orders).where(eq(schema.orders.number, input.number)).for('update');
    if (!order) return fail('number', 'NOT_FOUND', 'No such order');
    if (order.cancelledAt) return fail(null, 'OPERATION_NOT_ALLOWED', 'The order is cancelled: nothing was shipped to return');
    const lines = await returnableLines(tx, order.id);
    const errors: ReturnError[] = [];
    const chosen: ReturnLine[] = [];
    input.lines.forEach((wanted, i) => {
      const line = lines.find((l) => l.id === wanted.lineId);
      if (!line || chosen.some((c) => c.orderLineId === wanted.lineId)) {
        errors.push({ field: `lines.${i}.lineId`, code: line ? 'INVALID' : 'NOT_FOUND', message: line ? 'This line is chosen twice' : 'The order has no such line' });
        return;
      }
      const left = Number(line.shipped) - Number(line.returned);
      if (!Number.isInteger(wanted.quantity) || wanted.quantity < 1 || wanted.quantity > left) {
        errors.push({
          field: `lines.${i}.quantity`, code: 'INVALID',
          message: Number(line.shipped) === 0 ? `${line.sku} has not been shipped: nothing of it can come back` : left > 0 ? `Return 1 to ${left} of ${line.sku}` : `Every shipped ${line.sku} is on a return already`,
        });
        return;
      }
      chosen.push({ orderLineId: line.id, quantity: wanted.quantity });
    });
    if (errors.length) return { return: null, errors };

    const [opened] = await tx.insert(schema.orderReturns).values({
      orderId: order.id, reason: input.reason, note, idempotencyKey: input.idempotencyKey, createdBy: actor.id,
    }).onConflictDoNothing().returning();
    if (!opened) {
      // The same key, sent at the same moment: the first one opened it.
      const [first] = await tx.select().from(schema.orderReturns).where(eq(schema.orderReturns.idempotencyKey, input.idempotencyKey));
      return { return: (await withReturnLines(tx, [first!]))[0]!, errors: [] };
    }
    await tx.insert(schema.orderReturnLines).values(chosen.map((c) => ({ returnId: opened.id, ...c })));
    const what = { returnId: opened.id, rma: returnNumber(opened.id), reason: input.reason, note, lines: chosen };
    await tx.insert(schema.orderEvents).values({ orderId: order.id, type: 'RETURN_OPENED', actorId: actor.id, payload: what });
    await audit(tx, actor, 'order.return_open', `order:${order.number}`, { returned: lines.map((l) => ({ lineId: l.id, shipped: Number(l.shipped), returned: Number(l.returned) })) }, what);
    return { return: { ...opened, state: 'OPEN' as const, lines: chosen }, errors: [] };
  });
}

/** The order (locked) and one of its returns (locked), or the error that says which is missing. */
async function lockedReturn(tx: Tx, number: string, returnId: number) {
  const [order] = await tx.select({ id: schema.orders.id, number: schema.orders.number }).from(schema.orders).where(eq(schema.orders.number, number)).for('update');
  if (!order) return { error: fail('number', 'NOT_FOUND', 'No such order') };
  const [row] = await tx.select().from(schema.orderReturns).where(and(eq(schema.orderReturns.id, returnId), eq(schema.orderReturns.orderId, order.id))).for('update');
  if (!row) return { error: fail('returnId', 'NOT_FOUND', 'The order has no such return') };
  return { order, row };
}

/**
 * Records that a return's goods are back at the warehouse: the units count as returned from then on. A
 * return received already is answered as it is (nothing is written twice).
 */
export async function receiveReturn(db: Database, actor: Actor, input: { number: string; returnId: number }): Promise<Result> {
  return db.transaction(async (tx) => {
    const found = await lockedReturn(tx, input.number, input.returnId);
    if ('error' in found) return found.error!;
    const { order, row } = found;
    if (row.receivedAt) return { return: (await withReturnLines(tx, [row]))[0]!, errors: [] };
    const [received] = await tx.update(schema.orderReturns).set({ receivedAt: new Date(), receivedBy: actor.id }).where(eq(schema.orderReturns.id, row.id)).returning();
    const what = { returnId: row.id, rma: returnNumber(row.id) };
    await tx.insert(schema.orderEvents).values({ orderId: order.id, type: 'RETURN_RECEIVED', actorId: actor.id, payload: what });
    await audit(tx, actor, 'order.return_receive', `order:${order.number}`, { returnId: row.id, receivedAt: null }, { ...what, receivedAt: received!.receivedAt!.toISOString() });
    return { return: (await withReturnLines(tx, [received!]))[0]!, errors: [] };
  });
}

/**
 * Gives back the money of a received return's lines through the order's refund (priced from the order's
 * lines, with its gap-free credit note and the buyer's e-mail), then links the refund to the return. Its
 * idempotency key is the return's and the attempt's (after a refund the gateway declined), so a second click
 * or two operators at once refund it once; a refunded return answers its refund.
 */
export async function refundReturn(db: Database, gateway: PaymentGateway, actor: Actor, input: { number: string; returnId: number }): Promise<Result & { refund: RefundWithLines | null }> {
  const prefix = `return:${input.returnId}:`;
  const checked = await db.transaction(async (tx) => {
    const found = await lockedReturn(tx, input.number, input.returnId);
    if ('error' in found) return { ...found.error!, key: null };
    const { row } = found;
    if (!row.receivedAt && row.refundId === null) return { ...fail(null, 'OPERATION_NOT_ALLOWED', 'The return has not been received: refund it once its goods are back'), key: null };
    const tries = await tx.select({ id: schema.refunds.id, status: schema.refunds.status }).from(schema.refunds)
      .where(and(eq(schema.refunds.orderId, row.orderId), like(schema.refunds.idempotencyKey, `${prefix}%`)));
    const done = row.refundId ?? tries.find((r) => r.status === 'SUCCEEDED')?.id ?? null;
    if (done !== null) return { return: row, errors: [], key: null, done };
    if (tries.some((r) => r.status === 'PENDING')) return { ...fail(null, 'OPERATION_NOT_ALLOWED', 'A refund of this return is on its way at the gateway'), key: null };
    const lines = (await withReturnLines(tx, [row]))[0]!.lines;
    return { return: row, errors: [], key: `${prefix}${tries.length + 1}`, lines };
  });
  if (checked.errors.length || !checked.return) return { return: null, refund: null, errors: checked.errors };

  let refundId: number;
  if ('done' in checked && checked.done !== undefined && checked.done !== null) refundId = checked.done;
  else {
    const refunded = await refundOrder(db, gateway, actor, {
      number: input.number, amount: null, shipping: false, idempotencyKey: checked.key!, reason: returnNumber(input.returnId),
      lines: ('lines' in checked ? checked.lines! : []).map((l) => ({ lineId: l.orderLineId, quantity: l.quantity })),
    });
    if (refunded.errors.length || !refunded.refund) {
      return { return: (await withReturnLines(db, [checked.return]))[0]!, refund: refunded.refund, errors: refunded.errors.map((e) => ({ ...e, field: e.field?.startsWith('lines') ? 'lines' : e.field })) };
    }
    refundId = refunded.refund.id;
  }
  const linked = await db.transaction(async (tx) => {
    const found = await lockedReturn(tx, input.number, input.returnId);
    if ('error' in found) return found.error!;
    const { order, row } = found;
    if (row.refundId !== null) return { return: (await withReturnLines(tx, [row]))[0]!, errors: [] };
    const [saved] = await tx.update(schema.orderReturns).set({ refundId }).where(eq(schema.orderReturns.id, row.id)).returning();
    await audit(tx, actor, 'order.return_refund', `order:${order.number}`, { returnId: row.id, refundId: null }, { returnId: row.id, rma: returnNumber(row.id), refundId });
    return { return: (await withReturnLines(tx, [saved!]))[0]!, errors: [] };
  });
  const [refund] = await db.select().from(schema.refunds).where(eq(schema.refunds.id, linked.return?.refundId ?? refundId));
  return { ...linked, refund: refund ? (await withLines(db, [refund]))[0]! : null };
}
