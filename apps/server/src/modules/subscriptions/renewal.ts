import { schema, type Database } from '@probe/db';
import { nextRenewalAttempt, periodEndAction, RENEWAL_ATTEMPTS, transition, type SubscriptionEvent } from '@probe/domain';
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { ChargeResult, PaymentGateway } from '../payments/index.ts';
import { adminEmailsSql, noticeRows, type NoticeAudience } from './notices/queue.ts';
import type { Notice } from './notices/render.ts';
import { columnsOf, lockSubscription, stateOf, writeState, type Executor, type SubscriptionRow } from './repo.ts';
import { TOPICS, type PeriodEndJob } from './topics.ts';
import { renewals } from '../../metrics/index.ts';
import { writeChargeReceipt } from './receipts.ts';

const { subscriptions, subscriptionEvents, subscriptionCharges: charges, savedPaymentMethods: methods, gatewayCustomers, organizations, outbox } = schema;
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
    const { subscriptionId, periodEnd, retry } = job.payload as PeriodEndJob;
    const now = deps.now();
    const begun = await deps.db.transaction(async (tx) => {
      const context = await renewalContext(tx, subscriptionId, deps.gateway.name);
      if (!context || context.row.periodEnd?.toISOString() !== periodEnd) return null;
      const { row } = context;
      const audience: NoticeAudience = { admins: context.admins, country: context.country };
      const action = retry && row.status === 'PAST_DUE' ? 'CHARGE' : periodEndAction(stateOf(row), now);
      if (action === 'EXPIRE') {
        const ended = transition(stateOf(row), { type: 'PERIOD_ENDED', at: now });
        if (!ended.ok) return null;
        const written = await writeState(tx, row, ended.state, { type: 'PERIOD_ENDED' });
        const rows = followUps(deps, written, { event: { type: 'PERIOD_ENDED', at: now }, cause: { type: 'PERIOD_ENDED' }, audience, notice: { kind: 'ended', date: periodEnd }, extra: {} });
        if (rows.length) await tx.insert(outbox).values(rows);
        return null;
      }
      if (action !== 'CHARGE') return null;
      if (context.busy) {
        await schedulePeriodEnd(tx, row, new Date(now.getTime() + 60_000));
        return null;
      }
      const amount = row.scheduledPlan && row.scheduledPrice !== null ? row.scheduledPrice : row.currentPrice;
      // A staff retry is an attempt of its own, after every earlier one of the period (a past-due one's count stopped).
      const [last] = retry
        ? await tx.select({ attempt: sql<number>`coalesce(max(${charges.attempt}), 0)::int` }).from(charges)
          .where(and(eq(charges.subscriptionId, row.id), eq(charges.periodEnd, row.periodEnd!), eq(charges.kind, 'RENEWAL')))
        : [];
      const attempt = Math.max(row.renewalFailures, last?.attempt ?? 0) + 1;
      // The no-op update makes RETURNING answer whether the row is new or was written by an earlier run.
      const [charge] = await tx
        .insert(charges)
        .values({ subscriptionId: row.id, periodEnd: row.periodEnd!, attempt, amount, currency: row.currency, paymentMethodId: context.method?.id ?? null })
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

    const outcome = result.status === 'FAILED'
      ? { status: 'FAILED', failureCode: result.code, settledAt: now }
      : { status: result.status, gatewayReference: result.reference, settledAt: result.status === 'SUCCEEDED' ? now : null };
    const settleCharge = deps.db.update(charges).set(outcome).where(and(eq(charges.id, charge.id), eq(charges.status, 'PENDING')));
    const money = { amount: charge.amount, currency: charge.currency };
    if (result.status !== 'FAILED') {
      renewals.inc({ outcome: result.status === 'SUCCEEDED' ? 'succeeded' : 'processing' });
      await settleAndMove(deps, row, settleCharge, {
        event: { type: 'RENEWED', at: now }, cause: { type: 'RENEWED', chargeId: charge.id }, audience, notice: { kind: 'renewed', ...money },
        extra: { currentPrice: charge.amount, scheduledPrice: null }, nextJob: (written) => periodEndJob(written),
        receipt: { chargeId: charge.id, status: result.status, ...money },
      });
      return;
    }
    const retryAt = nextRenewalAttempt(charge.attempt, now);
    const lastAttempt = charge.attempt >= RENEWAL_ATTEMPTS;
    renewals.inc({ outcome: retryAt ? 'declined' : 'past_due' });
    await settleAndMove(deps, row, settleCharge, {
      event: { type: 'RENEWAL_FAILED', at: now, lastAttempt }, cause: { type: 'RENEWAL_FAILED', chargeId: charge.id }, audience,
      notice: retryAt ? { kind: 'failed', ...money, date: retryAt.toISOString() } : { kind: 'pastDue', ...money, attempts: charge.attempt },
      extra: {}, nextJob: retryAt ? (written) => periodEndJob(written, retryAt) : undefined,
    });
  };
}

interface Move {
  event: SubscriptionEvent;
  cause: { type: string; chargeId?: number };
  audience: NoticeAudience;
  notice: Omit<Notice, 'subscriptionId'>;
  extra: Partial<Pick<SubscriptionRow, 'currentPrice' | 'scheduledPrice'>>;
  nextJob?: ((written: SubscriptionRow) => typeof outbox.$inferInsert) | undefined;
  /** A renewal paid (or at the bank): its receipt, an order with invoice and e-mail (decision 0042), written with the move. */
  receipt?: { chargeId: number; status: string; amount: number; currency: string };
}

/** The next job and the e-mails a move writes. */
function followUps(deps: RenewalDeps, written: SubscriptionRow, move: Move): Array<typeof outbox.$inferInsert> {
  const notice = { ...move.notice, date: move.notice.date ?? written.periodEnd?.toISOString() };
  return [...(move.nextJob ? [move.nextJob(written)] : []), ...noticeRows(written, notice, move.audience, deps.publicUrl)];
}

/**
 * Records the gateway's answer and moves the subscription in ONE statement, when the row is still at the
 * version the job read (the usual case): the charge row, the subscription, its event, the next job and
 * the e-mails are written together or not at all. If the row changed meanwhile (a switch turned, a change
 * scheduled) the event is applied to it as it is now, in a transaction, unless its period or renewal
 * attempts moved: then another run or an order has done it.
 */
async function settleAndMove(deps: RenewalDeps, seen: SubscriptionRow, settleCharge: SQLWrapper, move: Move): Promise<void> {
  const moved = transition(stateOf(seen), move.event);
  if (!moved.ok) {
    await deps.db.execute(settleCharge.getSQL());
    return;
  }
  const written: SubscriptionRow = { ...seen, ...columnsOf(moved.state), ...move.extra, version: seen.version + 1 };
  const rows = followUps(deps, written, move);
  const update = deps.db.update(subscriptions)
    .set({ ...columnsOf(moved.state), ...move.extra, version: sql`${subscriptions.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(subscriptions.id, seen.id), eq(subscriptions.version, seen.version)))
    .returning({ id: subscriptions.id, version: subscriptions.version });
  const before = JSON.stringify({ ...stateOf(seen), currentPrice: seen.currentPrice });
  const after = JSON.stringify({ ...moved.state, currentPrice: written.currentPrice });
  const values = sql.join(rows.map((r) => sql`(${r.topic}, ${JSON.stringify(r.payload)}::jsonb, ${r.runAt ? r.runAt.toISOString() : null}::timestamptz)`), sql`, `);
  const statement = sql`with c as (${settleCharge.getSQL()}), s as (${update.getSQL()}),
    e as (insert into ${subscriptionEvents} (subscription_id, type, charge_id, version_after, before, after)
      select s.id, ${move.cause.type}, ${move.cause.chargeId ?? null}, s.version, ${before}::jsonb, ${after}::jsonb from s)
    ${rows.length ? sql`, o as (insert into ${outbox} (topic, payload, run_at) select v.topic, v.payload, coalesce(v.run_at, now()) from (values ${values}) as v(topic, payload, run_at), s)` : sql``}
    select count(*)::int as moved from s`;
  const movedIn = async (executor: Executor) => ((await executor.execute(statement)) as unknown as { rows: Array<{ moved: number }> }).rows[0]?.moved === 1;
  const receipt = move.receipt && move.receipt.amount > 0 ? move.receipt : null;
  if (!receipt && (await movedIn(deps.db))) return;
  // A paid renewal's receipt is written in the move's transaction: it exists exactly when the renewal does.
  if (receipt && (await deps.db.transaction(async (tx) => (await movedIn(tx)) && (await writeRenewalReceipt(tx, receipt, seen, written), true)))) return;

  await deps.db.transaction(async (tx) => {
    const current = await lockSubscription(tx, { id: seen.id });
    if (!current || current.periodEnd?.getTime() !== seen.periodEnd?.getTime() || current.renewalFailures !== seen.renewalFailures) return;
    const again = transition(stateOf(current), move.event);
    if (!again.ok) return;
    const row = await writeState(tx, current, again.state, move.cause, move.extra);
    const later = followUps(deps, row, move);
    if (later.length) await tx.insert(outbox).values(later);
    if (receipt) await writeRenewalReceipt(tx, receipt, current, row);
  });
}

/** The renewal's receipt: made out to the organization, to its first admin (nobody asked for an automatic renewal). */
function writeRenewalReceipt(tx: Executor, receipt: NonNullable<Move['receipt']>, before: SubscriptionRow, after: SubscriptionRow) {
  return writeChargeReceipt(tx, { ...receipt, kind: 'RENEWAL', before, after, buyer: null });
}

/** A charge row already settled by an earlier run, as the gateway answered it then. */
function recorded(row: ChargeRow): ChargeResult {
  if (row.status === 'FAILED' || row.status === 'REVERSED') return { status: 'FAILED', code: (row.failureCode ?? 'PAYMENT_ERROR') as Extract<ChargeResult, { status: 'FAILED' }>['code'] };
  return { status: row.status === 'SUCCEEDED' ? 'SUCCEEDED' : 'PROCESSING', reference: row.gatewayReference ?? '', card: null };
}

