import type { PlanKind, ProCustomAddon } from '@probe/domain';
import type { ChangeQuote, ChangeRequest, QuoteResult } from '../../modules/subscriptions/index.ts';
import { billingOfOrganization } from '../../modules/subscriptions/index.ts';
import { builder } from '../builder.ts';
import { PlanTypeEnum } from '../enums.ts';
import { Money } from '../money.ts';
import { SavedPaymentMethod } from './saved-payment-methods.ts';
import { adminOrganization, ProCustomAddonEnum, SubscriptionErrorRef, SubscriptionPayload } from './subscriptions.ts';

type QuoteWithOrganization = ChangeQuote & { organizationId: string };

const SubscriptionChangeInput = builder.inputType('SubscriptionChangeInput', {
  description: 'The subscription after the change: its plan (the current one to add seats or add-ons), seats, Pro Custom add-ons.',
  fields: (t) => ({
    plan: t.field({ type: PlanTypeEnum, required: true }),
    seats: t.int({ description: 'Seats after the change (Team, Clinic); omitted: unchanged, at least the plan\'s minimum.' }),
    proCustomFeatures: t.field({ type: [ProCustomAddonEnum], description: 'Pro Custom add-ons after the change.' }),
    enterpriseCode: t.string(),
  }),
});

const SubscriptionChangeQuote = builder.objectRef<QuoteWithOrganization>('SubscriptionChangeQuote').implement({
  description: 'CheckoutProrationPreview: what a change costs now and per period after it.',
  fields: (t) => {
    const money = (pick: (q: QuoteWithOrganization) => number) => (q: QuoteWithOrganization) => ({ currency: q.currency, amount: pick(q) });
    return {
      amount: t.field({ type: Money, description: 'Charged now to the primary saved method: the prorated difference for the rest of the period.', resolve: money((q) => q.amount) }),
      credit: t.field({ type: Money, description: 'The unused part of what the current period cost.', resolve: money((q) => q.credit) }),
      currentPrice: t.field({ type: Money, resolve: money((q) => q.currentPrice) }),
      newPrice: t.field({ type: Money, description: 'What a period costs after the change (the next renewal\'s charge).', resolve: money((q) => q.newPrice) }),
      periodEnd: t.string({ nullable: true, description: 'ISO date-time: the change runs until then, then renews at newPrice.', resolve: (q) => q.periodEnd?.toISOString() ?? null }),
      scheduled: t.boolean({ description: 'The change waits for the renewal (fewer add-ons): nothing is charged now.', resolve: (q) => q.scheduled }),
      paymentMethod: t.field({
        type: SavedPaymentMethod, nullable: true, description: 'The primary saved method the amount is charged to; null: add one first.',
        resolve: async (q, _a, ctx) => (await billingOfOrganization(ctx.db, q.organizationId, ctx.gateway.name)).method,
      }),
    };
  },
});

const SubscriptionQuotePayload = builder.objectRef<{ quote: QuoteWithOrganization | null; errors: QuoteResult['errors'] }>('SubscriptionQuotePayload').implement({
  fields: (t) => ({
    quote: t.field({ type: SubscriptionChangeQuote, nullable: true, resolve: (p) => p.quote }),
    errors: t.field({ type: [SubscriptionErrorRef], resolve: (p) => p.errors }),
  }),
});

const withOrganization = (organizationId: string, result: QuoteResult) => ({ quote: result.quote ? { ...result.quote, organizationId } : null, errors: result.errors });

function changeRequest(input: { plan: string; seats?: number | null; proCustomFeatures?: readonly string[] | null; enterpriseCode?: string | null }): ChangeRequest {
  return { plan: input.plan as PlanKind, seats: input.seats ?? null, proCustomFeatures: (input.proCustomFeatures as ProCustomAddon[] | null | undefined) ?? null, enterpriseCode: input.enterpriseCode ?? null };
}

builder.queryFields((t) => ({
  subscriptionChangePreview: t.field({
    type: SubscriptionQuotePayload,
    description: 'CheckoutProrationPreview: the price of a change (admins of the organization).',
    args: { organizationId: t.arg.id({ required: true }), input: t.arg({ type: SubscriptionChangeInput, required: true }) },
    resolve: async (_r, { organizationId, input }, ctx) => {
      const id = await adminOrganization(ctx, organizationId);
      return withOrganization(id, await ctx.subscriptionChanges.previewChange(id, changeRequest(input)));
    },
  }),
  subscriptionRenewalPreview: t.field({
    type: SubscriptionQuotePayload,
    description: 'What SubscriptionRenewal charges now and the period it buys (admins).',
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: async (_r, { organizationId }, ctx) => {
      const id = await adminOrganization(ctx, organizationId);
      return withOrganization(id, await ctx.subscriptionChanges.previewRenewal(id));
    },
  }),
}));

builder.mutationFields((t) => ({
  subscriptionChange: t.field({
    type: SubscriptionPayload,
    description: 'ChangeSubscription: a larger plan, more seats or Pro Custom add-ons now, charged prorated to the primary saved method; fewer add-ons from the renewal. Once per idempotency key.',
    args: {
      organizationId: t.arg.id({ required: true }), input: t.arg({ type: SubscriptionChangeInput, required: true }),
      idempotencyKey: t.arg.string({ required: true }), expectedAmount: t.arg.int({ description: 'The quote\'s amount (minor units) the buyer saw: another amount now is PRICES_ARE_CHANGED.' }),
    },
    resolve: async (_r, { organizationId, input, idempotencyKey, expectedAmount }, ctx) => {
      const id = await adminOrganization(ctx, organizationId);
      const buyer = await ctx.viewer();
      return ctx.subscriptionChanges.change(id, changeRequest(input), idempotencyKey, expectedAmount ?? null, buyer ? { userId: buyer.id } : null);
    },
  }),
  subscriptionRenewal: t.field({
    type: SubscriptionPayload,
    description: 'SubscriptionRenewal: renews now (an ended or past-due subscription starts a new period), charged to the primary saved method. Once per idempotency key.',
    args: { organizationId: t.arg.id({ required: true }), idempotencyKey: t.arg.string({ required: true }), expectedAmount: t.arg.int() },
    resolve: async (_r, { organizationId, idempotencyKey, expectedAmount }, ctx) => {
      const id = await adminOrganization(ctx, organizationId);
      const buyer = await ctx.viewer();
      return ctx.subscriptionChanges.renew(id, idempotencyKey, expectedAmount ?? null, buyer ? { userId: buyer.id } : null);
    },
  }),
}));
