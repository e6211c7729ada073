import { schema, type Database } from '@probe/db';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { afterCursor, lowerLike, newestFirst, pageCursor, pageSize, type PageCursor } from './paging.ts';
import { ORDER_COLUMNS, SUBSCRIPTION_COLUMNS } from './staff-customers.ts';

export type OrganizationRow = Pick<typeof schema.organizations.$inferSelect, 'id' | 'name' | 'slug' | 'country' | 'createdAt'> & { planType: string | null; status: string | null };
const COLUMNS = {
  id: schema.organizations.id, name: schema.organizations.name, slug: schema.organizations.slug, country: schema.organizations.country, createdAt: schema.organizations.createdAt,
  planType: schema.subscriptions.planType, status: schema.subscriptions.status,
};

/** Organizations newest first, searched by a part of their name or slug, or a member's e-mail; a page at a time. */
export async function listOrganizations(db: Pick<Database, 'select'>, input: { search?: string | null; first: number; after?: PageCursor | null }) {
  const search = input.search?.trim();
  const first = pageSize(input.first);
  const byMember = search ? sql`exists (select 1 from ${schema.organizationMemberships} m join ${schema.users} u on u.id = m.user_id
    where m.organization_id = ${schema.organizations.id} and lower(u.email) like ${`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`})` : undefined;
  const rows = await db.select(COLUMNS).from(schema.organizations).leftJoin(schema.subscriptions, eq(schema.subscriptions.organizationId, schema.organizations.id))
    .where(and(search ? or(lowerLike(schema.organizations.name, search), lowerLike(schema.organizations.slug, search), byMember) : undefined,
      afterCursor(schema.organizations.createdAt, schema.organizations.id, input.after)))
    .orderBy(...newestFirst(schema.organizations.createdAt, schema.organizations.id)).limit(first + 1);
  const page = pageCursor(rows, first);
  return { organizations: page.rows, next: page.next };
}

/**
 * One organization: its subscription (plan, seats), its members with their roles, the seats they take,
 * its registered probes, and the orders bought for it (newest 100, through the checkout's membership).
 */
export async function organizationForStaff(db: Database, id: string) {
  const [organization] = await db.select(COLUMNS).from(schema.organizations).leftJoin(schema.subscriptions, eq(schema.subscriptions.organizationId, schema.organizations.id))
    .where(eq(schema.organizations.id, id));
  if (!organization) return null;
  const [members, subscriptions, [probes], orders] = await Promise.all([
    db.select({ customerId: schema.users.id, email: schema.users.email, name: schema.users.name, isAdmin: schema.organizationMemberships.isOrganizationAdmin,
      canPurchasePersonalProbe: schema.organizationMemberships.canPurchasePersonalProbe, joinedAt: schema.organizationMemberships.createdAt })
      .from(schema.organizationMemberships).innerJoin(schema.users, eq(schema.users.id, schema.organizationMemberships.userId))
      .where(eq(schema.organizationMemberships.organizationId, id)).orderBy(desc(schema.organizationMemberships.isOrganizationAdmin), schema.users.email),
    db.select({ ...SUBSCRIPTION_COLUMNS, organizationName: schema.organizations.name }).from(schema.subscriptions)
      .innerJoin(schema.organizations, eq(schema.organizations.id, schema.subscriptions.organizationId)).where(eq(schema.subscriptions.organizationId, id)),
    db.select({ n: count() }).from(schema.registeredProbes).where(eq(schema.registeredProbes.organizationId, id)),
    db.select(ORDER_COLUMNS).from(schema.orders)
      .innerJoin(schema.checkouts, eq(schema.checkouts.token, schema.orders.checkoutToken))
      .innerJoin(schema.organizationMemberships, and(sql`${schema.organizationMemberships.id}::text = ${schema.checkouts.organizationMembershipId}`, eq(schema.organizationMemberships.organizationId, id)))
      .orderBy(desc(schema.orders.createdAt)).limit(100),
  ]);
  return { organization, members, subscriptions, registeredProbes: probes?.n ?? 0, orders };
}
