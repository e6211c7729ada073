import { schema, type Database } from '@probe/db';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';

export const RETENTION_TOPIC = 'privacy.retention';
const DAY = 24 * 3600 * 1000;

/** The periods, in days (config.ts RETENTION_*; docs/privacy.md says why each). */
export interface RetentionPeriods {
  checkoutDays: number;
  unverifiedAccountDays: number;
  invitationDays: number;
  spamLeadDays: number;
  analyticsDays: number;
  outboxDays: number;
  learnerProofDays: number;
  /** A consent decision superseded by a newer one of the same person and purpose, this long after it was superseded. */
  consentDays: number;
}

export type RetentionCounts = Record<string, number>;

const count = (result: unknown) => Number((result as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0);

/**
 * Deletes what the store has no more reason to keep, each kind in its own statement (a failure leaves the
 * others done; the next run finishes). Returns how many rows each rule removed or wiped.
 */
export async function applyRetention(db: Database, periods: RetentionPeriods, now: Date): Promise<RetentionCounts> {
  const before = (days: number) => new Date(now.getTime() - days * DAY);
  const counts: RetentionCounts = {};
  counts.checkouts = count(await db.execute(sql`delete from checkouts where completed_order_token is null and updated_at < ${before(periods.checkoutDays)}`));
  counts.unverifiedAccounts = count(await db.execute(sql`delete from identity_users i where email_verified_at is null and created_at < ${before(periods.unverifiedAccountDays)}
    and not exists (select 1 from users u where u.id = i.id::text)`));
  counts.invitations = count(await db.execute(sql`delete from organization_invitations where
    (status = 'PENDING' and expires_at < ${before(periods.invitationDays)}) or (status <> 'PENDING' and coalesce(responded_at, expires_at) < ${before(periods.invitationDays)})`));
  counts.handoffs = count(await db.execute(sql`delete from auth_handoffs where expires_at < ${now}`));
  counts.emailLinks = count(await db.execute(sql`delete from identity_user_tokens where expires_at < ${now}`));
  counts.spamLeads = count(await db.execute(sql`delete from leads where status = 'spam' and created_at < ${before(periods.spamLeadDays)}`));
  counts.analyticsEvents = count(await db.execute(sql`delete from analytics_events where received_at < ${before(periods.analyticsDays)}`));
  counts.outbox = count(await db.execute(sql`delete from outbox where processed_at is not null and processed_at < ${before(periods.outboxDays)}`));
  counts.learnerProofs = count(await db.execute(sql`update learner_verifications set proof = ''::bytea, proof_size = 0
    where status <> 'PENDING' and decided_at < ${before(periods.learnerProofDays)} and proof_size > 0`));
  // A decision in force stays while it is in force (it is what the processing relies on); one superseded
  // goes once the newer decision is older than the period (the limitation period for claims about the
  // processing it allowed). A newer decision of the same account, browser or e-mail supersedes it.
  counts.consents = count(await db.execute(sql`delete from consents c where c.created_at < ${before(periods.consentDays)}
    and exists (select 1 from consents n where n.purpose = c.purpose and n.created_at > c.created_at and n.created_at < ${before(periods.consentDays)}
      and (n.user_id = c.user_id or (c.user_id is null and (n.anonymous_id = c.anonymous_id or n.email = c.email))))`));
  counts.exportArchives = count(await db.execute(sql`update data_requests set archive = null where archive is not null and download_expires_at < ${now}`));
  return counts;
}

/** The outbox handler: applies the periods, then schedules the next run (unless one is already due later). */
export function retentionHandler(deps: { db: Database; now: () => Date; log: { info(obj: object, msg?: string): void } }, periods: RetentionPeriods, intervalMs: number) {
  return async (job: { id: number }): Promise<void> => {
    const at = deps.now();
    const counts = await applyRetention(deps.db, periods, at);
    deps.log.info({ counts }, 'retention applied');
    const [later] = await deps.db.select({ id: schema.outbox.id }).from(schema.outbox)
      .where(and(eq(schema.outbox.topic, RETENTION_TOPIC), isNull(schema.outbox.processedAt), isNull(schema.outbox.deadAt), ne(schema.outbox.id, job.id), gt(schema.outbox.runAt, at)))
      .limit(1);
    if (!later) await deps.db.insert(schema.outbox).values({ topic: RETENTION_TOPIC, payload: {}, runAt: new Date(at.getTime() + intervalMs) });
  };
}

/** At a runner's start: one retention run now, unless one is pending already. */
export async function scheduleRetention(db: Database, now: Date): Promise<void> {
  const [row] = await db.select({ id: schema.outbox.id }).from(schema.outbox)
    .where(and(eq(schema.outbox.topic, RETENTION_TOPIC), isNull(schema.outbox.processedAt), isNull(schema.outbox.deadAt))).limit(1);
  if (!row) await db.insert(schema.outbox).values({ topic: RETENTION_TOPIC, payload: {}, runAt: now });
}
