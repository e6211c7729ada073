import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { checkouts } from './checkout.ts';

/**
 * An order a member of staff writes for a phone or e-mail sale (issue 35). Its lines, addresses, e-mail and
 * market live on a checkout of its own (priced and taxed as any checkout); paying its pay link places that
 * checkout as an order, once (the checkout's completed_order_token). The link's token is one-use and the
 * database keeps only its SHA-256; it works until `link_expires_at`. DRAFT until the link is sent (SENT);
 * CANCELLED stops the link; paid is read from the checkout.
 */
export const draftOrders = pgTable(
  'draft_orders',
  {
    id: serial('id').primaryKey(),
    checkoutId: integer('checkout_id').notNull().references(() => checkouts.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('DRAFT'),
    note: text('note'),
    createdBy: text('created_by').notNull(),
    linkTokenHash: text('link_token_hash'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    linkSentAt: timestamp('link_sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('draft_orders_checkout_idx').on(t.checkoutId),
    uniqueIndex('draft_orders_link_idx').on(t.linkTokenHash),
    index('draft_orders_created_idx').on(t.createdAt),
    check('draft_orders_status', sql`${t.status} in ('DRAFT', 'SENT', 'CANCELLED')`),
  ],
);
