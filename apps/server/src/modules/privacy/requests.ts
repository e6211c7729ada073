import { schema, type Database } from '@probe/db';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { audit, type Actor } from '../staff/index.ts';

const { dataRequests, organizationMemberships: memberships, organizations, subscriptions, users, outbox } = schema;

export const ERASURE_TOPIC = 'privacy.erase';
/** Subscription states that still bill or serve an organization: its last admin cannot simply vanish. */
const LIVE_SUBSCRIPTION = ['ACTIVE', 'PAST_DUE', 'TRIALING'];

export type DataRequest = typeof dataRequests.$inferSelect;
export type DataRequestSource = 'USER' | 'STAFF';

export interface PrivacyError {
  code: 'NOT_FOUND' | 'LAST_ADMIN' | 'STAFF_ACCOUNT';
  /** Addressed to the user. */
  message: string;
  /** Addressed to an operator acting for them. */
  staffMessage: string;
}

/**
 * Why this user's account cannot be erased now, or null. The last admin of an organization with a live
 * subscription would leave it with no one to manage or cancel it; an operator's account keeps the console's
 * audit trail's names and is erased only once the staff role is taken away.
 */
export async function erasureBlocker(db: Pick<Database, 'select'>, userId: string): Promise<PrivacyError | null> {
  const [user] = await db.select({ staffRole: users.staffRole }).from(users).where(eq(users.id, userId));
  if (user?.staffRole) {
    const message = 'This account has a staff role in the console. An owner must remove the role before the account can be erased.';
    return { code: 'STAFF_ACCOUNT', message, staffMessage: message };
  }
  const sole = await db
    .select({ name: organizations.name })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .innerJoin(subscriptions, eq(subscriptions.organizationId, memberships.organizationId))
    .where(and(
      eq(memberships.userId, userId),
      eq(memberships.isOrganizationAdmin, true),
      inArray(subscriptions.status, LIVE_SUBSCRIPTION),
      sql`not exists (select 1 from ${memberships} other where other.organization_id = ${memberships.organizationId} and other.is_organization_admin and other.user_id <> ${userId})`,
    ))
    .orderBy(organizations.name);
  if (sole.length) {
    const names = sole.map((o) => o.name).join(', ');
    return {
      code: 'LAST_ADMIN',
      message: `You are the only admin of ${names}, which has a live subscription. Make another member an admin of it, or cancel its subscription, before your account can be erased.`,
      staffMessage: `The customer is the only admin of ${names}, which has a live subscription. Another member must be made an admin of it, or its subscription cancelled, before the account can be erased.`,
    };
  }
  return null;
}

/**
 * Records an erasure request and its job in one transaction. A second request while one is pending or
 * running returns that one (harmless); a refused request changes nothing and says what must happen first.
 */
export async function requestErasure(
  db: Database,
  input: { userId: string; source: DataRequestSource; handledBy?: string | null; actor?: Actor },
): Promise<{ request: DataRequest | null; error: PrivacyError | null }> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId)).for('update');
    const open = await tx.select().from(dataRequests)
      .where(and(eq(dataRequests.userId, input.userId), eq(dataRequests.kind, 'ERASURE'), inArray(dataRequests.state, ['PENDING', 'RUNNING'])))
      .limit(1);
    if (open[0]) return { request: open[0], error: null };
    if (!user) return { request: null, error: { code: 'NOT_FOUND', message: 'There is no account with this id.', staffMessage: 'No account has this id.' } };
    const blocker = await erasureBlocker(tx as unknown as Database, input.userId);
    if (blocker) return { request: null, error: blocker };
    const [request] = await tx.insert(dataRequests).values({
      kind: 'ERASURE', userId: input.userId, subjectEmail: user.email.toLowerCase(), source: input.source, handledBy: input.handledBy ?? null,
    }).returning();
    await tx.insert(outbox).values({ topic: ERASURE_TOPIC, payload: { requestId: request!.id } });
    // An operator's request is theirs in the audit log (the job's steps follow under the same subject).
    if (input.actor) await audit(tx, input.actor, 'privacy.erasure.request', `data-request:${request!.id}`, null, { userId: input.userId, source: input.source });
    return { request: request!, error: null };
  });
}

/** The data requests, newest first (the console's list). */
export async function listDataRequests(db: Pick<Database, 'select'>, options: { first?: number; kind?: string | null } = {}): Promise<DataRequest[]> {
  return db.select().from(dataRequests)
    .where(options.kind ? eq(dataRequests.kind, options.kind) : ne(dataRequests.kind, ''))
    .orderBy(desc(dataRequests.createdAt))
    .limit(Math.min(Math.max(options.first ?? 50, 1), 200));
}

/** A user's own data requests, newest first (my account). */
export async function userDataRequests(db: Pick<Database, 'select'>, userId: string): Promise<DataRequest[]> {
  return db.select().from(dataRequests).where(eq(dataRequests.userId, userId)).orderBy(desc(dataRequests.createdAt)).limit(20);
}

/** The built-in sign-in account's password hash, to confirm an erasure; null for a user of another provider. */
export async function signInPasswordHash(db: Pick<Database, 'select'>, userId: string): Promise<string | null> {
  const [row] = await db.select({ hash: schema.identityUsers.passwordHash }).from(schema.identityUsers).where(sql`${schema.identityUsers.id}::text = ${userId}`);
  return row?.hash ?? null;
}
