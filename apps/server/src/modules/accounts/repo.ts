import { schema, type Database } from '@probe/db';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';

const { users, organizations, organizationMemberships: memberships, registeredProbes, orders, checkouts } = schema;

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;

export interface MembershipWithOrganization {
  membership: MembershipRow;
  organization: OrganizationRow;
}

/** Seats taken and probes registered, per organization. */
export interface OrganizationCounts {
  members: number;
  probes: { IQ: number; IQ_3: number; IQ_PLUS: number };
}

/**
 * Creates the user on their first verified request, and keeps the e-mail and name the provider vouches
 * for. A new user may buy both probe models (the store sells to whoever signs up); only an existing row's
 * rights are left as they are.
 */
export async function upsertUser(db: Database, identity: { id: string; email: string; name: string | null }): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ id: identity.id, email: identity.email, name: identity.name, canBuyPersonalProbePlus: true, canBuyPersonalProbeIq3: true })
    .onConflictDoUpdate({
      target: users.id,
      set: { email: identity.email, name: sql`coalesce(${users.name}, excluded.name)`, updatedAt: sql`now()` },
      setWhere: sql`${users.email} is distinct from excluded.email or (${users.name} is null and excluded.name is not null)`,
    })
    .returning();
  if (row) return row;
  const [existing] = await db.select().from(users).where(eq(users.id, identity.id));
  return existing!;
}

export async function findUser(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function emailTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).limit(1);
  return Boolean(row);
}

/** A user's memberships with their organizations, oldest first (the first one drives the country redirect). */
export async function membershipsOf(db: Database, userId: string): Promise<MembershipWithOrganization[]> {
  return db
    .select({ membership: memberships, organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
}

export async function membershipById(db: Database, id: string): Promise<MembershipWithOrganization | null> {
  const [row] = await db
    .select({ membership: memberships, organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.id, id));
  return row ?? null;
}

export async function membershipIn(db: Database, organizationId: string, userId: string): Promise<MembershipRow | null> {
  const [row] = await db.select().from(memberships).where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row ?? null;
}

export async function countsFor(db: Database, organizationIds: readonly string[]): Promise<Map<string, OrganizationCounts>> {
  const result = new Map<string, OrganizationCounts>(organizationIds.map((id) => [id, { members: 0, probes: { IQ: 0, IQ_3: 0, IQ_PLUS: 0 } }]));
  if (!organizationIds.length) return result;
  const ids = [...organizationIds];
  const [seats, probes] = await Promise.all([
    db.select({ id: memberships.organizationId, n: count() }).from(memberships).where(inArray(memberships.organizationId, ids)).groupBy(memberships.organizationId),
    db.select({ id: registeredProbes.organizationId, model: registeredProbes.model, n: count() }).from(registeredProbes).where(inArray(registeredProbes.organizationId, ids)).groupBy(registeredProbes.organizationId, registeredProbes.model),
  ]);
  for (const s of seats) result.get(s.id)!.members = Number(s.n);
  for (const p of probes) {
    const counts = result.get(p.id)!.probes;
    if (p.model === 'IQ' || p.model === 'IQ_3' || p.model === 'IQ_PLUS') counts[p.model] = Number(p.n);
  }
  return result;
}

/** The members of an organization with their users, admins first. */
export async function membersOf(db: Database, organizationId: string) {
  return db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(desc(memberships.isOrganizationAdmin), asc(users.email));
}

export async function countAdmins(db: Pick<Database, 'select'>, organizationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(and(eq(memberships.organizationId, organizationId), eq(memberships.isOrganizationAdmin, true)));
  return Number(row?.n ?? 0);
}

export async function ordersOf(db: Database, userId: string, first: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(first);
}

/** One of the user's own orders by its number; null for an order that is another buyer's (or none). */
export async function ownOrder(db: Database, userId: string, number: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.number, number))).limit(1);
  return row ?? null;
}

/** The user's newest open checkout: for one of their memberships, or their personal one. */
export async function openCheckoutOf(db: Database, userId: string, membershipId: string | null): Promise<CheckoutRow | null> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(
      eq(checkouts.userId, userId),
      isNull(checkouts.completedOrderToken),
      membershipId ? eq(checkouts.organizationMembershipId, membershipId) : isNull(checkouts.organizationMembershipId),
    ))
    .orderBy(desc(checkouts.updatedAt), desc(checkouts.id))
    .limit(1);
  return row ?? null;
}
