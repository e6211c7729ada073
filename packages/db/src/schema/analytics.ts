import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The server-side copy of the storefront's analytics events (spec §7, the analytics mutation): who (an
 * anonymous id, and the user id the page claims), what (name and body) and where (page path and URL).
 * `dedupe_key` makes an event that must count once (an order's purchase) stored once however often sent.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    anonymousId: text('anonymous_id').notNull(),
    userId: text('user_id'),
    name: text('name').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    pagePath: text('page_path').notNull(),
    pageUrl: text('page_url').notNull(),
    dedupeKey: text('dedupe_key').unique(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_occurred_idx').on(t.name, t.occurredAt)],
);
