import { schema, type Database } from '@probe/db';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { afterCursor, lowerLike, newestFirst, pageCursor, pageSize, type PageCursor } from './paging.ts';

export type CustomerRow = Pick<typeof schema.users.$inferSelect, 'id' | 'email' | 'name' | 'createdAt'>;
const COLUMNS = { id: schema.users.id, email: schema.users.email, name: schema.users.name, createdAt: schema.users.createdAt };

/** Buyers (users who are not staff), newest first, searched by a part of their name or e-mail, a page at a time. */
export async function listCustomers(db: Pick<Database, 'select'>, input: { search?: string | null; first: number; after?: PageCursor | null }) {
  const search = input.search?.trim();
  const first = pageSize(input.first);
  const rows = await db.select(COLUMNS).from(schema.users)
    .where(and(isNull(schema.users.staffRole), search ? or(lowerLike(schema.users.email, search), lowerLike(schema.users.name, search)) : undefined,
      afterCursor(schema.users.createdAt, schema.users.id, input.after)))
    .orderBy(...newestFirst(schema.users.createdAt, schema.users.id)).limit(first + 1);
  const page = pageCursor(rows, first);
  return { customers: page.rows, next: page.next };
}

/** One customer: who they are, the organizations they belong to, their orders (newest 100) and their organizations' subscriptions. */
export async function customerForStaff(db: Database, id: string) {
  const [user] = await db.select(COLUMNS).from(schema.users).where(and(eq(schema.users.id, id), isNull(schema.users.staffRole)));
  if (!user) return null;
  const [memberships, orders] = await Promise.all([
    db.select({ organizationId: schema.organizations.id, name: schema.organizations.name, isAdmin: schema.organizationMemberships.isOrganizationAdmin })
      .from(schema.organizationMemberships).innerJoin(schema.organizations, eq(schema.organizations.id, schema.organizationMemberships.organizationId))
      .where(eq(schema.organizationMemberships.userId, id)).orderBy(schema.organizations.name),
    db.select(ORDER_COLUMNS).from(schema.orders).where(eq(schema.orders.userId, id)).orderBy(desc(schema.orders.createdAt)).limit(100),
  ]);
  const subscriptions = memberships.length
    ? await db.select({ ...SUBSCRIPTION_COLUMNS, organizationName: schema.organizations.name }).from(schema.subscriptions)
      .innerJoin(schema.organizations, eq(schema.organizations.id, schema.subscriptions.organizationId))
      .where(inArray(schema.subscriptions.organizationId, memberships.map((m) => m.organizationId)))
    : [];
  return { customer: user, memberships, orders, subscriptions };
}

export const ORDER_COLUMNS = {
  number: schema.orders.number, createdAt: schema.orders.createdAt, currency: schema.orders.currency, total: schema.orders.totalGross,
  chargeStatus: schema.orders.chargeStatus, paymentMethod: schema.orders.paymentMethod, cancelledAt: schema.orders.cancelledAt,
};
export const SUBSCRIPTION_COLUMNS = {
  organizationId: schema.subscriptions.organizationId, planType: schema.subscriptions.planType, status: schema.subscriptions.status, term: schema.subscriptions.term,
  seats: schema.subscriptions.seats, periodEnd: schema.subscriptions.periodEnd, autoRenew: schema.subscriptions.autoRenew,
  currentPrice: schema.subscriptions.currentPrice, currency: schema.subscriptions.currency,
};
