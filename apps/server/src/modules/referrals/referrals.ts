import { schema, type Database } from '@probe/db';
import { eq, sql } from 'drizzle-orm';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/** Who a referral link names: shown on the referrer portal and in the referred cart. */
export interface Referrer {
  membershipId: string;
  userId: string;
  /** The member's name as they gave it, or null (the page then names the organization only). */
  name: string | null;
  organizationName: string;
}

/** Months of subscription a referred purchase adds to the referrer's organization. */
export const REFERRAL_CREDIT_MONTHS = 1;

/** A referrer token is 32 hex digits (a v4 uuid without dashes); anything else is not looked up. */
const TOKEN = /^[0-9a-f]{32}$/;

function referrers(db: Executor) {
  return db
    .select({ membershipId: schema.organizationMemberships.id, userId: schema.organizationMemberships.userId, name: schema.users.name, organizationName: schema.organizations.name })
    .from(schema.organizationMemberships)
    .innerJoin(schema.users, eq(schema.users.id, schema.organizationMemberships.userId))
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.organizationMemberships.organizationId));
}

/**
 * The member a referral link names, or null for a token nobody holds (never issued, or its membership
 * removed). One indexed lookup whether it exists or not; callers rate-limit it per client address.
 */
export async function findReferrer(db: Executor, token: string): Promise<Referrer | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await referrers(db).where(eq(schema.organizationMemberships.referrerToken, token));
  return row ?? null;
}

export async function referrerById(db: Executor, membershipId: string): Promise<Referrer | null> {
  const [row] = await referrers(db).where(eq(schema.organizationMemberships.id, membershipId));
  return row ?? null;
}

/**
 * Credits a referred order to its referrer, inside the order's transaction: the credit row (one per
 * order) and, when the referrer's organization has a subscription, a month of it: the running period
 * ends a month later (the renewal charge comes a month later) and referralCreditMonths counts the month
 * (while any remain the plan cannot be edited; the renewal that starts the next period uses them up).
 * One statement (it was three: the referrer's organization, the subscription, the credit); a referrer
 * whose membership is gone by now gets nothing, as before.
 */
export async function creditReferral(tx: Pick<Database, 'execute'>, input: { orderId: number; referrerMembershipId: string }): Promise<void> {
  const { organizationMemberships: m, subscriptions: s, referralCredits: c } = schema;
  await tx.execute(sql`with referrer as (select ${m.organizationId} as organization_id from ${m} where ${m.id} = ${input.referrerMembershipId}::uuid),
    credited as (update ${s} set ${sql.identifier(s.referralCreditMonths.name)} = ${s.referralCreditMonths} + ${REFERRAL_CREDIT_MONTHS}::int,
        ${sql.identifier(s.periodEnd.name)} = case when ${s.status} <> 'CANCELED' then ${s.periodEnd} + make_interval(months => ${REFERRAL_CREDIT_MONTHS}::int) else ${s.periodEnd} end
      where ${s.organizationId} = (select organization_id from referrer) returning ${s.id})
    insert into ${c} (${sql.identifier(c.referrerMembershipId.name)}, ${sql.identifier(c.orderId.name)}, ${sql.identifier(c.months.name)}, ${sql.identifier(c.appliedToSubscription.name)})
    select ${input.referrerMembershipId}::uuid, ${input.orderId}::int, ${REFERRAL_CREDIT_MONTHS}::int, (select id from credited limit 1) from referrer`);
}
