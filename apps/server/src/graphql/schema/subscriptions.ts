import { PRO_CUSTOM_ADDONS, SUBSCRIPTION_TERMS, type PlanKind, type SubscriptionStatus } from '@probe/domain';
import type { SavedMethodError, SavedMethodRow, SubscriptionError, SubscriptionRow } from '../../modules/subscriptions/index.ts';
import { SAVED_METHOD_KINDS, type TestSetupDetails } from '../../modules/payments/index.ts';
import { builder } from '../builder.ts';
import type { GraphQLContext } from '../context.ts';
import { PlanTypeEnum, SubscriptionStatusEnum } from '../enums.ts';
import { permissionDenied } from '../errors.ts';
import { uuidFromGlobalId } from '../global-id.ts';
import { Money } from '../money.ts';
import { CardInput } from './orders.ts';
import { SavedPaymentMethod } from './saved-payment-methods.ts';

export const ProCustomAddonEnum = builder.enumType('ProCustomAddon', { values: PRO_CUSTOM_ADDONS });
const SubscriptionTermEnum = builder.enumType('SubscriptionTerm', { values: SUBSCRIPTION_TERMS });
const SavedMethodKindEnum = builder.enumType('SavedPaymentMethodKind', { values: SAVED_METHOD_KINDS });

/** Spec §3 Organization.subscription, with the period and renewal facts the subscription screens show. */
export const SubscriptionRef = builder.objectRef<SubscriptionRow>('Subscription').implement({
  fields: (t) => ({
    planType: t.field({ type: PlanTypeEnum, resolve: (s) => s.planType as PlanKind }),
    status: t.field({ type: SubscriptionStatusEnum, resolve: (s) => s.status as SubscriptionStatus }),
    seats: t.int({ resolve: (s) => s.seats }),
    devices: t.int({ resolve: (s) => s.devices }),
    autoRenew: t.boolean({ resolve: (s) => s.autoRenew }),
    term: t.field({ type: SubscriptionTermEnum, resolve: (s) => s.term as (typeof SUBSCRIPTION_TERMS)[number] }),
    currentPeriodStart: t.string({ nullable: true, description: 'ISO date-time', resolve: (s) => s.periodStart?.toISOString() ?? null }),
    currentPeriodEnd: t.string({ nullable: true, description: 'ISO date-time', resolve: (s) => s.periodEnd?.toISOString() ?? null }),
    renewalFailures: t.int({ description: 'Declined renewal charges in the current period.', resolve: (s) => s.renewalFailures }),
    scheduledPlan: t.field({ type: PlanTypeEnum, nullable: true, resolve: (s) => s.scheduledPlan as PlanKind | null }),
    scheduledPrice: t.field({ type: Money, nullable: true, resolve: (s) => (s.scheduledPrice === null ? null : { currency: s.currency, amount: s.scheduledPrice }) }),
    proCustomFeatures: t.field({ type: [ProCustomAddonEnum], resolve: (s) => s.proCustomFeatures as (typeof PRO_CUSTOM_ADDONS)[number][] }),
    scheduledProCustomFeatures: t.field({ type: [ProCustomAddonEnum], nullable: true, resolve: (s) => s.scheduledProCustomFeatures as (typeof PRO_CUSTOM_ADDONS)[number][] | null }),
    referralCreditMonths: t.int({ resolve: (s) => s.referralCreditMonths }),
    provisioningType: t.string({ resolve: (s) => s.provisioningType }),
    subscriptionSynchronizationStatus: t.string({ resolve: (s) => s.synchronizationStatus }),
    currentPrice: t.field({ type: Money, description: 'What one period costs (gross).', resolve: (s) => ({ currency: s.currency, amount: s.currentPrice }) }),
  }),
});

export const SubscriptionErrorRef = builder.objectRef<SubscriptionError>('SubscriptionError').implement({
  fields: (t) => ({ code: t.exposeString('code'), field: t.exposeString('field', { nullable: true }), message: t.exposeString('message') }),
});
const SavedMethodErrorRef = builder.objectRef<SavedMethodError>('PaymentMethodError').implement({
  fields: (t) => ({ code: t.exposeString('code'), field: t.exposeString('field', { nullable: true }), message: t.exposeString('message') }),
});

export const SubscriptionPayload = builder.objectRef<{ subscription: SubscriptionRow | null; errors: SubscriptionError[]; charged?: { amount: number; currency: string } | null }>('SubscriptionPayload').implement({
  fields: (t) => ({
    subscription: t.field({ type: SubscriptionRef, nullable: true, resolve: (p) => p.subscription }),
    charged: t.field({ type: Money, nullable: true, description: 'What was charged now (ChangeSubscription, SubscriptionRenewal); null when nothing was.', resolve: (p) => p.charged ?? null }),
    errors: t.field({ type: [SubscriptionErrorRef], resolve: (p) => p.errors }),
  }),
});
const PaymentMethodPayload = builder.objectRef<{ method: SavedMethodRow | null; errors: SavedMethodError[] }>('PaymentMethodPayload').implement({
  fields: (t) => ({
    paymentMethod: t.field({ type: SavedPaymentMethod, nullable: true, resolve: (p) => p.method }),
    errors: t.field({ type: [SavedMethodErrorRef], resolve: (p) => p.errors }),
  }),
});
const PaymentMethodSetup = builder.objectRef<{ setupId: string; clientSecret: string | null }>('PaymentMethodSetup').implement({
  fields: (t) => ({
    setupId: t.exposeString('setupId'),
    clientSecret: t.exposeString('clientSecret', { nullable: true }),
    publishableKey: t.string({ nullable: true, description: 'Stripe mode: the key the Payment Element confirms the setup with.', resolve: (_s, _a, ctx) => ctx.gateway.clientConfig().publishableKey ?? null }),
  }),
});

/** The organization a signed-in admin names by id; PermissionDenied for anyone else (nothing is read or changed). */
export async function adminOrganization(ctx: GraphQLContext, organizationId: string | number): Promise<string> {
  const user = await ctx.viewer();
  const id = uuidFromGlobalId(String(organizationId), 'Organization');
  const membership = user && id ? await ctx.accounts.organizationOfMember(user.id, id) : null;
  if (!membership?.isAdmin) throw permissionDenied();
  return id!;
}

const PaymentMethodCreateInput = builder.inputType('PaymentMethodCreateInput', {
  description: 'A confirmed setup. With the test gateway its own form sends the test card, IBAN or US account here; with Stripe the Payment Element confirmed it and only setupId is sent.',
  fields: (t) => ({
    setupId: t.string({ required: true }),
    kind: t.field({ type: SavedMethodKindEnum, required: true }),
    name: t.string(),
    makePrimary: t.boolean(),
    card: t.field({ type: CardInput }),
    iban: t.string(),
    accountNumber: t.string(),
    routingNumber: t.string(),
  }),
});

function testDetails(input: { kind: (typeof SAVED_METHOD_KINDS)[number]; name?: string | null; card?: { number: string; expMonth: number; expYear: number; cvc: string } | null; iban?: string | null; accountNumber?: string | null; routingNumber?: string | null }): TestSetupDetails | null {
  const name = input.name?.trim() || null;
  if (input.kind === 'CREDIT_CARD') return input.card ? { kind: 'CREDIT_CARD', ...input.card, name } : null;
  if (input.kind === 'SEPA_DIRECT_DEBIT') return input.iban ? { kind: 'SEPA_DIRECT_DEBIT', iban: input.iban, name } : null;
  return input.accountNumber && input.routingNumber ? { kind: 'BANK_ACCOUNT', accountNumber: input.accountNumber, routingNumber: input.routingNumber, name } : null;
}

builder.mutationFields((t) => ({
  subscriptionScheduleAdd: t.field({
    type: SubscriptionPayload,
    description: 'SubscriptionScheduleAdd: the plan the next renewal moves the subscription to (admins).',
    args: { organizationId: t.arg.id({ required: true }), plan: t.arg({ type: PlanTypeEnum, required: true }), enterpriseCode: t.arg.string() },
    resolve: async (_r, { organizationId, plan, enterpriseCode }, ctx) => {
      const id = await adminOrganization(ctx, organizationId);
      return ctx.subscriptions.scheduleAdd(id, { type: 'SCHEDULE_ADDED', plan: plan as PlanKind, enterpriseCode: Boolean(enterpriseCode?.trim()) });
    },
  }),
  subscriptionScheduleRemove: t.field({
    type: SubscriptionPayload,
    description: 'SubscriptionScheduleRemove: drops the scheduled change (admins).',
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: async (_r, { organizationId }, ctx) => ctx.subscriptions.scheduleRemove(await adminOrganization(ctx, organizationId)),
  }),
  subscriptionAutoRenewalSet: t.field({
    type: SubscriptionPayload,
    description: 'Turns automatic renewal on or off (admins).',
    args: { organizationId: t.arg.id({ required: true }), on: t.arg.boolean({ required: true }) },
    resolve: async (_r, { organizationId, on }, ctx) => ctx.subscriptions.setAutoRenewal(await adminOrganization(ctx, organizationId), on),
  }),
  paymentMethodSetupStart: t.field({
    type: PaymentMethodSetup,
    description: 'Starts saving a payment method (a SetupIntent with Stripe); confirm it, then PaymentMethodCreate.',
    args: { organizationId: t.arg.id({ required: true }), kind: t.arg({ type: SavedMethodKindEnum, required: true }) },
    resolve: async (_r, { organizationId, kind }, ctx) => ctx.savedMethods.startSetup(await adminOrganization(ctx, organizationId), kind),
  }),
  paymentMethodCreate: t.field({
    type: PaymentMethodPayload,
    description: 'PaymentMethodCreate: saves the method a confirmed setup made (the first one is primary).',
    args: { organizationId: t.arg.id({ required: true }), input: t.arg({ type: PaymentMethodCreateInput, required: true }) },
    resolve: async (_r, { organizationId, input }, ctx) => {
      const id = await adminOrganization(ctx, organizationId);
      return ctx.savedMethods.create(id, { setupId: input.setupId, details: ctx.gateway.name === 'test' ? testDetails(input) : null, makePrimary: Boolean(input.makePrimary) });
    },
  }),
  paymentMethodUpdate: t.field({
    type: PaymentMethodPayload,
    description: 'PaymentMethodUpdate: the holder name shown on a saved method.',
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }), name: t.arg.string() },
    resolve: async (_r, { organizationId, id, name }, ctx) => ctx.savedMethods.update(await adminOrganization(ctx, organizationId), String(id), { name: name ?? null }),
  }),
  paymentMethodDelete: t.field({
    type: PaymentMethodPayload,
    description: 'PaymentMethodDelete: removes a saved method; the newest other one becomes primary if it was.',
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: async (_r, { organizationId, id }, ctx) => ctx.savedMethods.remove(await adminOrganization(ctx, organizationId), String(id)),
  }),
  paymentMethodSetAsPrimary: t.field({
    type: PaymentMethodPayload,
    description: 'PaymentMethodSetAsPrimary: the method renewals are charged to.',
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: async (_r, { organizationId, id }, ctx) => ctx.savedMethods.setPrimary(await adminOrganization(ctx, organizationId), String(id)),
  }),
}));

