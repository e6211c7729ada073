import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderLines, orders } from './orders.ts';
import { refunds } from './staff.ts';

/**
 * A return (RMA) staff opened for shipped goods: why (a code of a fixed list) and a note. It is open until
 * the goods are received (`received_at`), then refunded (`refund_id`, the refund that gave their money back
 * with its credit note). Its state is read from those two columns; the order's "returned" state is derived
 * from the received returns' lines. One row per idempotency key: a return submitted twice is opened once.
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id),
    /** DAMAGED, WRONG_ITEM, NOT_AS_DESCRIBED, NOT_NEEDED, WARRANTY or OTHER. */
    reason: text('reason').notNull(),
    note: text('note'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: text('received_by'),
    refundId: integer('refund_id').unique().references(() => refunds.id),
  },
  (t) => [
    uniqueIndex('order_returns_idempotency_idx').on(t.idempotencyKey),
    index('order_returns_order_idx').on(t.orderId, t.id),
    check('order_returns_reason', sql`${t.reason} in ('DAMAGED', 'WRONG_ITEM', 'NOT_AS_DESCRIBED', 'NOT_NEEDED', 'WARRANTY', 'OTHER')`),
    check('order_returns_refunded_after_received', sql`${t.refundId} is null or ${t.receivedAt} is not null`),
  ],
);

/** The shipped order lines a return takes back and how many of each: never more than was shipped of a line, over all its returns. */
export const orderReturnLines = pgTable(
  'order_return_lines',
  {
    returnId: integer('return_id').notNull().references(() => orderReturns.id),
    orderLineId: integer('order_line_id').notNull().references(() => orderLines.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.orderLineId] }),
    index('order_return_lines_line_idx').on(t.orderLineId),
    check('order_return_lines_positive', sql`${t.quantity} > 0`),
  ],
);
