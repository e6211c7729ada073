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
 * What has been sent of the order's goods, from its shipments and received returns: nothing to ship (only
 * subscriptions, warranties), nothing sent yet, some units sent, every unit sent, some of the units sent
 * came back (a received return), every unit sent came back.
 */
export const FULFILMENT_STATES = ['NONE', 'UNFULFILLED', 'PARTLY_SHIPPED', 'SHIPPED', 'PARTLY_RETURNED', 'RETURNED'] as const;
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
/** Units back at the warehouse: the lines of the order's returns that have been received (an open return's goods are still on their way). */
const RETURNED = sql`(select coalesce(sum(rl.quantity), 0) from order_return_lines rl join order_returns r on r.id = rl.return_id where r.order_id = ${o.id} and r.received_at is not null)`;

export const fulfilmentStateSql: SQL<FulfilmentState> = sql<FulfilmentState>`(select case
  when f.needed = 0 and f.shipped = 0 then 'NONE'
  when f.shipped = 0 then 'UNFULFILLED'
  when f.returned > 0 and f.returned >= f.shipped then 'RETURNED'
  when f.returned > 0 then 'PARTLY_RETURNED'
  when f.shipped >= f.needed then 'SHIPPED'
  else 'PARTLY_SHIPPED' end from (select ${NEEDED} as needed, ${SHIPPED} as shipped, ${RETURNED} as returned) f)`;

/**
 * What the order's returns wait for: a refund (a return received, not refunded: the operator's to do) before
 * goods (an open return: the buyer's to send); null when no return waits. The console's list shows it beside
 * the states.
 */
export const RETURN_ACTIONS = ['AWAITING_GOODS', 'AWAITING_REFUND'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];
const RETURN_ACTION = sql`(select case
  when r.received_at is null then 'AWAITING_GOODS' else 'AWAITING_REFUND' end
  from order_returns r where r.order_id = ${o.id} and r.refund_id is null order by r.received_at is null, r.id limit 1)`;
/** Nested as the other states are: a column at the top of a select's expression is printed without its table ("id"), which the subquery would read as its own. */
export const returnActionSql: SQL<ReturnAction | null> = sql<ReturnAction | null>`${RETURN_ACTION}`;

/** The states of some orders by id, in one query (the storefront's loader, the order page). */
export async function orderStatesOf(db: Pick<Database, 'select'>, ids: readonly number[]): Promise<Map<number, OrderStates>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: o.id, paymentState: paymentStateSql, fulfilmentState: fulfilmentStateSql, cancelledAt: o.cancelledAt })
    .from(o).where(inArray(o.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { paymentState: r.paymentState, fulfilmentState: r.fulfilmentState, cancelled: r.cancelledAt !== null }]));
}
