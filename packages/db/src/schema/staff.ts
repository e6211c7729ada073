import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { orderLines, orders } from './orders.ts';

/**
 * Every change staff make through the console's API: who (the staff user, and their e-mail then), when,
 * what (an action name and its subject) and the state before and after. Written in the change's own
 * transaction, so a change and its record are kept together or not at all.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_subject_idx').on(t.subject, t.createdAt)],
);

/**
 * Money given back on an order through the gateway. One row per idempotency key: a refund sent twice
 * (a double click, a retried request) is given once; the refunds of a payment never exceed it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id),
    paymentId: text('payment_id').notNull(),
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** The part of `amount` that gives back shipping (gross, minor units); the rest is in refund_lines or a free amount. */
    shipping: integer('shipping').notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull(),
    /** PENDING (written before the gateway call), SUCCEEDED or FAILED (the gateway's answer). */
    status: text('status').notNull().default('PENDING'),
    gatewayReference: text('gateway_reference'),
    reason: text('reason'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_idx').on(t.idempotencyKey),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_status', sql`${t.status} in ('PENDING', 'SUCCEEDED', 'FAILED')`),
    check('refunds_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The order lines a refund gave back, with the quantity and the amount (gross, minor units) computed on the
 * server from the line. A line's refunded quantities (of refunds not FAILED) never exceed its quantity.
 */
export const refundLines = pgTable(
  'refund_lines',
  {
    refundId: integer('refund_id').notNull().references(() => refunds.id),
    orderLineId: integer('order_line_id').notNull().references(() => orderLines.id),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.orderLineId] }),
    index('refund_lines_line_idx').on(t.orderLineId),
    check('refund_lines_positive', sql`${t.quantity} > 0 and ${t.amount} >= 0`),
  ],
);
