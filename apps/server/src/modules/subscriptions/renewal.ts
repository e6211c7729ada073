import { schema, type Database } from '@probe/db';
import { nextRenewalAttempt, periodEndAction, RENEWAL_ATTEMPTS, transition, type SubscriptionEvent } from '@probe/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { ChargeResult, PaymentGateway } from '../payments/index.ts';
import { queueNotice } from './notices/queue.ts';
import { findSubscription, lockSubscription, paymentInFlight, stateOf, writeState, type Executor, type SubscriptionRow } from './repo.ts';
import { billingOf } from './saved-methods-repo.ts';
import { TOPICS, type PeriodEndJob } from './topics.ts';

const { subscriptionCharges: charges, outbox } = schema;

export interface RenewalDeps {
  db: Database;
  gateway: PaymentGateway;
  now: () => Date;
  publicUrl: string;
}

/** Writes the job that acts when the period ends (or when a declined renewal is tried again). */
export async function schedulePeriodEnd(tx: Executor, subscription: Pick<SubscriptionRow, 'id' | 'periodEnd'>, runAt?: Date): Promise<void> {
  if (!subscription.periodEnd) return;
  const payload: PeriodEndJob = { subscriptionId: subscription.id, periodEnd: subscription.periodEnd.toISOString() };
  await tx.insert(outbox).values({ topic: TOPICS.periodEnd, payload, runAt: runAt ?? subscription.periodEnd });
}

/**
 * `subscription.period-end`: at the end of a period, charge the renewal to the primary saved method, or
 * end the subscription. Exactly one charge per period and attempt, however often the job runs:
 *  1. the attempt's charge row is written (or found) before the gateway is called;
 *  2. the gateway is called with a key made of subscription, period and attempt (a rerun gets the same answer);
 *  3. the outcome and the subscription's move are written together on the locked row; a row that has
 *     moved on meanwhile (another run, a renewal order) is left alone.
 * A decline schedules the next try (1, 3, 5 days); the last one makes it PAST_DUE. Each step e-mails the admins.
 */
export function periodEndHandler(deps: RenewalDeps) {
  return async (job: { payload: unknown }): Promise<void> => {
    const { subscriptionId, periodEnd } = job.payload as PeriodEndJob;
    const row = await findSubscription(deps.db, subscriptionId);
    if (!row || row.periodEnd?.toISOString() !== periodEnd) return;
    const now = deps.now();
    const action = periodEndAction(stateOf(row), now);
    if (action === 'EXPIRE') return expire(deps, row, now);
    if (action === 'CHARGE') return charge(deps, row, now);
  };
}

async function expire(deps: RenewalDeps, seen: SubscriptionRow, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, { id: seen.id });
    if (!row || row.version !== seen.version) return;
    const result = transition(stateOf(row), { type: 'PERIOD_ENDED', at: now });
    if (!result.ok) return;
    const written = await writeState(tx, row, result.state, { type: 'PERIOD_ENDED' });
    await queueNotice(tx, written, { kind: 'ended', date: row.periodEnd!.toISOString() }, deps.publicUrl);
  });
}

async function charge(deps: RenewalDeps, seen: SubscriptionRow, now: Date): Promise<void> {
  const attempt = seen.renewalFailures + 1;
  const periodEnd = seen.periodEnd!;
  const { method, customerId } = await billingOf(deps.db, seen.organizationId, deps.gateway.name);
  const amount = seen.scheduledPlan && seen.scheduledPrice !== null ? seen.scheduledPrice : seen.currentPrice;
  // Written (or found, after a crash) before the gateway is called, on the locked row: a change or renewal
  // order being paid for right now goes first, and this job tries again a minute later.
  const chargeRow = await deps.db.transaction(async (tx) => {
    await lockSubscription(tx, { id: seen.id });
    if (await paymentInFlight(tx, seen.id)) {
      await schedulePeriodEnd(tx, seen, new Date(now.getTime() + 60_000));
      return null;
    }
    // The no-op update makes RETURNING answer whether the row is new or was written by an earlier run.
    const [written] = await tx
      .insert(charges)
      .values({ subscriptionId: seen.id, periodEnd, attempt, amount, currency: seen.currency, paymentMethodId: method?.id ?? null })
      .onConflictDoUpdate({ target: [charges.subscriptionId, charges.periodEnd, charges.attempt], targetWhere: sql`${charges.kind} = 'RENEWAL'`, set: { attempt } })
      .returning();
    return written!;
  });
  if (!chargeRow) return;

  let result: ChargeResult;
  if (chargeRow.status !== 'PENDING') result = recorded(chargeRow);
  else if (!method) result = { status: 'FAILED', code: 'PAYMENT_NOT_FOUND' };
  else if (chargeRow.amount === 0) result = { status: 'SUCCEEDED', reference: `free:${chargeRow.id}`, card: null };
  else {
    result = await deps.gateway.chargeSaved({
      paymentToken: method.paymentToken, customerId,
      amount: chargeRow.amount, currency: chargeRow.currency, idempotencyKey: `renewal:${seen.id}:${periodEnd.toISOString()}:${attempt}`,
      description: `Subscription renewal ${seen.planType}`,
    });
  }

  await deps.db.transaction(async (tx) => {
    const outcome = result.status === 'FAILED'
      ? { status: 'FAILED', failureCode: result.code, settledAt: now }
      : { status: result.status, gatewayReference: result.reference, settledAt: result.status === 'SUCCEEDED' ? now : null };
    await tx.update(charges).set(outcome).where(and(eq(charges.id, chargeRow.id), eq(charges.status, 'PENDING')));
    const row = await lockSubscription(tx, { id: seen.id });
    // Moved on meanwhile: this run's state change was made by another, or overtaken by an order.
    if (!row || row.periodEnd?.getTime() !== periodEnd.getTime() || row.renewalFailures !== seen.renewalFailures) return;
    const lastAttempt = attempt >= RENEWAL_ATTEMPTS;
    const event: SubscriptionEvent = result.status === 'FAILED' ? { type: 'RENEWAL_FAILED', at: now, lastAttempt } : { type: 'RENEWED', at: now };
    const moved = transition(stateOf(row), event);
    if (!moved.ok) return;
    const written = await writeState(tx, row, moved.state, { type: event.type, chargeId: chargeRow.id }, result.status === 'FAILED' ? {} : { currentPrice: chargeRow.amount, scheduledPrice: null });
    if (result.status !== 'FAILED') {
      await schedulePeriodEnd(tx, written);
      await queueNotice(tx, written, { kind: 'renewed', amount: chargeRow.amount, currency: chargeRow.currency, date: written.periodEnd?.toISOString() }, deps.publicUrl);
      return;
    }
    const retryAt = nextRenewalAttempt(attempt, now);
    if (retryAt) {
      await schedulePeriodEnd(tx, written, retryAt);
      await queueNotice(tx, written, { kind: 'failed', amount: chargeRow.amount, currency: chargeRow.currency, date: retryAt.toISOString() }, deps.publicUrl);
    } else {
      await queueNotice(tx, written, { kind: 'pastDue', amount: chargeRow.amount, currency: chargeRow.currency, attempts: attempt }, deps.publicUrl);
    }
  });
}

/** A charge row already settled by an earlier run, as the gateway answered it then. */
function recorded(row: typeof charges.$inferSelect): ChargeResult {
  if (row.status === 'FAILED' || row.status === 'REVERSED') return { status: 'FAILED', code: (row.failureCode ?? 'PAYMENT_ERROR') as Extract<ChargeResult, { status: 'FAILED' }>['code'] };
  return { status: row.status === 'SUCCEEDED' ? 'SUCCEEDED' : 'PROCESSING', reference: row.gatewayReference ?? '', card: null };
}
