import { schema, type Database } from '@probe/db';
import { inArray, sql, type SQL } from 'drizzle-orm';

/**
 * What an order's payment has come to, derived from its payments and refunds (never stored, so it cannot
 * drift from them): not paid yet (an open invoice, a failed payment), being confirmed at the bank, paid,
 * partly refunded, refunded (everything paid given back). Cancelled is told apart (`cancelled`).
 */
export const PAYMENT_STATES = ['UNPAID', 'PROCESSING', 'PAID', 'PARTLY_REFUNDED', 'REFUNDED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * What has been sent of the order's goods, from its shipments: nothing to ship (only subscriptions,
 * warranties), nothing sent yet, some units sent, every unit sent.
 */
export const FULFILMENT_STATES = ['NONE', 'UNFULFILLED', 'PARTLY_SHIPPED', 'SHIPPED'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

export interface OrderStates { paymentState: PaymentState; fulfilmentState: FulfilmentState; cancelled: boolean }

const o = schema.orders;

/** Paid (settled payments, refunded ones included) and refunded (refunds that went through), minor units. */
const PAID = sql`(select coalesce(sum(p.amount), 0) from payments p where p.order_id = ${o.id} and p.status in ('SUCCEEDED', 'REFUNDED'))`;
const REFUNDED = sql`(select coalesce(sum(r.amount), 0) from refunds r where r.order_id = ${o.id} and r.status = 'SUCCEEDED')`;

/** The order's payment state, as SQL on the orders table: one expression for the list, its filter and the order page. */
export const paymentStateSql: SQL<PaymentState> = sql<PaymentState>`(select case
  when m.refunded > 0 and m.refunded >= m.paid then 'REFUNDED'
  when m.refunded > 0 then 'PARTLY_REFUNDED'
  when ${o.chargeStatus} = 'FULLY_CHARGED' then 'PAID'
  when ${o.chargeStatus} in ('ASYNC_PROCESSING', 'PARTIALLY_CHARGED') then 'PROCESSING'
  else 'UNPAID' end from (select ${PAID} as paid, ${REFUNDED} as refunded) m)`;

/** Units to ship (lines whose product type needs shipping; a line whose product is gone counts) and units shipped. */
const NEEDED = sql`(select coalesce(sum(l.quantity), 0) from order_lines l
  left join product_variants v on v.id = l.variant_id left join products pr on pr.id = v.product_id left join product_types pt on pt.id = pr.product_type_id
  where l.order_id = ${o.id} and coalesce(pt.is_shipping_required, true))`;
const SHIPPED = sql`(select coalesce(sum(sl.quantity), 0) from shipment_lines sl join shipments s on s.id = sl.shipment_id where s.order_id = ${o.id})`;

export const fulfilmentStateSql: SQL<FulfilmentState> = sql<FulfilmentState>`(select case
  when f.needed = 0 and f.shipped = 0 then 'NONE'
  when f.shipped = 0 then 'UNFULFILLED'
  when f.shipped >= f.needed then 'SHIPPED'
  else 'PARTLY_SHIPPED' end from (select ${NEEDED} as needed, ${SHIPPED} as shipped) f)`;

/** The states of some orders by id, in one query (the storefront's loader, the order page). */
export async function orderStatesOf(db: Pick<Database, 'select'>, ids: readonly number[]): Promise<Map<number, OrderStates>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: o.id, paymentState: paymentStateSql, fulfilmentState: fulfilmentStateSql, cancelledAt: o.cancelledAt })
    .from(o).where(inArray(o.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { paymentState: r.paymentState, fulfilmentState: r.fulfilmentState, cancelled: r.cancelledAt !== null }]));
}
