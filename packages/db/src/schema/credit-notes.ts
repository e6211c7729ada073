import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { refunds } from './staff.ts';

/**
 * The credit note of a refund that went through: the document that corrects the order's invoice (which is
 * never edited). `number` is of the credit notes' own series, gap-free: taken from document_counters in the
 * transaction that records the refund's success, so a number is used exactly when its note exists.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    number: integer('number').notNull().unique(),
    refundId: integer('refund_id').notNull().unique().references(() => refunds.id),
    orderId: integer('order_id').notNull().references(() => orders.id),
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_notes_order_idx').on(t.orderId), check('credit_notes_positive', sql`${t.amount} > 0 and ${t.number} > 0`)],
);

/** The last number given in each gap-free document series ('credit_note'): raised by one, under the row's lock, in the transaction that writes the document. */
export const documentCounters = pgTable('document_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});
