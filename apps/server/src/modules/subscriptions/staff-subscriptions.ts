import { schema, type Database } from '@probe/db';
import { prorationAmount, transition } from '@probe/domain';
import { and, asc, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { PaymentGateway } from '../payments/index.ts';
import { audit, type Actor } from '../staff/index.ts';
import { lockSubscription, stateOf, writeState, type SubscriptionRow } from './repo.ts';
import { periodEndHandler } from './renewal.ts';

const { subscriptions, subscriptionEvents: events, subscriptionCharges: charges, organizations, orders } = schema;

export type StaffSubscriptionRow = SubscriptionRow & { organizationName: string; organizationCountry: string };
export type SubscriptionChargeRow = typeof charges.$inferSelect;
export type SubscriptionEventRow = typeof events.$inferSelect;

export interface SubscriptionFilter {
  /** Part of the organization's name. */
  organization?: string | null;
  status?: string | null;
  /** The renewal date (period end) on or after this day, and before the day after `renewsBefore` (YYYY-MM-DD, UTC). */
  renewsFrom?: string | null;
  renewsBefore?: string | null;
  /** Dunning: past due, or a declined renewal waiting for its next try. */
  dunning?: boolean | null;
}

export interface StaffSubscriptionError { field: string | null; code: 'NOT_FOUND' | 'OPERATION_NOT_ALLOWED' | 'PAYMENT_ERROR'; message: string }

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const STATUSES = ['ACTIVE', 'PAST_DUE', 'TRIALING', 'CANCELED'];

/** Subscriptions with their organization, soonest renewal first (past due ones by how long they have been). */
export async function listSubscriptions(db: Pick<Database, 'select'>, filter: SubscriptionFilter, first = 100): Promise<StaffSubscriptionRow[]> {
  const where: SQL[] = [];
  if (filter.organization?.trim()) where.push(ilike(organizations.name, `%${filter.organization.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (filter.status && STATUSES.includes(filter.status)) where.push(eq(subscriptions.status, filter.status));
  if (filter.dunning) where.push(sql`(${subscriptions.status} = 'PAST_DUE' or (${subscriptions.status} <> 'CANCELED' and ${subscriptions.renewalFailures} > 0))`);
  if (filter.renewsFrom && DAY.test(filter.renewsFrom)) where.push(gte(subscriptions.periodEnd, new Date(`${filter.renewsFrom}T00:00:00Z`)));
  if (filter.renewsBefore && DAY.test(filter.renewsBefore)) where.push(lt(subscriptions.periodEnd, new Date(new Date(`${filter.renewsBefore}T00:00:00Z`).getTime() + 86_400_000)));
  const rows = await db.select({ row: subscriptions, organizationName: organizations.name, organizationCountry: organizations.country })
    .from(subscriptions).innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(sql`${subscriptions.periodEnd} asc nulls last`, asc(organizations.name)).limit(Math.min(Math.max(first, 1), 500));
  return rows.map((r) => ({ ...r.row, organizationName: r.organizationName, organizationCountry: r.organizationCountry }));
}

/** One subscription for its console page, with its charges and events (newest first). */
export async function subscriptionForStaff(db: Pick<Database, 'select'>, id: string): Promise<{ subscription: StaffSubscriptionRow; charges: SubscriptionChargeRow[]; events: SubscriptionEventRow[] } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [found] = await db.select({ row: subscriptions, organizationName: organizations.name, organizationCountry: organizations.country })
    .from(subscriptions).innerJoin(organizations, eq(organizations.id, subscriptions.organizationId)).where(eq(subscriptions.id, id));
  if (!found) return null;
  const [chargeRows, eventRows] = await Promise.all([
    db.select().from(charges).where(eq(charges.subscriptionId, id)).orderBy(desc(charges.id)).limit(100),
    db.select().from(events).where(eq(events.subscriptionId, id)).orderBy(desc(events.id)).limit(100),
  ]);
  return { subscription: { ...found.row, organizationName: found.organizationName, organizationCountry: found.organizationCountry }, charges: chargeRows, events: eventRows };
}

const refused = (code: StaffSubscriptionError['code'], message: string, field: string | null = null) => ({ errors: [{ field, code, message }] });

/** Cancel at period end: the renewal is switched off; it runs until its period ends. Audited. */
export async function cancelAtPeriodEnd(db: Database, actor: Actor, id: string): Promise<{ errors: StaffSubscriptionError[] }> {
  return db.transaction(async (tx) => {
    const row = await lockSubscription(tx, { id });
    if (!row) return refused('NOT_FOUND', 'No such subscription', 'id');
    const moved = transition(stateOf(row), { type: 'AUTO_RENEWAL_SET', on: false });
    if (!moved.ok) return refused('OPERATION_NOT_ALLOWED', moved.reason);
    if (!row.autoRenew) return refused('OPERATION_NOT_ALLOWED', 'The subscription already ends at its period end');
    await writeState(tx, row, moved.state, { type: 'STAFF_CANCEL_AT_PERIOD_END' });
    await audit(tx, actor, 'subscription.cancel_at_period_end', `subscription:${id}`, { autoRenew: true }, { autoRenew: false, periodEnd: row.periodEnd?.toISOString() ?? null });
    return { errors: [] };
  });
}

/**
 * Cancel now: the subscription ends at once. With `refund`, the unused share of the period's price
 * (prorated to the second) is given back through the same path as an order's refund when an order paid for
 * the period (a credit note and the buyer's e-mail), or through the gateway on the renewal charge that did.
 */
export async function cancelNow(
  db: Database, gateway: PaymentGateway, actor: Actor, id: string, options: { refund: boolean; now: Date; idempotencyKey: string },
  refundOrder: (number: string, amount: number, key: string) => Promise<{ errors: Array<{ message: string }> }>,
): Promise<{ refunded: number; errors: StaffSubscriptionError[] }> {
  const ended = await db.transaction(async (tx) => {
    const row = await lockSubscription(tx, { id });
    if (!row) return refused('NOT_FOUND', 'No such subscription', 'id');
    const moved = transition(stateOf(row), { type: 'CANCELED_NOW', at: options.now });
    if (!moved.ok) return refused('OPERATION_NOT_ALLOWED', moved.reason);
    const unused = options.refund && row.periodStart && row.periodEnd
      ? prorationAmount({ currentPrice: 0, newPrice: row.currentPrice, periodStart: row.periodStart, periodEnd: row.periodEnd, at: options.now }) : 0;
    // What paid for this period: the newest event that a payment caused.
    const [paid] = await tx.select({ orderToken: events.orderToken, chargeId: events.chargeId }).from(events)
      .where(and(eq(events.subscriptionId, id), sql`(${events.orderToken} is not null or ${events.chargeId} is not null)`)).orderBy(desc(events.id)).limit(1);
    await writeState(tx, row, moved.state, { type: 'STAFF_CANCEL_NOW' });
    await audit(tx, actor, 'subscription.cancel_now', `subscription:${id}`, { status: row.status, periodEnd: row.periodEnd?.toISOString() ?? null },
      { status: 'CANCELED', periodEnd: options.now.toISOString(), refund: options.refund ? unused : null });
    return { errors: [], unused, paid: paid ?? null, currency: row.currency };
  });
  if (ended.errors.length || !('unused' in ended)) return { refunded: 0, errors: ended.errors as StaffSubscriptionError[] };
  if (!ended.unused) return { refunded: 0, errors: [] };
  const key = `subscription-cancel:${id}:${options.idempotencyKey}`;
  if (ended.paid?.orderToken) {
    const [order] = await db.select({ number: orders.number }).from(orders).where(eq(orders.token, ended.paid.orderToken));
    if (order) {
      const result = await refundOrder(order.number, ended.unused, key);
      return result.errors.length ? refused('PAYMENT_ERROR', `Cancelled; the refund was refused: ${result.errors[0]!.message}`) as never : { refunded: ended.unused, errors: [] };
    }
  }
  const [charge] = ended.paid?.chargeId ? await db.select().from(charges).where(eq(charges.id, ended.paid.chargeId)) : [];
  if (!charge?.gatewayReference) return { refunded: 0, errors: [{ field: null, code: 'PAYMENT_ERROR', message: 'Cancelled; no payment of this period was found to refund' }] };
  try {
    await gateway.refund(charge.gatewayReference, { amount: Math.min(ended.unused, charge.amount), idempotencyKey: key });
  } catch {
    return { refunded: 0, errors: [{ field: null, code: 'PAYMENT_ERROR', message: 'Cancelled; the payment provider refused the refund' }] };
  }
  await db.transaction((tx) => audit(tx, actor, 'subscription.refund', `subscription:${id}`, null, { amount: Math.min(ended.unused, charge.amount), currency: charge.currency, charge: charge.id }));
  return { refunded: Math.min(ended.unused, charge.amount), errors: [] };
}

/**
 * Retries a failed renewal now, as the renewal job would (one charge row per attempt, the gateway's key made
 * of period and attempt): for a PAST_DUE subscription, or one whose renewal has been declined and waits
 * for its next try. Answers how the charge went. Audited.
 */
export async function retryRenewal(
  db: Database, gateway: PaymentGateway, actor: Actor, id: string, options: { now: () => Date; publicUrl: string },
): Promise<{ outcome: 'RENEWED' | 'DECLINED' | 'PROCESSING' | null; errors: StaffSubscriptionError[] }> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) return { outcome: null, ...refused('NOT_FOUND', 'No such subscription', 'id') };
  if (!row.periodEnd || !(row.status === 'PAST_DUE' || (row.status !== 'CANCELED' && row.renewalFailures > 0))) {
    return { outcome: null, ...refused('OPERATION_NOT_ALLOWED', 'Only a renewal that failed can be retried') };
  }
  await periodEndHandler({ db, gateway, now: options.now, publicUrl: options.publicUrl })({ payload: { subscriptionId: id, periodEnd: row.periodEnd.toISOString(), retry: true } });
  const [last] = await db.select().from(charges).where(and(eq(charges.subscriptionId, id), eq(charges.kind, 'RENEWAL'))).orderBy(desc(charges.id)).limit(1);
  const outcome = last?.status === 'SUCCEEDED' ? 'RENEWED' : last?.status === 'PROCESSING' ? 'PROCESSING' : 'DECLINED';
  await db.transaction(async (tx) => {
    // A past-due subscription stays as it was when the retry is declined (the rules move nothing): its history says so.
    if (outcome === 'DECLINED' && row.status === 'PAST_DUE') {
      const state = { ...stateOf(row), currentPrice: row.currentPrice };
      await tx.insert(events).values({ subscriptionId: id, type: 'STAFF_RETRY_DECLINED', chargeId: last?.id ?? null, versionAfter: row.version, before: state, after: state });
    }
    await audit(tx, actor, 'subscription.retry_renewal', `subscription:${id}`, { status: row.status, renewalFailures: row.renewalFailures },
      { outcome, charge: last?.id ?? null, failureCode: last?.failureCode ?? null });
  });
  return { outcome, errors: [] };
}
