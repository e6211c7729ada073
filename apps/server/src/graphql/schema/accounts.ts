import { availableSeats, isSubscriptionExpired, type PlanKind, type SubscriptionStatus } from '@probe/domain';
import { ACCOUNT_ERROR_CODES, type AccountError, type MembershipWithOrganization, type OrganizationRow, type UserRow } from '../../modules/accounts/index.ts';
import { builder } from '../builder.ts';
import { throwIfLimited } from '../limits.ts';
import type { GraphQLContext } from '../context.ts';
import { CountryCodeEnum, PlanTypeEnum, SubscriptionStatusEnum } from '../enums.ts';
import { permissionDenied } from '../errors.ts';
import { toGlobalId, uuidFromGlobalId } from '../global-id.ts';
import { Checkout, checkoutByToken } from './checkout.ts';
import { Order, orderNode } from './orders.ts';
import { SavedPaymentMethod } from './saved-payment-methods.ts';
import { SubscriptionRef } from './subscriptions.ts';

const AccountErrorCodeEnum = builder.enumType('AccountErrorCode', { values: ACCOUNT_ERROR_CODES });

export const AccountErrorRef = builder.objectRef<AccountError>('AccountError').implement({
  description: 'An account business error: the field it concerns, a message for logs, and the code the storefront translates.',
  fields: (t) => ({
    field: t.exposeString('field', { nullable: true }),
    message: t.exposeString('message'),
    code: t.field({ type: AccountErrorCodeEnum, resolve: (e) => e.code }),
  }),
});

/** The signed-in user, or PermissionDenied (spec §8: the storefront then clears auth and logs out). */
export async function signedIn(ctx: GraphQLContext): Promise<UserRow> {
  const user = await ctx.viewer();
  if (!user) throw permissionDenied();
  return user;
}

/** An organization as its members see it; `isAdmin` is the caller's role in it. */
interface OrganizationNode {
  organization: OrganizationRow;
  isAdmin: boolean;
}

const counts = (ctx: GraphQLContext, id: string) => ctx.loaders.organizationCounts.load(id);
const sub = (ctx: GraphQLContext, id: string) => ctx.loaders.subscription.load(id);

const RentalSubscription = builder.objectRef<{ end: string; months: number }>('RentalSubscription').implement({
  fields: (t) => ({
    commitmentEndDate: t.string({ description: 'ISO date', resolve: (r) => r.end }),
    commitmentMonthsNumber: t.int({ resolve: (r) => r.months }),
  }),
});

const OrganizationMember = builder.objectRef<{ membershipId: string; email: string; name: string | null; isOrganizationAdmin: boolean; canPurchasePersonalProbe: boolean }>('OrganizationMember').implement({
  fields: (t) => ({
    membershipId: t.id({ resolve: (m) => toGlobalId('OrganizationMembership', m.membershipId) }),
    email: t.exposeString('email'),
    name: t.exposeString('name', { nullable: true }),
    isOrganizationAdmin: t.exposeBoolean('isOrganizationAdmin'),
    canPurchasePersonalProbe: t.exposeBoolean('canPurchasePersonalProbe'),
  }),
});

const OrganizationAdmin = builder.objectRef<UserRow>('OrganizationAdmin').implement({
  fields: (t) => ({ email: t.exposeString('email'), name: t.exposeString('name', { nullable: true }) }),
});

export const Organization = builder.objectRef<OrganizationNode>('Organization').implement({
  description: 'Spec §3 Organization, as one of its members sees it.',
  fields: (t) => ({
    id: t.id({ resolve: ({ organization }) => toGlobalId('Organization', organization.id) }),
    name: t.string({ resolve: ({ organization }) => organization.name }),
    slug: t.string({ resolve: ({ organization }) => organization.slug }),
    planType: t.field({ type: PlanTypeEnum, resolve: async ({ organization }, _a, ctx) => ((await sub(ctx, organization.id))?.planType ?? 'NONE') as PlanKind }),
    country: t.field({ type: CountryCodeEnum, resolve: ({ organization }) => organization.country }),
    practiceType: t.string({ nullable: true, resolve: ({ organization }) => organization.practiceType }),
    maxSeats: t.int({ resolve: async ({ organization }, _a, ctx) => (await sub(ctx, organization.id))?.seats ?? 1 }),
    availableSeats: t.int({
      resolve: async ({ organization }, _a, ctx) => availableSeats((await sub(ctx, organization.id))?.seats ?? 1, (await counts(ctx, organization.id)).members),
    }),
    registeredProbes: t.int({ resolve: async ({ organization }, _a, ctx) => (await counts(ctx, organization.id)).probes.IQ }),
    registeredProbesPlus: t.int({ resolve: async ({ organization }, _a, ctx) => (await counts(ctx, organization.id)).probes.IQ_PLUS }),
    registeredProbesIq3: t.int({ resolve: async ({ organization }, _a, ctx) => (await counts(ctx, organization.id)).probes.IQ_3 }),
    isAutoRenewalActive: t.boolean({ resolve: async ({ organization }, _a, ctx) => (await sub(ctx, organization.id))?.autoRenew ?? false }),
    subscriptionExpirationDate: t.string({ nullable: true, description: 'ISO date-time', resolve: async ({ organization }, _a, ctx) => (await sub(ctx, organization.id))?.periodEnd?.toISOString() ?? null }),
    subscriptionStatus: t.field({ type: SubscriptionStatusEnum, nullable: true, resolve: async ({ organization }, _a, ctx) => ((await sub(ctx, organization.id))?.status ?? null) as SubscriptionStatus | null }),
    isExpired: t.boolean({
      resolve: async ({ organization }, _a, ctx) => {
        const s = await sub(ctx, organization.id);
        return s !== null && (s.status === 'CANCELED' || isSubscriptionExpired(s.periodEnd, ctx.now()));
      },
    }),
    maxCloudUsers: t.int({ resolve: async ({ organization }, _a, ctx) => (await sub(ctx, organization.id))?.maxCloudUsers ?? 1 }),
    isOld10BasedTeamPricing: t.boolean({ resolve: async ({ organization }, _a, ctx) => (await sub(ctx, organization.id))?.isOld10BasedTeamPricing ?? false }),
    teamBaseNumCloudUsers: t.int({ resolve: async ({ organization }, _a, ctx) => (await sub(ctx, organization.id))?.teamBaseNumCloudUsers ?? 0 }),
    maxDevices: t.int({ resolve: async ({ organization }, _a, ctx) => (await sub(ctx, organization.id))?.devices ?? 1 }),
    rentalSubscription: t.field({
      type: RentalSubscription,
      nullable: true,
      resolve: async ({ organization }, _a, ctx) => {
        const s = await sub(ctx, organization.id);
        return s?.commitmentEnd && s.commitmentMonths ? { end: s.commitmentEnd.toISOString().slice(0, 10), months: s.commitmentMonths } : null;
      },
    }),
    subscription: t.field({
      type: SubscriptionRef,
      nullable: true,
      description: 'Spec §3 Organization.subscription: the plan details a member sees (null when the organization never had one).',
      resolve: ({ organization }, _a, ctx) => sub(ctx, organization.id),
    }),
    members: t.field({
      type: [OrganizationMember],
      description: "The organization's members (edit membership); admins only, PermissionDenied for anyone else.",
      resolve: async ({ organization, isAdmin }, _a, ctx) => {
        if (!isAdmin) throw permissionDenied();
        return (await ctx.accounts.members(organization.id)).map(({ membership, user }) => ({
          membershipId: membership.id, email: user.email, name: user.name,
          isOrganizationAdmin: membership.isOrganizationAdmin, canPurchasePersonalProbe: membership.canPurchasePersonalProbe,
        }));
      },
    }),
  }),
});

export const OrganizationMembership = builder.objectRef<MembershipWithOrganization>('OrganizationMembership').implement({
  description: 'Spec §3 OrganizationMembership: one of the caller\'s own memberships.',
  fields: (t) => ({
    id: t.id({ resolve: ({ membership }) => toGlobalId('OrganizationMembership', membership.id) }),
    referrerToken: t.string({ nullable: true, resolve: ({ membership }) => membership.referrerToken }),
    isOrganizationAdmin: t.boolean({ resolve: ({ membership }) => membership.isOrganizationAdmin }),
    canPurchasePersonalProbe: t.boolean({ resolve: ({ membership }) => membership.canPurchasePersonalProbe }),
    availableReusablePaymentMethods: t.field({
      type: [SavedPaymentMethod],
      description: "The organization's saved payment methods, primary first (admins; a member is shown none).",
      resolve: ({ membership, organization }, _a, ctx) => (membership.isOrganizationAdmin ? ctx.loaders.savedMethods.load(organization.id) : []),
    }),
    organization: t.field({ type: Organization, resolve: ({ organization, membership }) => ({ organization, isAdmin: membership.isOrganizationAdmin }) }),
  }),
});

export const User = builder.objectRef<UserRow>('User').implement({
  description: 'Spec §3 User: the signed-in buyer.',
  fields: (t) => ({
    id: t.id({ resolve: (u) => toGlobalId('User', u.id) }),
    email: t.exposeString('email'),
    name: t.exposeString('name', { nullable: true }),
    cloudAccountId: t.id({ nullable: true, resolve: (u) => u.cloudAccountId }),
    canBuyPersonalProbePlus: t.exposeBoolean('canBuyPersonalProbePlus'),
    canBuyPersonalProbeIq3: t.exposeBoolean('canBuyPersonalProbeIq3'),
    organizationMemberships: t.field({ type: [OrganizationMembership], resolve: (u, _a, ctx) => ctx.accounts.memberships(u.id) }),
    checkout: t.field({
      type: Checkout,
      nullable: true,
      description: 'UserCheckout: the open checkout of one of the caller\'s memberships, or their personal one.',
      args: { organizationMembershipId: t.arg.id() },
      resolve: async (u, { organizationMembershipId }, ctx) => {
        const membershipId = organizationMembershipId ? uuidFromGlobalId(String(organizationMembershipId), 'OrganizationMembership') : null;
        if (organizationMembershipId && !membershipId) return null;
        const open = await ctx.accounts.openCheckout(u.id, membershipId);
        return open ? checkoutByToken(ctx, open.token) : null;
      },
    }),
    orders: t.field({
      type: [Order],
      description: "The user's orders, newest first.",
      args: { first: t.arg.int({ defaultValue: 20 }) },
      resolve: async (u, { first }, ctx) => (await ctx.accounts.orders(u.id, first ?? 20)).map((o) => orderNode(ctx, o)!),
    }),
    order: t.field({
      type: Order,
      nullable: true,
      description: "AccountOrder: one of the user's own orders by its number (my account's order page); null for anyone else's.",
      args: { number: t.arg.string({ required: true }) },
      resolve: async (u, { number }, ctx) => orderNode(ctx, await ctx.accounts.order(u.id, number)),
    }),
  }),
});

const membershipId = (id: string | number) => {
  const uuid = uuidFromGlobalId(String(id), 'OrganizationMembership');
  if (!uuid) throw permissionDenied();
  return uuid;
};

builder.queryFields((t) => ({
  me: t.field({
    type: User,
    nullable: true,
    description: 'UserQuery, UserRefreshQuery: the signed-in user; null when anonymous.',
    resolve: (_root, _a, ctx) => ctx.viewer(),
  }),
  organizationMembership: t.field({
    type: OrganizationMembership,
    description: "UserOrganizationMembershipInfo, UserOrganizationRefreshQuery: one of the caller's memberships; PermissionDenied for any other id.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      const user = await signedIn(ctx);
      const found = await ctx.accounts.ownMembership(user.id, membershipId(id));
      if (!found) throw permissionDenied();
      return found;
    },
  }),
  organizationAdmins: t.field({
    type: [OrganizationAdmin],
    description: 'OrganizationAdmins: who to ask for a seat or a purchase; the caller must belong to the organization.',
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: async (_root, { organizationId }, ctx) => {
      const user = await signedIn(ctx);
      const id = uuidFromGlobalId(String(organizationId), 'Organization');
      if (!id || !(await ctx.accounts.organizationOfMember(user.id, id))) throw permissionDenied();
      return ctx.accounts.admins(id);
    },
  }),
  userExists: t.boolean({
    description: 'CheckUserExistence: whether an account uses this e-mail. Rate limited per address.',
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_root, { email }, ctx) => {
      throwIfLimited(await ctx.limits.userExistence(ctx.requester().clientIp));
      return ctx.accounts.userExists(email);
    },
  }),
}));

export const OrganizationMembershipPayload = builder.objectRef<{ membership: MembershipWithOrganization | null; errors: AccountError[] }>('OrganizationMembershipPayload').implement({
  fields: (f) => ({
    membership: f.field({ type: OrganizationMembership, nullable: true, resolve: (p) => p.membership }),
    errors: f.field({ type: [AccountErrorRef], resolve: (p) => p.errors }),
  }),
});

const OrganizationMembershipUpdateInput = builder.inputType('OrganizationMembershipUpdateInput', {
  fields: (t) => ({ isOrganizationAdmin: t.boolean(), canPurchasePersonalProbe: t.boolean() }),
});
const AccountUpdateInput = builder.inputType('AccountUpdateInput', { fields: (t) => ({ name: t.string({ required: true }) }) });

builder.mutationFields((t) => ({
  organizationMembershipUpdate: t.field({
    type: OrganizationMembershipPayload,
    description: "Edit membership: an organization admin changes a member's role or personal-probe permission; an organization keeps at least one admin.",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: OrganizationMembershipUpdateInput, required: true }) },
    resolve: async (_root, { id, input }, ctx) => {
      const user = await signedIn(ctx);
      const uuid = uuidFromGlobalId(String(id), 'OrganizationMembership');
      if (!uuid) return { membership: null, errors: [{ code: 'NOT_FOUND' as const, field: 'id', message: 'Membership not found' }] };
      return ctx.accounts.updateMembership(user.id, uuid, input);
    },
  }),
  accountUpdate: t.field({
    type: builder.objectRef<{ user: UserRow | null; errors: AccountError[] }>('AccountPayload').implement({
      fields: (f) => ({
        user: f.field({ type: User, nullable: true, resolve: (p) => p.user }),
        errors: f.field({ type: [AccountErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: 'The signed-in user changes their name.',
    args: { input: t.arg({ type: AccountUpdateInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ctx.accounts.updateAccount((await signedIn(ctx)).id, input),
  }),
}));
