import {
  createOrganization, InvitationsService, invitationStatus, MARKETS,
  type AccountError, type InvitationRow, type InvitationView,
} from '../../modules/accounts/index.ts';
import { fail } from '../../modules/checkout/index.ts';
import { builder } from '../builder.ts';
import type { GraphQLContext } from '../context.ts';
import { CountryCodeEnum } from '../enums.ts';
import { permissionDenied } from '../errors.ts';
import { toGlobalId, uuidFromGlobalId } from '../global-id.ts';
import { catalogueLanguage, LanguageCodeEnum } from '../language-code.ts';
import { byToken, nullIsMiss, tokenNotFound } from '../limits.ts';
import { AccountErrorRef, Organization, OrganizationMembership, OrganizationMembershipPayload, signedIn } from './accounts.ts';
import { AddressInput, Checkout, checkoutChange, CheckoutPayloadRef, payload, servicesOf } from './checkout.ts';

const invitationsOf = (ctx: GraphQLContext) => new InvitationsService({ db: ctx.db, now: ctx.now, publicUrl: ctx.config.PUBLIC_URL });
const notFound = (field: string): AccountError => ({ code: 'NOT_FOUND', field, message: 'Not found' });

const OrganizationMarketEnum = builder.enumType('OrganizationMarket', { values: MARKETS, description: 'Human or veterinary practice.' });
const InvitationStatusEnum = builder.enumType('OrganizationInvitationStatus', { values: ['PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED', 'EXPIRED'] as const });

const OrganizationInvitation = builder.objectRef<InvitationRow>('OrganizationInvitation').implement({
  description: "An invitation to a seat, as the organization's admins see it.",
  fields: (t) => ({
    id: t.id({ resolve: (i) => toGlobalId('OrganizationInvitation', i.id) }),
    email: t.exposeString('email'),
    status: t.field({ type: InvitationStatusEnum, resolve: (i, _a, ctx) => invitationStatus(i, ctx.now()) }),
    sentAt: t.string({ description: 'ISO date-time', resolve: (i) => i.sentAt.toISOString() }),
    expiresAt: t.string({ description: 'ISO date-time', resolve: (i) => i.expiresAt.toISOString() }),
  }),
});

const InvitationPreview = builder.objectRef<InvitationView>('OrganizationInvitationPreview').implement({
  description: "What an invitation link shows its holder: the organization, who invited, the address invited and the invitation's state.",
  fields: (t) => ({
    organizationName: t.string({ resolve: (v) => v.organizationName }),
    inviter: t.string({ nullable: true, resolve: (v) => v.inviter }),
    email: t.string({ resolve: (v) => v.invitation.email }),
    status: t.field({ type: InvitationStatusEnum, resolve: (v, _a, ctx) => invitationStatus(v.invitation, ctx.now()) }),
    expiresAt: t.string({ description: 'ISO date-time', resolve: (v) => v.invitation.expiresAt.toISOString() }),
  }),
});

builder.objectFields(Organization, (t) => ({
  market: t.field({ type: OrganizationMarketEnum, resolve: ({ organization }) => organization.market as (typeof MARKETS)[number] }),
  vatNumber: t.string({ nullable: true, resolve: ({ organization }) => organization.vatNumber }),
  invitations: t.field({
    type: [OrganizationInvitation],
    description: "The organization's invitations, pending first (admins only; PermissionDenied for anyone else).",
    resolve: ({ organization, isAdmin }, _a, ctx) => {
      if (!isAdmin) throw permissionDenied();
      return invitationsOf(ctx).list(organization.id);
    },
  }),
}));

builder.objectField(Checkout, 'organizationMembershipId', (t) => t.id({
  nullable: true,
  description: "The id of the caller's membership the checkout buys for, read from the checkout alone (no statement): a signed-in buyer's checkout is theirs, and the membership was checked as theirs when it was set. Null for anyone else's checkout.",
  resolve: (checkout, _a, ctx) => {
    const id = checkout.row.organizationMembershipId;
    const { userId } = ctx.requester();
    return id && userId && checkout.row.userId === userId ? toGlobalId('OrganizationMembership', id) : null;
  },
}));

builder.objectField(Checkout, 'organizationMembership', (t) => t.field({
  type: OrganizationMembership,
  nullable: true,
  description: "Spec §3 Checkout.organizationMembership: the caller's membership the checkout buys for; null when it is for no organization (or not the caller's).",
  resolve: async (checkout, _a, ctx) => {
    const id = checkout.row.organizationMembershipId;
    // The token's subject is enough to check the membership is the caller's: no user row is read for it.
    const { userId } = ctx.requester();
    return userId && id ? ctx.accounts.ownMembership(userId, id) : null;
  },
}));

builder.objectField(Checkout, 'organization', (t) => t.field({
  type: Organization,
  nullable: true,
  description: "Spec §3 Checkout.organization: the organization the checkout buys for (id, name, country…), as its member sees it; null when it buys for no organization, or the caller is not the member whose membership it buys with.",
  resolve: async (checkout, _a, ctx) => {
    const id = checkout.row.organizationMembershipId;
    const { userId } = ctx.requester();
    const own = userId && id ? await ctx.accounts.ownMembership(userId, id) : null;
    return own ? { organization: own.organization, isAdmin: own.membership.isOrganizationAdmin } : null;
  },
}));

const OrganizationInvitationPayload = builder.objectRef<{ value: InvitationRow | null; errors: AccountError[] }>('OrganizationInvitationPayload').implement({
  fields: (t) => ({
    invitation: t.field({ type: OrganizationInvitation, nullable: true, resolve: (p) => p.value }),
    errors: t.field({ type: [AccountErrorRef], resolve: (p) => p.errors }),
  }),
});

const OrganizationMembershipDeletePayload = builder.objectRef<{ value: { membershipId: string } | null; errors: AccountError[] }>('OrganizationMembershipDeletePayload').implement({
  fields: (t) => ({
    removedMembershipId: t.id({ nullable: true, resolve: (p) => (p.value ? toGlobalId('OrganizationMembership', p.value.membershipId) : null) }),
    errors: t.field({ type: [AccountErrorRef], resolve: (p) => p.errors }),
  }),
});

const OrganizationCreateInput = builder.inputType('OrganizationCreateInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    market: t.field({ type: OrganizationMarketEnum, required: true }),
    country: t.field({ type: CountryCodeEnum, required: true }),
    billingAddress: t.field({ type: AddressInput, required: true }),
    vatNumber: t.string({ description: 'Where the country has one (an EU member state), in its format.' }),
  }),
});

const invitationId = (id: string | number) => uuidFromGlobalId(String(id), 'OrganizationInvitation');

builder.queryFields((t) => ({
  organizationInvitation: t.field({
    type: InvitationPreview,
    nullable: true,
    description: 'The invitation a link carries (its token is the key); null for an unknown token, which counts as a miss on the address.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, ctx) => byToken(ctx, token.slice(0, 64), () => invitationsOf(ctx).byToken(token.slice(0, 64)), nullIsMiss),
  }),
}));

builder.mutationFields((t) => ({
  organizationCreate: t.field({
    type: OrganizationMembershipPayload,
    description: "A signed-in user founds an organization and is its admin; the answer is their new membership.",
    args: { input: t.arg({ type: OrganizationCreateInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const user = await signedIn(ctx);
      return createOrganization(ctx.db, user.id, { ...input, vatNumber: input.vatNumber ?? null, billingAddress: input.billingAddress });
    },
  }),
  organizationInvitationCreate: t.field({
    type: OrganizationInvitationPayload,
    description: "An admin invites an e-mail address to a free seat; the e-mail is written in languageCode.",
    args: { organizationId: t.arg.id({ required: true }), email: t.arg.string({ required: true }), languageCode: t.arg({ type: LanguageCodeEnum }) },
    resolve: async (_root, a, ctx) => {
      const user = await signedIn(ctx);
      const id = uuidFromGlobalId(String(a.organizationId), 'Organization');
      if (!id) return { value: null, errors: [notFound('organizationId')] };
      return invitationsOf(ctx).create(user, id, a.email.slice(0, 320), catalogueLanguage(a.languageCode ?? 'EN'));
    },
  }),
  organizationInvitationResend: t.field({
    type: OrganizationInvitationPayload,
    description: 'Sends a pending or expired invitation again with a new link and expiry (admins; at most once a minute).',
    args: { id: t.arg.id({ required: true }), languageCode: t.arg({ type: LanguageCodeEnum }) },
    resolve: async (_root, a, ctx) => {
      const user = await signedIn(ctx);
      const id = invitationId(a.id);
      if (!id) return { value: null, errors: [notFound('id')] };
      return invitationsOf(ctx).resend(user, id, a.languageCode ? catalogueLanguage(a.languageCode) : null);
    },
  }),
  organizationInvitationRevoke: t.field({
    type: OrganizationInvitationPayload,
    description: 'Withdraws a pending invitation (admins): its link stops working and its seat is free.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, a, ctx) => {
      const user = await signedIn(ctx);
      const id = invitationId(a.id);
      if (!id) return { value: null, errors: [notFound('id')] };
      return invitationsOf(ctx).revoke(user.id, id);
    },
  }),
  organizationInvitationAccept: t.field({
    type: OrganizationMembershipPayload,
    description: 'The signed-in invitee (the invited address) takes the seat; the answer is their new membership.',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, { token }, ctx) => {
      const user = await signedIn(ctx);
      const result = await byToken(ctx, token.slice(0, 64), () => invitationsOf(ctx).accept(user, token.slice(0, 64)), tokenNotFound);
      const membership = result.value ? await ctx.accounts.ownMembership(user.id, result.value) : null;
      return { membership, errors: result.errors };
    },
  }),
  organizationInvitationDecline: t.field({
    type: OrganizationInvitationPayload,
    description: "The invitee declines (the link's token is enough; no account needed).",
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, { token }, ctx) => {
      const result = await byToken(ctx, token.slice(0, 64), () => invitationsOf(ctx).decline(token.slice(0, 64)), tokenNotFound);
      // The invitee is not the organization's admin: the answer says only that it is done.
      return { value: null, errors: result.errors };
    },
  }),
  organizationMembershipDelete: t.field({
    type: OrganizationMembershipDeletePayload,
    description: 'An admin removes a member, or a member leaves; the seat is free again. The last admin can do neither.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, a, ctx) => {
      const user = await signedIn(ctx);
      const id = uuidFromGlobalId(String(a.id), 'OrganizationMembership');
      if (!id) return { value: null, errors: [notFound('id')] };
      return invitationsOf(ctx).removeMember(user.id, id);
    },
  }),
  checkoutOrganizationUpdate: t.field({
    type: CheckoutPayloadRef,
    description: "The organization a signed-in buyer's checkout is for: one of their memberships, or null for themselves.",
    args: { token: t.arg.string({ required: true }), organizationMembershipId: t.arg.id() },
    resolve: async (_root, a, ctx) => {
      const user = await signedIn(ctx);
      let membershipId: string | null = null;
      if (a.organizationMembershipId) {
        const id = uuidFromGlobalId(String(a.organizationMembershipId), 'OrganizationMembership');
        const own = id ? await ctx.accounts.ownMembership(user.id, id) : null;
        if (!own) return payload(ctx, { checkout: null, errors: [fail('NO_PERMISSIONS', 'organizationMembershipId', 'Not one of your organizations')] });
        membershipId = own.membership.id;
      }
      return payload(ctx, checkoutChange(ctx, a.token, () => servicesOf(ctx).organizationUpdate(a.token, membershipId)));
    },
  }),
}));

