import { schema } from '@probe/db';
import { NO_SUBSCRIPTION, orderSubscriptionMove, PLAN_GROUPS, SEATED_PLANS, transition, type CheckoutType, type OrderLineFacts, type SubscriptionState } from '@probe/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { columnsOf, lockSubscription, seatConfigurations, stateOf, writeState, type Executor, type SubscriptionRow } from './repo.ts';
import { queueNotice } from './notices/queue.ts';
import { schedulePeriodEnd } from './renewal.ts';
import { settleChargeReceipt } from './receipts.ts';

const { subscriptions, subscriptionEvents, subscriptionCharges, organizationMemberships } = schema;

export interface OrderForSubscription {
  organizationMembershipId: string | null;
  userId: string | null;
  bundleType: CheckoutType;
  orderToken: string;
  currency: string;
  language: string;
  at: Date;
  /** Each line's facts and its total (gross, minor units). */
  lines: ReadonlyArray<OrderLineFacts & { total: number }>;
}

export type OrderMoveRefusal = { code: 'OPERATION_NOT_ALLOWED' | 'CANT_EDIT_WITH_CREDITS' | 'ENTERPRISE_CODE_REQUIRED' | 'NO_PERMISSIONS' | 'REQUIRED'; message: string; field?: string };

/**
 * Moves the organization's subscription as its order says (in the order's transaction, so the order and
 * the move are written together or not at all); a move the rules refuse refuses the order, before any
 * charge. Orders without an organization, or that do not concern the subscription, move nothing.
 */
export async function moveSubscriptionForOrder(tx: Executor, order: OrderForSubscription): Promise<OrderMoveRefusal | null> {
  if (!order.organizationMembershipId && !order.userId) return null;
  const move = orderSubscriptionMove(order.bundleType, order.lines, order.at, await seatConfigurations(tx));
  if (move.kind === 'NONE') return null;
  if (!order.organizationMembershipId) {
    // A signed-in buyer's team or clinic plan is for an organization (its seats are its members'): they
    // choose or create one first. Other plans bought without one stay the buyer's own, as before.
    const seated = move.kind === 'MOVE' && move.event.type === 'PURCHASED' && SEATED_PLANS.includes(move.event.plan);
    return seated ? { code: 'REQUIRED', field: 'organizationMembershipId', message: 'A team or clinic plan is bought for an organization: choose or create one' } : null;
  }
  if (move.kind === 'REFUSED') return { code: 'OPERATION_NOT_ALLOWED', message: move.reason };

  const [membership] = await tx.select().from(organizationMemberships).where(eq(organizationMemberships.id, order.organizationMembershipId));
  if (!membership || membership.userId !== order.userId) return { code: 'NO_PERMISSIONS', message: 'Not a member of this organization' };
  if (!membership.isOrganizationAdmin) return { code: 'NO_PERMISSIONS', message: 'Only an admin changes the organization\'s subscription' };

  const row = await subscriptionRow(tx, membership.organizationId, order);
  const result = transition(stateOf(row), move.event);
  if (!result.ok) return { code: result.code, message: result.reason };

  const planTotal = order.lines.filter((l) => l.groups.some((g) => PLAN_GROUPS.includes(g))).reduce((n, l) => n + l.total, 0);
  const price = move.event.type === 'PURCHASED' ? { currentPrice: planTotal, currency: order.currency, language: order.language, scheduledPrice: null }
    : move.event.type === 'RENEWED' ? { currentPrice: planTotal || row.currentPrice, scheduledPrice: null }
      : move.event.type === 'SEATS_ADDED' ? { currentPrice: row.currentPrice + planTotal }
        : {};
  const written = await writeState(tx, row, result.state, { type: move.event.type, orderToken: order.orderToken }, { ...price, maxCloudUsers: result.state.seats });
  if (move.event.type === 'PURCHASED' || move.event.type === 'RENEWED') await schedulePeriodEnd(tx, written);
  return null;
}

/** The organization's row, locked; one is made (with no plan) for an organization that never had one. */
async function subscriptionRow(tx: Executor, organizationId: string, order: OrderForSubscription): Promise<SubscriptionRow> {
  const existing = await lockSubscription(tx, { organizationId });
  if (existing) return existing;
  await tx.insert(subscriptions).values({ organizationId, ...columnsOf(NO_SUBSCRIPTION), currentPrice: 0, currency: order.currency, language: order.language }).onConflictDoNothing();
  return (await lockSubscription(tx, { organizationId }))!;
}

/** A stored state (JSON) as the rules read it. */
function reviveState(json: Record<string, unknown>): SubscriptionState {
  const date = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);
  const s = json as unknown as SubscriptionState;
  return { ...s, periodStart: date(json.periodStart), periodEnd: date(json.periodEnd), billingAnchor: date(json.billingAnchor), commitmentEnd: date(json.commitmentEnd) };
}

/**
 * A payment that moved a subscription failed late (a SEPA or ACH debit returned by the bank): the move is
 * undone. When nothing else changed the subscription since, it goes back to exactly what it was (seats,
 * probes, plan and period withdrawn); otherwise it is PAST_DUE until paid. Returns whether one was moved.
 */
export async function reversePaymentMove(tx: Executor, by: { orderToken: string } | { chargeId: number }, paid: { amount: number; currency: string }, publicUrl: string): Promise<boolean> {
  const where = 'orderToken' in by ? eq(subscriptionEvents.orderToken, by.orderToken) : eq(subscriptionEvents.chargeId, by.chargeId);
  const [event] = await tx.select().from(subscriptionEvents).where(and(where, sql`${subscriptionEvents.type} <> 'PAYMENT_REVERSED'`)).orderBy(desc(subscriptionEvents.id)).limit(1);
  if (!event) return false;
  const row = await lockSubscription(tx, { id: event.subscriptionId });
  if (!row) return false;
  // A renewal that was not paid leaves the period unpaid (PAST_DUE, renewed from the expired page);
  // what else a payment provisioned is withdrawn exactly, if nothing has changed the subscription since.
  const before = event.before as Record<string, unknown>;
  const restore = row.version === event.versionAfter && event.type !== 'RENEWED' ? reviveState(before) : null;
  const result = transition(stateOf(row), { type: 'PAYMENT_REVERSED', restore });
  if (!result.ok) return false;
  const price = restore && typeof before.currentPrice === 'number' ? { currentPrice: before.currentPrice } : {};
  const written = await writeState(tx, row, result.state, { type: 'PAYMENT_REVERSED', orderToken: event.orderToken, chargeId: event.chargeId }, price);
  await queueNotice(tx, written, { kind: 'reversed', ...paid }, publicUrl);
  return true;
}

/**
 * The gateway's late answer on a debit charged to a saved method (a change, a renewal order, an automatic
 * renewal): recorded on its charge row, and a failure undoes what it paid for. False when the reference
 * is not a subscription charge.
 */
export async function settleSubscriptionCharge(tx: Executor, reference: string, outcome: 'SUCCEEDED' | 'FAILED', failureCode: string | null, at: Date, publicUrl: string): Promise<boolean> {
  const [charge] = await tx.select().from(subscriptionCharges).where(eq(subscriptionCharges.gatewayReference, reference)).for('update');
  if (!charge) return false;
  if (charge.status !== 'PROCESSING' && charge.status !== 'SUCCEEDED') return true;
  if (outcome === 'SUCCEEDED') {
    await tx.update(subscriptionCharges).set({ status: 'SUCCEEDED', settledAt: at }).where(eq(subscriptionCharges.id, charge.id));
    await settleChargeReceipt(tx, charge.id, 'SUCCEEDED');
    return true;
  }
  await tx.update(subscriptionCharges).set({ status: 'REVERSED', failureCode, settledAt: at }).where(eq(subscriptionCharges.id, charge.id));
  await settleChargeReceipt(tx, charge.id, 'FAILED');
  await reversePaymentMove(tx, { chargeId: charge.id }, { amount: charge.amount, currency: charge.currency }, publicUrl);
  return true;
}
