import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One field of a form, in the order shown: a lead field key (spec §3) and whether it must be filled. */
export interface LeadFormFieldRow {
  key: string;
  required: boolean;
}

/** A form's copy in one language; English is the fallback for a language without its own. */
export interface LeadFormCopy {
  title: string;
  intro: string;
}

/**
 * The marketing forms (spec §2 "Marketing form pages"): which exist, at which path under
 * `/{cc}/{lang}/form/`, their fields (which are required), their copy per language, the CRM department
 * their leads go to. Data, not code: a new trade show or webinar is a row.
 */
export const leadForms = pgTable(
  'lead_forms',
  {
    id: serial('id').primaryKey(),
    /** After `/form/`: `demo`, `trade-show/rsna-2026`, `webinar/lung-ultrasound-basics`, or any catch-all slug. */
    path: text('path').notNull().unique(),
    kind: text('kind').notNull(),
    /** The form name posted to an embedding parent and sent to the CRM. */
    name: text('name').notNull(),
    /** HUMAN or VETERINARY: which specialties it offers. */
    market: text('market').notNull().default('HUMAN'),
    /** Spec §3 contact department that receives its leads. */
    department: text('department').notNull(),
    fields: jsonb('fields').$type<LeadFormFieldRow[]>().notNull(),
    /** Copy by catalogue language (`en` required). */
    copy: jsonb('copy').$type<Record<string, LeadFormCopy>>().notNull(),
    /** When the webinar or trade show takes place (shown in the route's locale). */
    eventStartsAt: timestamp('event_starts_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('lead_forms_path', sql`${t.path} ~ '^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)?$'`)],
);

/**
 * A submitted form, committed before the visitor's 2xx answer. The id is the submission id the page
 * made: a retried request finds its row and is answered the same, so a lead is never stored twice.
 * A real lead is delivered to the CRM by a `lead.deliver` outbox row written in the same transaction
 * (`delivered_at` once the CRM accepted it); spam is stored with its reason and never delivered.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey(),
    formId: integer('form_id').notNull().references(() => leadForms.id),
    status: text('status').notNull(),
    spamReason: text('spam_reason'),
    /** The cleaned values by field key (phone in E.164, e-mail lowercased). */
    values: jsonb('values').$type<Record<string, string | boolean>>().notNull(),
    email: text('email'),
    languageCode: text('language_code').notNull(),
    countryCode: text('country_code').notNull(),
    clientIp: text('client_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When the person withdrew their marketing consent (my account): no marketing to this lead from then on. */
    marketingWithdrawnAt: timestamp('marketing_withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    check('leads_status', sql`${t.status} in ('received', 'spam')`),
    index('leads_form_created_idx').on(t.formId, t.createdAt),
  ],
);
