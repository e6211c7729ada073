import { schema, type Database } from '@probe/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { audit, type Actor } from '../staff/index.ts';
import { CARRIERS, isCarrier, normalTrackingNumber, trackingUrl } from './carriers.ts';
import { paymentStateSql } from './order-states.ts';

export type ShipmentRow = typeof schema.shipments.$inferSelect;
export interface ShipmentLine { orderLineId: number; quantity: number }
export type ShipmentWithLines = ShipmentRow & { lines: ShipmentLine[] };

export interface ShipError { field: string | null; code: 'NOT_FOUND' | 'INVALID' | 'OPERATION_NOT_ALLOWED'; message: string }

export interface ShipInput {
  number: string;
  /** Order lines and how many of each the parcel carries. */
  lines: Array<{ lineId: number; quantity: number }>;
  carrier: string;
  trackingNumber: string;
  idempotencyKey: string;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Some shipments with their lines, oldest first. */
export async function shipmentsWithLines(db: Pick<Database, 'select'>, shipments: ShipmentRow[]): Promise<ShipmentWithLines[]> {
  if (!shipments.length) return [];
  const lines = await db.select().from(schema.shipmentLines).where(inArray(schema.shipmentLines.shipmentId, shipments.map((s) => s.id)));
  return shipments.map((s) => ({ ...s, lines: lines.filter((l) => l.shipmentId === s.id).map(({ orderLineId, quantity }) => ({ orderLineId, quantity })) }));
}

/** The shipments of some orders by order id (the storefront's loader, the console's order page). */
export async function orderShipmentsOf(db: Pick<Database, 'select'>, orderIds: readonly number[]): Promise<Map<number, ShipmentWithLines[]>> {
  if (!orderIds.length) return new Map();
  const rows = await db.select().from(schema.shipments).where(inArray(schema.shipments.orderId, [...orderIds])).orderBy(asc(schema.shipments.id));
  const all = await shipmentsWithLines(db, rows);
  return new Map(orderIds.map((id) => [id, all.filter((s) => s.orderId === id)]));
}

/** An order's lines with what is left to ship of each; lines that need no shipping (a subscription, a warranty) have none left. */
async function linesToShip(tx: Tx, orderId: number) {
  return tx.select({
    id: schema.orderLines.id, sku: schema.orderLines.productSku, quantity: schema.orderLines.quantity,
    needsShipping: sql<boolean>`coalesce(${schema.productTypes.isShippingRequired}, true)`,
    shipped: sql<number>`(select coalesce(sum(sl.quantity), 0)::int from shipment_lines sl where sl.order_line_id = ${schema.orderLines.id})`,
  }).from(schema.orderLines)
    .leftJoin(schema.productVariants, eq(schema.productVariants.id, schema.orderLines.variantId))
    .leftJoin(schema.products, eq(schema.products.id, schema.productVariants.productId))
    .leftJoin(schema.productTypes, eq(schema.productTypes.id, schema.products.productTypeId))
    .where(eq(schema.orderLines.orderId, orderId));
}

/**
 * Records a parcel sent for an order: chosen lines (all or some of each), the carrier and its tracking
 * number, checked against the carrier's format; the tracking link is built from the carrier table. On the
 * locked order, in one transaction: the shipment and its lines, an order event, the audit entry and the
 * buyer's shipping e-mail in the outbox. A line is never shipped beyond its quantity; anything refused
 * changes nothing. The same idempotency key records the shipment once.
 */
export async function shipOrder(db: Database, actor: Actor, input: ShipInput): Promise<{ shipment: ShipmentWithLines | null; errors: ShipError[] }> {
  const fail = (field: string | null, code: ShipError['code'], message: string) => ({ shipment: null, errors: [{ field, code, message }] });
  if (!/^[\w:-]{8,128}$/.test(input.idempotencyKey)) return fail('idempotencyKey', 'INVALID', 'An idempotency key is 8 to 128 letters, digits, dashes or colons');
  const [known] = await db.select().from(schema.shipments).where(eq(schema.shipments.idempotencyKey, input.idempotencyKey));
  if (known) return { shipment: (await shipmentsWithLines(db, [known]))[0]!, errors: [] };
  if (!isCarrier(input.carrier)) return fail('carrier', 'INVALID', `The carrier is one of ${Object.keys(CARRIERS).join(', ')}`);
  const carrier = input.carrier;
  const trackingNumber = normalTrackingNumber(carrier, input.trackingNumber.slice(0, 200));
  if (!CARRIERS[carrier].number.test(trackingNumber)) {
    return fail('trackingNumber', 'INVALID', carrier === 'OTHER' ? 'A tracking number is 4 to 40 letters, digits or dashes' : `This is not a ${CARRIERS[carrier].name} tracking number`);
  }
  if (!input.lines.length) return fail('lines', 'INVALID', 'Choose the lines the parcel carries');
  if (input.lines.length > 200) return fail('lines', 'INVALID', 'At most 200 lines in one shipment');

  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: schema.orders.id, token: schema.orders.token, number: schema.orders.number, cancelledAt: schema.orders.cancelledAt, paymentState: paymentStateSql })
      .from(schema.orders).where(eq(schema.orders.number, input.number)).for('update', { of: schema.orders });
    if (!order) return fail('number', 'NOT_FOUND', 'No such order');
    if (order.cancelledAt) return fail(null, 'OPERATION_NOT_ALLOWED', 'The order is cancelled: it is not shipped');
    if (order.paymentState === 'REFUNDED') return fail(null, 'OPERATION_NOT_ALLOWED', 'The order has been refunded in full: it is not shipped');
    if (order.paymentState === 'PROCESSING') return fail(null, 'OPERATION_NOT_ALLOWED', 'The order\'s payment is still being confirmed by the bank: ship it once it is paid');
    if (order.paymentState === 'UNPAID') {
      const [invoice] = await tx.select({ id: schema.invoices.id }).from(schema.invoices).where(eq(schema.invoices.orderId, order.id));
      // An e-quote's invoice is paid on terms, after delivery; an order whose payment failed waits for one.
      if (!invoice) return fail(null, 'OPERATION_NOT_ALLOWED', 'The order has not been paid: ship it once it is');
    }
    const lines = await linesToShip(tx, order.id);
    const errors: ShipError[] = [];
    const chosen: ShipmentLine[] = [];
    input.lines.forEach((wanted, i) => {
      const line = lines.find((l) => l.id === wanted.lineId);
      if (!line || chosen.some((c) => c.orderLineId === wanted.lineId)) {
        errors.push({ field: `lines.${i}.lineId`, code: line ? 'INVALID' : 'NOT_FOUND', message: line ? 'This line is chosen twice' : 'The order has no such line' });
        return;
      }
      const left = line.needsShipping ? line.quantity - Number(line.shipped) : 0;
      if (!Number.isInteger(wanted.quantity) || wanted.quantity < 1 || wanted.quantity > left) {
        errors.push({
          field: `lines.${i}.quantity`, code: 'INVALID',
          message: !line.needsShipping ? `${line.sku} is not shipped (nothing to send)` : left > 0 ? `Ship 1 to ${left} of ${line.sku}` : `${line.sku} has been shipped in full`,
        });
        return;
      }
      chosen.push({ orderLineId: line.id, quantity: wanted.quantity });
    });
    if (errors.length) return { shipment: null, errors };

    const url = trackingUrl(carrier, trackingNumber);
    const [shipment] = await tx.insert(schema.shipments).values({
      orderId: order.id, carrier, trackingNumber, trackingUrl: url, idempotencyKey: input.idempotencyKey, createdBy: actor.id,
    }).onConflictDoNothing().returning();
    if (!shipment) {
      // The same key, sent at the same moment: the first one recorded it.
      const [first] = await tx.select().from(schema.shipments).where(eq(schema.shipments.idempotencyKey, input.idempotencyKey));
      return { shipment: (await shipmentsWithLines(tx, [first!]))[0]!, errors: [] };
    }
    await tx.insert(schema.shipmentLines).values(chosen.map((c) => ({ shipmentId: shipment.id, ...c })));
    const what = { shipmentId: shipment.id, carrier, trackingNumber, trackingUrl: url, lines: chosen };
    await tx.insert(schema.orderEvents).values({ orderId: order.id, type: 'SHIPPED', actorId: actor.id, payload: what });
    await tx.insert(schema.outbox).values({ topic: 'order.shipped', payload: { orderToken: order.token, number: order.number, shipmentId: shipment.id } });
    await audit(tx, actor, 'order.ship', `order:${order.number}`, { shipped: lines.map((l) => ({ lineId: l.id, shipped: Number(l.shipped) })) }, what);
    return { shipment: { ...shipment, lines: chosen }, errors: [] };
  });
}

export const shipmentOf = async (db: Pick<Database, 'select'>, orderId: number, shipmentId: number): Promise<ShipmentWithLines | null> => {
  const [row] = await db.select().from(schema.shipments).where(and(eq(schema.shipments.id, shipmentId), eq(schema.shipments.orderId, orderId)));
  return row ? (await shipmentsWithLines(db, [row]))[0]! : null;
};
