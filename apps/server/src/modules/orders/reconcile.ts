import { schema, type Database } from '@probe/db';
import { and, eq, gt, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { PaymentGateway } from '../payments/index.ts';
import { refunds } from '../../metrics/index.ts';

export const RECONCILE_TOPIC = 'payments.reconcile';

export interface ReconcileDeps {
  db: Database;
  gateway: PaymentGateway;
  now: () => Date;
  log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}

export interface ReconcileOptions {
  /** Payments younger than this are left alone: their order's transaction may still be committing. */
  afterMs: number;
  /** How far back the gateway's payments are read. */
  lookbackMs: number;
}

/**
 * Every payment the gateway says succeeded must belong to exactly one order, or be refunded. A process
 * that dies after the gateway confirmed a charge and before the order's transaction committed leaves a
 * payment no order holds (the buyer saw an error or nothing; a retry with the same key charges again and
 * places the order). Such a payment is refunded, once (the refund's idempotency key is the payment's):
 * placing the order later instead could sell stock taken since, at prices changed since, to a buyer who
 * was told it failed. Idempotent: a payment refunded already is skipped.
 */
export async function reconcilePayments(deps: ReconcileDeps, options: ReconcileOptions): Promise<{ checked: number; refunded: string[] }> {
  const now = deps.now().getTime();
  const payments = (await deps.gateway.succeededPayments(new Date(now - options.lookbackMs)))
    .filter((p) => p.createdAt.getTime() <= now - options.afterMs && p.refundedAmount < p.amount);
  const refunded: string[] = [];
  if (payments.length === 0) return { checked: 0, refunded };
  const held = await deps.db
    .select({ id: schema.payments.id })
    .from(schema.payments)
    .where(and(inArray(schema.payments.id, payments.map((p) => p.reference)), isNotNull(schema.payments.orderId)));
  const withOrder = new Set(held.map((r) => r.id));
  for (const payment of payments) {
    if (withOrder.has(payment.reference)) continue;
    await deps.gateway.refund(payment.reference, { idempotencyKey: `reconcile:${payment.reference}` });
    // Its row (a checkout's intent, written before the placement that never committed) says so too.
    await deps.db.update(schema.payments).set({ status: 'REFUNDED', updatedAt: new Date() })
      .where(and(eq(schema.payments.id, payment.reference), isNull(schema.payments.orderId)));
    refunded.push(payment.reference);
    refunds.inc({ source: 'reconciliation' });
    deps.log.warn({ reference: payment.reference, checkoutToken: payment.checkoutToken, amount: payment.amount, currency: payment.currency }, 'reconciliation: a succeeded payment without an order was refunded');
  }
  return { checked: payments.length, refunded };
}

/**
 * The reconcile job on the durable queue: runs, then schedules its next run unless one is scheduled
 * already (two instances starting at once may make two chains; the first to find the other's future run
 * stops its own, so they merge).
 */
export function reconcileHandler(deps: ReconcileDeps, options: ReconcileOptions & { intervalMs: number }) {
  return async (job: { id: number }): Promise<void> => {
    const result = await reconcilePayments(deps, options);
    if (result.refunded.length) deps.log.info({ ...result }, 'reconciliation done');
    const at = deps.now();
    const [later] = await deps.db
      .select({ id: schema.outbox.id })
      .from(schema.outbox)
      .where(and(eq(schema.outbox.topic, RECONCILE_TOPIC), isNull(schema.outbox.processedAt), isNull(schema.outbox.deadAt), ne(schema.outbox.id, job.id), gt(schema.outbox.runAt, at)))
      .limit(1);
    if (!later) await deps.db.insert(schema.outbox).values({ topic: RECONCILE_TOPIC, payload: {}, runAt: new Date(at.getTime() + options.intervalMs) });
  };
}

/**
 * At a runner's start (after a crash, above all): a reconcile run due now — the pending one brought
 * forward, or a new one when none is pending.
 */
export async function scheduleReconcile(db: Database, now: Date): Promise<void> {
  const pending = and(eq(schema.outbox.topic, RECONCILE_TOPIC), isNull(schema.outbox.processedAt), isNull(schema.outbox.deadAt));
  const [row] = await db.select({ id: schema.outbox.id }).from(schema.outbox).where(pending).limit(1);
  if (!row) await db.insert(schema.outbox).values({ topic: RECONCILE_TOPIC, payload: {}, runAt: now });
  else await db.update(schema.outbox).set({ runAt: now }).where(and(pending, gt(schema.outbox.runAt, now)));
}
