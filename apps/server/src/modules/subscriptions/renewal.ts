import { schema, type Database } from '@probe/db';
import { nextRenewalAttempt, periodEndAction, RENEWAL_ATTEMPTS, transition, type SubscriptionEvent } from '@probe/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { ChargeResult, PaymentGateway } from '../payments/index.ts';
import { adminEmailsSql, noticeRows, type NoticeAudience } from './notices/queue.ts';
import type { Notice } from './notices/render.ts';
import { lockSubscription, stateOf, writeState, writeStateIfVersion, type Executor, type SubscriptionRow } from './repo.ts';
import { TOPICS, type PeriodEndJob } from './topics.ts';

const { subscriptions, subscriptionCharges: charges, savedPaymentMethods: methods, gatewayCustomers, organizations, outbox } = schema;
type ChargeRow = typeof charges.$inferSelect;

export interface RenewalDeps {
  db: Database;
  gateway: PaymentGateway;
  now: () => Date;
  publicUrl: string;
}

const periodEndJob = (subscription: Pick<SubscriptionRow, 'id' | 'periodEnd'>, runAt?: Date) => ({
  topic: TOPICS.periodEnd,
  payload: { subscriptionId: subscription.id, periodEnd: subscription.periodEnd!.toISOString() } satisfies PeriodEndJob,
  runAt: runAt ?? subscription.periodEnd!,
});

/** Writes the job that acts when the period ends (or when a declined renewal is due for another try). */
export async function schedulePeriodEnd(tx: Executor, subscription: Pick<SubscriptionRow, 'id' | 'periodEnd'>, runAt?: Date): Promise<void> {
  if (!subscription.periodEnd) return;
  await tx.insert(outbox).values(periodEndJob(subscription, runAt));
}

/**
 * The subscription, locked, with what its renewal needs, in one query: the primary saved method, the
 * gateway's customer, the admins the e-mails go to, and whether a change is being paid for right now.
 */
async function renewalContext(tx: Executor, subscriptionId: string, gateway: string) {
  const [found] = await tx
    .select({
      row: subscriptions, method: methods, customerId: gatewayCustomers.customerId, country: organizations.country,
      admins: adminEmailsSql(subscriptions.organizationId),
      busy: sql<boolean>`exists (select 1 from ${charges} c where c.subscription_id = ${subscriptions.id} and c.status = 'PENDING' and c.kind <> 'RENEWAL')`,
    })
    .from(subscriptions)
    .innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
    .leftJoin(methods, and(eq(methods.organizationId, subscriptions.organizationId), eq(methods.isPrimary, true), eq(methods.isActive, true)))
    .leftJoin(gatewayCustomers, and(eq(gatewayCustomers.organizationId, subscriptions.organizationId), eq(gatewayCustomers.gateway, gateway)))
    .where(eq(subscriptions.id, subscriptionId))
    .for('update', { of: subscriptions });
  return found ?? null;
}

/**
 * `subscription.period-end`: at the end of a period, charge the renewal to the primary saved method, or
 * end the subscription. Exactly one charge per period and attempt, however often the job runs:
 *  1. on the locked row, the attempt's charge row is written (or found) before the gateway is called; a
 *     change being paid for right now goes first, and this job tries again a minute later;
 *  2. the gateway is called with a key made of subscription, period and attempt (a rerun gets the same answer);
 *  3. the outcome and the subscription's move are written together, only if the row has not moved
 *     meanwhile (another run, an order, a change); the next job and the e-mails go in the same statement.
 * A decline schedules the next try (1, 3, 5 days); the last one makes it PAST_DUE. Each step e-mails the admins.
 */
export function periodEndHandler(deps: RenewalDeps) {
  return async (job: { payload: unknown }): Promise<void> => {
    const { subscriptionId, periodEnd } = job.payload as PeriodEndJob;
    const now = deps.now();
    const begun = await deps.db.transaction(async (tx) => {
      const context = await renewalContext(tx, subscriptionId, deps.gateway.name);
      if (!context || context.row.periodEnd?.toISOString() !== periodEnd) return null;
      const { row } = context;
      const audience: NoticeAudience = { admins: context.admins, country: context.country };
      const action = periodEndAction(stateOf(row), now);
      if (action === 'EXPIRE') {
        await moveAndTell(tx, deps, row, { type: 'PERIOD_ENDED', at: now }, { type: 'PERIOD_ENDED' }, audience, { kind: 'ended', date: periodEnd });
        return null;
      }
      if (action !== 'CHARGE') return null;
      if (context.busy) {
        await schedulePeriodEnd(tx, row, new Date(now.getTime() + 60_000));
        return null;
      }
      const amount = row.scheduledPlan && row.scheduledPrice !== null ? row.scheduledPrice : row.currentPrice;
      // The no-op update makes RETURNING answer whether the row is new or was written by an earlier run.
      const [charge] = await tx
        .insert(charges)
        .values({ subscriptionId: row.id, periodEnd: row.periodEnd!, attempt: row.renewalFailures + 1, amount, currency: row.currency, paymentMethodId: context.method?.id ?? null })
        .onConflictDoUpdate({ target: [charges.subscriptionId, charges.periodEnd, charges.attempt], targetWhere: sql`${charges.kind} = 'RENEWAL'`, set: { amount: sql`${charges.amount}` } })
        .returning();
      return { row, charge: charge!, method: context.method, customerId: context.customerId, audience };
    });
    if (!begun) return;
    const { row, charge, method, customerId, audience } = begun;

    let result: ChargeResult;
    if (charge.status !== 'PENDING') result = recorded(charge);
    else if (!method) result = { status: 'FAILED', code: 'PAYMENT_NOT_FOUND' };
    else if (charge.amount === 0) result = { status: 'SUCCEEDED', reference: `free:${charge.id}`, card: null };
    else {
      result = await deps.gateway.chargeSaved({
        paymentToken: method.paymentToken, customerId,
        amount: charge.amount, currency: charge.currency, idempotencyKey: `renewal:${row.id}:${row.periodEnd!.toISOString()}:${charge.attempt}`,
        description: `Subscription renewal ${row.planType}`,
      });
    }

    await deps.db.transaction(async (tx) => {
      const outcome = result.status === 'FAILED'
        ? { status: 'FAILED', failureCode: result.code, settledAt: now }
        : { status: result.status, gatewayReference: result.reference, settledAt: result.status === 'SUCCEEDED' ? now : null };
      await tx.update(charges).set(outcome).where(and(eq(charges.id, charge.id), eq(charges.status, 'PENDING')));
      const money = { amount: charge.amount, currency: charge.currency };
      if (result.status !== 'FAILED') {
        await moveAndTell(tx, deps, row, { type: 'RENEWED', at: now }, { type: 'RENEWED', chargeId: charge.id }, audience, { kind: 'renewed', ...money }, {
          extra: { currentPrice: charge.amount, scheduledPrice: null }, nextJob: (written) => periodEndJob(written),
        });
        return;
      }
      const retryAt = nextRenewalAttempt(charge.attempt, now);
      const lastAttempt = charge.attempt >= RENEWAL_ATTEMPTS;
      const notice: Omit<Notice, 'subscriptionId'> = retryAt ? { kind: 'failed', ...money, date: retryAt.toISOString() } : { kind: 'pastDue', ...money, attempts: charge.attempt };
      await moveAndTell(tx, deps, row, { type: 'RENEWAL_FAILED', at: now, lastAttempt }, { type: 'RENEWAL_FAILED', chargeId: charge.id }, audience, notice, {
        nextJob: retryAt ? (written) => periodEndJob(written, retryAt) : undefined,
      });
    });
  };
}

/**
 * Applies the event to the row as it was seen, writing the state, its history, the next job and the
 * e-mails. If the row changed meanwhile (a switch turned, a change scheduled) the event is applied to it
 * as it is now, unless its period or renewal attempts moved: then another run or an order has done it.
 */
async function moveAndTell(
  tx: Executor,
  deps: RenewalDeps,
  seen: SubscriptionRow,
  event: SubscriptionEvent,
  cause: { type: string; chargeId?: number },
  audience: NoticeAudience,
  notice: Omit<Notice, 'subscriptionId'>,
  options: { extra?: Partial<Pick<SubscriptionRow, 'currentPrice' | 'scheduledPrice'>>; nextJob?: ((written: SubscriptionRow) => typeof outbox.$inferInsert) | undefined } = {},
): Promise<void> {
  const extra = options.extra ?? {};
  const moved = transition(stateOf(seen), event);
  let written = moved.ok ? await writeStateIfVersion(tx, seen, moved.state, cause, extra) : null;
  if (!written) {
    const current = await lockSubscription(tx, { id: seen.id });
    if (!current || current.periodEnd?.getTime() !== seen.periodEnd?.getTime() || current.renewalFailures !== seen.renewalFailures) return;
    const again = transition(stateOf(current), event);
    if (!again.ok) return;
    written = await writeState(tx, current, again.state, cause, extra);
  }
  const rows = [...(options.nextJob ? [options.nextJob(written)] : []), ...noticeRows(written, { ...notice, date: notice.date ?? written.periodEnd?.toISOString() }, audience, deps.publicUrl)];
  if (rows.length) await tx.insert(outbox).values(rows);
}

/** A charge row already settled by an earlier run, as the gateway answered it then. */
function recorded(row: ChargeRow): ChargeResult {
  if (row.status === 'FAILED' || row.status === 'REVERSED') return { status: 'FAILED', code: (row.failureCode ?? 'PAYMENT_ERROR') as Extract<ChargeResult, { status: 'FAILED' }>['code'] };
  return { status: row.status === 'SUCCEEDED' ? 'SUCCEEDED' : 'PROCESSING', reference: row.gatewayReference ?? '', card: null };
}

