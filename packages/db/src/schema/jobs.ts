import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The outbox, and the job queue that drains it (docs/decisions/0009). Side effects (e-mails, CRM,
 * provisioning) are written here in the same transaction as what caused them, so a rolled-back order
 * leaves no row. A runner claims due rows (`run_at` passed, no live lease) with FOR UPDATE SKIP LOCKED,
 * sets `locked_until` and counts the attempt, runs the topic's handler, then records `processed_at`; a
 * failure sets the next `run_at` (backoff) and `last_error`, or `dead_at` after the last attempt. A
 * runner killed mid-handler leaves its lease to expire, and the row is claimed again.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not before this time (scheduled jobs; a retry's backoff). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many times a runner claimed the row; also the claim's fencing token. */
    attempts: integer('attempts').notNull().default(0),
    /** The current claim's lease: until then no other runner takes the row. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Which runner holds or last held the row (for operators). */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Given up after the last attempt; `last_error` says why. */
    deadAt: timestamp('dead_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.runAt, t.id).where(sql`${t.processedAt} is null and ${t.deadAt} is null`),
    // Dead rows per topic, counted at every metrics scrape (store_jobs_dead): few, so a small index, and the
    // count does not read the whole outbox (processed rows are never deleted).
    index('outbox_dead_idx').on(t.topic).where(sql`${t.deadAt} is not null`),
    check('outbox_attempts', sql`${t.attempts} >= 0`),
  ],
);
