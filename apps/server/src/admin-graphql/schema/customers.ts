import { customerForStaff, listCustomers, listOrganizations, organizationForStaff, type PageCursor } from '../../modules/customers/index.ts';
import { PLAN_NAMES, type PlanKind } from '@probe/domain';
import { builder } from '../builder.ts';

type Customer = NonNullable<Awaited<ReturnType<typeof customerForStaff>>>;
type Organization = NonNullable<Awaited<ReturnType<typeof organizationForStaff>>>;
const iso = (d: Date | null) => d?.toISOString() ?? null;
/** A plan's name as the store sells it (brand names, the same in every language); null without a plan. */
const planName = (plan: string | null) => (plan ? PLAN_NAMES[plan as PlanKind] ?? plan : null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const cursorOf = (after: string | null | undefined): PageCursor | null => {
  if (!after) return null;
  try {
    const parsed = JSON.parse(Buffer.from(after, 'base64url').toString()) as PageCursor;
    return typeof parsed.createdAt === 'string' && !Number.isNaN(Date.parse(parsed.createdAt)) && typeof parsed.id === 'string' ? parsed : null;
  } catch {
    return null;
  }
};
const nextOf = (next: PageCursor | null) => (next ? Buffer.from(JSON.stringify(next)).toString('base64url') : null);

const CustomerRef = builder.objectRef<Customer['customer']>('StaffCustomer').implement({
  description: 'A buyer: a signed-in user who is not staff.',
  fields: (t) => ({
    id: t.exposeString('id'), email: t.exposeString('email'), name: t.exposeString('name', { nullable: true }),
    createdAt: t.string({ resolve: (c) => c.createdAt.toISOString() }),
  }),
});
const CustomerOrderRef = builder.objectRef<Customer['orders'][number]>('StaffCustomerOrder').implement({
  fields: (t) => ({
    number: t.exposeString('number'), currency: t.exposeString('currency'), total: t.exposeInt('total'), chargeStatus: t.exposeString('chargeStatus'),
    paymentMethod: t.exposeString('paymentMethod'), createdAt: t.string({ resolve: (o) => o.createdAt.toISOString() }),
    cancelledAt: t.string({ nullable: true, resolve: (o) => iso(o.cancelledAt) }),
  }),
});
const SubscriptionRef = builder.objectRef<Customer['subscriptions'][number]>('StaffSubscription').implement({
  fields: (t) => ({
    organizationId: t.exposeString('organizationId'), organizationName: t.exposeString('organizationName'), planType: t.exposeString('planType'),
    planName: t.string({ resolve: (s) => planName(s.planType)! }),
    status: t.exposeString('status'), term: t.exposeString('term'), seats: t.exposeInt('seats'), autoRenew: t.exposeBoolean('autoRenew'),
    periodEnd: t.string({ nullable: true, resolve: (s) => iso(s.periodEnd) }),
    price: t.int({ description: 'A period\'s price, gross, in minor units', resolve: (s) => s.currentPrice }), currency: t.exposeString('currency'),
  }),
});
const MembershipRef = builder.objectRef<Customer['memberships'][number]>('StaffCustomerMembership').implement({
  fields: (t) => ({ organizationId: t.exposeString('organizationId'), name: t.exposeString('name'), isAdmin: t.exposeBoolean('isAdmin') }),
});
const CustomerDetail = builder.objectRef<Customer>('StaffCustomerDetail').implement({
  fields: (t) => ({
    customer: t.field({ type: CustomerRef, resolve: (d) => d.customer }),
    memberships: t.field({ type: [MembershipRef], resolve: (d) => d.memberships }),
    orders: t.field({ type: [CustomerOrderRef], description: 'Newest first, the latest 100', resolve: (d) => d.orders }),
    subscriptions: t.field({ type: [SubscriptionRef], description: 'Of the organizations the customer belongs to', resolve: (d) => d.subscriptions }),
  }),
});

const OrganizationRef = builder.objectRef<Organization['organization']>('StaffOrganization').implement({
  fields: (t) => ({
    id: t.exposeString('id'), name: t.exposeString('name'), slug: t.exposeString('slug'), country: t.exposeString('country'),
    planType: t.exposeString('planType', { nullable: true }), planName: t.string({ nullable: true, resolve: (o) => planName(o.planType ?? null) }),
    subscriptionStatus: t.exposeString('status', { nullable: true }),
    createdAt: t.string({ resolve: (o) => o.createdAt.toISOString() }),
  }),
});
const MemberRef = builder.objectRef<Organization['members'][number]>('StaffOrganizationMember').implement({
  fields: (t) => ({
    customerId: t.exposeString('customerId'), email: t.exposeString('email'), name: t.exposeString('name', { nullable: true }), isAdmin: t.exposeBoolean('isAdmin'),
    canPurchasePersonalProbe: t.exposeBoolean('canPurchasePersonalProbe'), joinedAt: t.string({ resolve: (m) => m.joinedAt.toISOString() }),
  }),
});
const OrganizationDetail = builder.objectRef<Organization>('StaffOrganizationDetail').implement({
  fields: (t) => ({
    organization: t.field({ type: OrganizationRef, resolve: (d) => d.organization }),
    members: t.field({ type: [MemberRef], description: 'Admins first: each takes a seat', resolve: (d) => d.members }),
    maxSeats: t.int({ nullable: true, description: 'The subscription\'s seats; null without one', resolve: (d) => d.subscriptions[0]?.seats ?? null }),
    registeredProbes: t.exposeInt('registeredProbes'),
    orders: t.field({ type: [CustomerOrderRef], description: 'Bought for the organization, newest first, the latest 100', resolve: (d) => d.orders }),
    subscriptions: t.field({ type: [SubscriptionRef], resolve: (d) => d.subscriptions }),
  }),
});

const CustomerPage = builder.objectRef<{ customers: Customer['customer'][]; next: string | null }>('StaffCustomerPage').implement({
  fields: (t) => ({ customers: t.field({ type: [CustomerRef], resolve: (p) => p.customers }), next: t.string({ nullable: true, resolve: (p) => p.next }) }),
});
const OrganizationPage = builder.objectRef<{ organizations: Organization['organization'][]; next: string | null }>('StaffOrganizationPage').implement({
  fields: (t) => ({ organizations: t.field({ type: [OrganizationRef], resolve: (p) => p.organizations }), next: t.string({ nullable: true, resolve: (p) => p.next }) }),
});

builder.queryFields((t) => ({
  customers: t.field({
    type: CustomerPage,
    description: 'Customers newest first, searched by a part of the name or e-mail, paged on the server (pass `next` as `after`).',
    args: { search: t.arg.string(), first: t.arg.int({ defaultValue: 25 }), after: t.arg.string() },
    resolve: async (_root, args, ctx) => {
      await ctx.require('customers.read');
      const page = await listCustomers(ctx.db, { search: args.search, first: args.first ?? 25, after: cursorOf(args.after) });
      return { customers: page.customers, next: nextOf(page.next) };
    },
  }),
  customer: t.field({
    type: CustomerDetail, nullable: true, args: { id: t.arg.string({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      await ctx.require('customers.read');
      return id.length <= 200 ? customerForStaff(ctx.db, id) : null;
    },
  }),
  organizations: t.field({
    type: OrganizationPage,
    description: 'Organizations newest first, searched by a part of the name, the slug or a member\'s e-mail, paged on the server.',
    args: { search: t.arg.string(), first: t.arg.int({ defaultValue: 25 }), after: t.arg.string() },
    resolve: async (_root, args, ctx) => {
      await ctx.require('customers.read');
      const page = await listOrganizations(ctx.db, { search: args.search, first: args.first ?? 25, after: cursorOf(args.after) });
      return { organizations: page.organizations, next: nextOf(page.next) };
    },
  }),
  organization: t.field({
    type: OrganizationDetail, nullable: true, args: { id: t.arg.string({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      await ctx.require('customers.read');
      return UUID.test(id) ? organizationForStaff(ctx.db, id) : null;
    },
  }),
}));
