import { PLAN_NAMES, type PlanKind } from '@probe/domain';
import { refundOrder } from '../../modules/orders/index.ts';
import {
  cancelAtPeriodEnd, cancelNow, listSubscriptions, retryRenewal, subscriptionForStaff,
  type StaffSubscriptionError, type StaffSubscriptionRow, type SubscriptionChargeRow, type SubscriptionEventRow,
} from '../../modules/subscriptions/index.ts';
import { AdminErrorRef, builder } from '../builder.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

const Subscription = builder.objectRef<StaffSubscriptionRow>('StaffSubscriptionItem').implement({
  description: 'An organization\'s subscription as staff see it.',
  fields: (t) => ({
    id: t.exposeString('id'),
    organizationId: t.exposeString('organizationId'),
    organizationName: t.exposeString('organizationName'),
    organizationCountry: t.exposeString('organizationCountry'),
    plan: t.string({ resolve: (s) => s.planType }),
    planName: t.string({ description: 'The plan\'s name as the store sells it (a brand name, the same in every language).', resolve: (s) => PLAN_NAMES[s.planType as PlanKind] ?? s.planType }),
    status: t.string({ description: 'ACTIVE, TRIALING, PAST_DUE or CANCELED', resolve: (s) => s.status }),
    term: t.exposeString('term'),
    autoRenew: t.exposeBoolean('autoRenew'),
    renewalFailures: t.exposeInt('renewalFailures'),
    seats: t.exposeInt('seats'),
    periodStart: t.string({ nullable: true, resolve: (s) => iso(s.periodStart) }),
    periodEnd: t.string({ nullable: true, description: 'When it renews (or ends, without auto-renewal).', resolve: (s) => iso(s.periodEnd) }),
    scheduledPlan: t.string({ nullable: true, resolve: (s) => s.scheduledPlan }),
    currentPrice: t.exposeInt('currentPrice', { description: 'A period\'s price, gross minor units.' }),
    currency: t.string({ resolve: (s) => s.currency.toUpperCase() }),
  }),
});

const Charge = builder.objectRef<SubscriptionChargeRow>('StaffSubscriptionCharge').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    kind: t.string({ description: 'RENEWAL, CHANGE or RENEWAL_ORDER', resolve: (c) => c.kind }),
    attempt: t.exposeInt('attempt'),
    status: t.string({ description: 'PENDING, PROCESSING, SUCCEEDED, FAILED or REVERSED', resolve: (c) => c.status }),
    amount: t.exposeInt('amount'),
    currency: t.string({ resolve: (c) => c.currency.toUpperCase() }),
    failureCode: t.string({ nullable: true, resolve: (c) => c.failureCode }),
    createdAt: t.string({ resolve: (c) => c.createdAt.toISOString() }),
  }),
});

const Event = builder.objectRef<SubscriptionEventRow>('StaffSubscriptionEvent').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.exposeString('type'),
    orderToken: t.string({ nullable: true, resolve: (e) => e.orderToken }),
    statusBefore: t.string({ nullable: true, resolve: (e) => (e.before as { status?: string }).status ?? null }),
    statusAfter: t.string({ nullable: true, resolve: (e) => (e.after as { status?: string }).status ?? null }),
    createdAt: t.string({ resolve: (e) => e.createdAt.toISOString() }),
  }),
});

builder.queryField('subscriptions', (t) => t.field({
  type: [Subscription],
  description: 'Subscriptions, soonest renewal first: by part of the organization\'s name, state, and renewal day (YYYY-MM-DD, both ends included); `dunning`: the past-due ones and those whose renewal was declined and waits for its next try.',
  args: { organization: t.arg.string(), status: t.arg.string(), dunning: t.arg.boolean(), renewsFrom: t.arg.string(), renewsBefore: t.arg.string(), first: t.arg.int({ defaultValue: 100 }) },
  resolve: async (_root, args, ctx) => {
    await ctx.require('subscriptions.read');
    return listSubscriptions(ctx.db, args, args.first ?? 100);
  },
}));

const Detail = builder.objectRef<NonNullable<Awaited<ReturnType<typeof subscriptionForStaff>>>>('StaffSubscriptionDetail').implement({
  fields: (t) => ({
    subscription: t.field({ type: Subscription, resolve: (d) => d.subscription }),
    charges: t.field({ type: [Charge], resolve: (d) => d.charges }),
    events: t.field({ type: [Event], resolve: (d) => d.events }),
  }),
});

builder.queryField('subscription', (t) => t.field({
  type: Detail,
  nullable: true,
  args: { id: t.arg.string({ required: true }) },
  resolve: async (_root, { id }, ctx) => {
    await ctx.require('subscriptions.read');
    return subscriptionForStaff(ctx.db, id);
  },
}));

type Payload = { errors: StaffSubscriptionError[]; refunded?: number; outcome?: string | null };
const SubscriptionPayload = builder.objectRef<Payload>('StaffSubscriptionPayload').implement({
  fields: (t) => ({
    errors: t.field({ type: [AdminErrorRef], resolve: (p) => p.errors }),
    refunded: t.int({ description: 'What a cancel now gave back (minor units).', resolve: (p) => p.refunded ?? 0 }),
    outcome: t.string({ nullable: true, description: 'A retried renewal: RENEWED, DECLINED or PROCESSING.', resolve: (p) => p.outcome ?? null }),
  }),
});

builder.mutationField('subscriptionCancel', (t) => t.field({
  type: SubscriptionPayload,
  description: 'Cancels a subscription at its period end (auto-renewal off) or now; now may give back the unused share of the period (prorated; a credit note when an order paid for it). Owners and order managers; audited.',
  args: { id: t.arg.string({ required: true }), now: t.arg.boolean({ defaultValue: false }), refund: t.arg.boolean({ defaultValue: false }), idempotencyKey: t.arg.string({ required: true }) },
  resolve: async (_root, { id, now, refund, idempotencyKey }, ctx) => {
    const staff = await ctx.require('subscriptions.manage');
    if (!/^[0-9a-f-]{36}$/i.test(id)) return { errors: [{ field: 'id', code: 'NOT_FOUND' as const, message: 'No such subscription' }] };
    if (!now) return cancelAtPeriodEnd(ctx.db, staff, id);
    return cancelNow(ctx.db, ctx.gateway, staff, id, { refund: Boolean(refund), now: ctx.now(), idempotencyKey: idempotencyKey.slice(0, 64) },
      (number, amount, key) => refundOrder(ctx.db, ctx.gateway, staff, { number, amount, lines: null, shipping: false, idempotencyKey: key, reason: 'Subscription cancelled: unused period' }));
  },
}));

builder.mutationField('subscriptionRetryRenewal', (t) => t.field({
  type: SubscriptionPayload,
  description: 'Charges a failed renewal again now (past due, or declined and waiting for its next try). Owners and order managers; audited.',
  args: { id: t.arg.string({ required: true }) },
  resolve: async (_root, { id }, ctx) => {
    const staff = await ctx.require('subscriptions.manage');
    if (!/^[0-9a-f-]{36}$/i.test(id)) return { errors: [{ field: 'id', code: 'NOT_FOUND' as const, message: 'No such subscription' }] };
    return retryRenewal(ctx.db, ctx.gateway, staff, id, { now: ctx.now, publicUrl: ctx.publicUrl });
  },
}));
