import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderLines, orders } from './orders.ts';

/**
 * A parcel staff sent for an order: the carrier, its tracking number and the tracking address built from
 * the carrier's table (never typed by staff). One row per idempotency key: a shipment submitted twice is
 * recorded once.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id),
    /** A carrier code of the server's carrier table (DHL, UPS ...). */
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    trackingUrl: text('tracking_url'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shipments_idempotency_idx').on(t.idempotencyKey), index('shipments_order_idx').on(t.orderId, t.id)],
);

/** The order lines a shipment carried and how many of each: a line's shipped quantities never exceed its quantity. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: integer('shipment_id').notNull().references(() => shipments.id),
    orderLineId: integer('order_line_id').notNull().references(() => orderLines.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderLineId] }),
    index('shipment_lines_line_idx').on(t.orderLineId),
    check('shipment_lines_positive', sql`${t.quantity} > 0`),
  ],
);
