import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A data subject's request (GDPR art. 15/20 export, art. 17 erasure), made by the user or by an operator
 * on their behalf, and carried out by a durable job (`privacy.erase`). `steps` lists the steps already
 * committed, each in the transaction of its own effect: a job killed half-way resumes after the last one.
 * `subjectEmail` is kept only while the request runs (the job needs it once the user row is gone); it is
 * cleared in the transaction that marks the request DONE, so the finished row names no one.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    kind: text('kind').notNull(),
    /** The user's id (the identity provider's subject): opaque once the erasure is done. */
    userId: text('user_id').notNull(),
    subjectEmail: text('subject_email'),
    state: text('state').notNull().default('PENDING'),
    steps: text('steps').array().notNull().default(sql`'{}'::text[]`),
    /** USER (from my account) or STAFF (an operator, on the user's request). */
    source: text('source').notNull(),
    /** The operator who started or handled it (their user id), or null when the user asked. */
    handledBy: text('handled_by'),
    /** Why it was refused (REFUSED), in the store's words. */
    refusal: text('refusal'),
    /** An export's archive (JSON), kept until its link expires; null otherwise. */
    archive: bytea('archive'),
    /** The SHA-256 of the export's one-use download token (the token itself is only in the e-mail). */
    downloadTokenHash: text('download_token_hash').unique(),
    downloadExpiresAt: timestamp('download_expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('data_requests_kind', sql`${t.kind} in ('EXPORT', 'ERASURE')`),
    check('data_requests_state', sql`${t.state} in ('PENDING', 'RUNNING', 'DONE', 'REFUSED')`),
    check('data_requests_source', sql`${t.source} in ('USER', 'STAFF')`),
    index('data_requests_created_idx').on(t.createdAt.desc()),
    index('data_requests_user_idx').on(t.userId, t.kind),
  ],
);

/**
 * Consent on record (GDPR art. 7(1): the store must be able to show a consent was given): every decision
 * about a purpose, appended, never updated; the current state is the subject's latest row. A subject is a
 * signed-in user (`user_id`), a browser (`anonymous_id`, the analytics id made when analytics is allowed)
 * and/or a lead's e-mail (`email`, with the lead). `text_version` names the wording shown: the catalogue key
 * and a hash of its text in `locale`. `source` is where it was given: the banner, `form:{path}`, my account.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id'),
    anonymousId: text('anonymous_id'),
    email: text('email'),
    leadId: uuid('lead_id'),
    purpose: text('purpose').notNull(),
    granted: boolean('granted').notNull(),
    textVersion: text('text_version').notNull(),
    source: text('source').notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('consents_purpose', sql`${t.purpose} in ('ANALYTICS', 'MARKETING_EMAIL')`),
    check('consents_subject', sql`${t.userId} is not null or ${t.anonymousId} is not null or ${t.email} is not null`),
    index('consents_user_idx').on(t.userId, t.purpose, t.createdAt),
    index('consents_anonymous_idx').on(t.anonymousId, t.purpose, t.createdAt),
    index('consents_email_idx').on(t.email, t.purpose, t.createdAt),
  ],
);
