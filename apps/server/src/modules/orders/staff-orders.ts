import { schema, type Database } from '@probe/db';
import { and, desc, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { audit, type Actor } from '../staff/index.ts';
import { whyNotCancellable } from './cancel-order.ts';
import { fulfilmentStateSql, orderStatesOf, paymentStateSql, returnActionSql, type FulfilmentState, type PaymentState, type ReturnAction } from './order-states.ts';
import { markInvoicePaid } from './payment-service.ts';
import { orderShipmentsOf } from './ship-order.ts';
import { orderDetails, type OrderRow } from './place-order.ts';
import { withLines } from './refund-order.ts';
import { orderReturnsOf } from './return-order.ts';

export interface OrderFilter {
  country?: string | null;
  chargeStatus?: string | null;
  paymentMethod?: string | null;
  /** Placed on or after the first day, and on or before the last (the UTC days of these dates: the last day is included). */
  from?: Date | null;
  to?: Date | null;
  /** Part of an order number, of the buyer's e-mail or of the company on its addresses. */
  search?: string | null;
  /** A payment state, or CANCELLED (the other payment states then leave cancelled orders out). */
  paymentState?: string | null;
  fulfilmentState?: string | null;
}

/** Where the next page starts: the last order of this one (newest first: created at, then id). */
export interface OrderCursor { createdAt: string; id: number }

export type OrderListRow = Pick<OrderRow, 'id' | 'token' | 'number' | 'email' | 'country' | 'currency' | 'paymentMethod' | 'chargeStatus' | 'totalGross' | 'createdAt' | 'cancelledAt'>
  & { paymentState: PaymentState; fulfilmentState: FulfilmentState; returnAction: ReturnAction | null; company: string | null };

const LIST_COLUMNS = {
  id: schema.orders.id, token: schema.orders.token, number: schema.orders.number, email: schema.orders.email, country: schema.orders.country,
  currency: schema.orders.currency, paymentMethod: schema.orders.paymentMethod, chargeStatus: schema.orders.chargeStatus,
  totalGross: schema.orders.totalGross, createdAt: schema.orders.createdAt, cancelledAt: schema.orders.cancelledAt,
  paymentState: paymentStateSql, fulfilmentState: fulfilmentStateSql, returnAction: returnActionSql, company: sql<string | null>`nullif(${schema.orders.billingAddress}->>'companyName', '')`,
};
const DAY = 24 * 60 * 60 * 1000;
/** The start of the UTC day of a date. */
const dayStart = (d: Date) => new Date(Math.floor(d.getTime() / DAY) * DAY);
/** A LIKE pattern that finds the text anywhere (its own %, _ and \\ taken literally). */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of orders, newest first, filtered on the server. Keyset paging (after the last row seen), so a
 * page costs the same at the millionth order as at the first; each filter has an index led by it.
 */
export async function listOrders(db: Pick<Database, 'select'>, filter: OrderFilter, page: { first: number; after?: OrderCursor | null }) {
  const where: SQL[] = [];
  if (filter.country) where.push(eq(schema.orders.country, filter.country));
  if (filter.chargeStatus) where.push(eq(schema.orders.chargeStatus, filter.chargeStatus));
  if (filter.paymentMethod) where.push(eq(schema.orders.paymentMethod, filter.paymentMethod));
  if (filter.from) where.push(gte(schema.orders.createdAt, dayStart(filter.from)));
  if (filter.to) where.push(lt(schema.orders.createdAt, new Date(dayStart(filter.to).getTime() + DAY)));
  if (filter.paymentState === 'CANCELLED') where.push(isNotNull(schema.orders.cancelledAt));
  else if (filter.paymentState) where.push(and(isNull(schema.orders.cancelledAt), eq(paymentStateSql, filter.paymentState))!);
  if (filter.fulfilmentState) where.push(eq(fulfilmentStateSql, filter.fulfilmentState));
  const search = filter.search?.trim().slice(0, 200);
  if (search) {
    const like = containing(search);
    where.push(sql`(${schema.orders.number} like ${like} or lower(${schema.orders.email}) like ${like}
      or lower(coalesce(${schema.orders.billingAddress}->>'companyName', '')) like ${like} or lower(coalesce(${schema.orders.shippingAddress}->>'companyName', '')) like ${like})`);
  }
  if (page.after) {
    const at = new Date(page.after.createdAt);
    where.push(or(lt(schema.orders.createdAt, at), and(eq(schema.orders.createdAt, at), lt(schema.orders.id, page.after.id)))!);
  }
  const first = Math.min(Math.max(page.first, 1), 100);
  const rows = await db.select(LIST_COLUMNS).from(schema.orders).where(where.length ? and(...where) : undefined)
    // NULLS LAST as the indexes are built (drizzle's desc() index): a plain DESC sorts nulls first and no index serves it.
    .orderBy(sql`${schema.orders.createdAt} desc nulls last`, sql`${schema.orders.id} desc nulls last`).limit(first + 1);
  const more = rows.length > first;
  const shown = rows.slice(0, first);
  const last = shown.at(-1);
  return { orders: shown, next: more && last ? { createdAt: last.createdAt.toISOString(), id: last.id } : null };
}

/**
 * Everything staff see of one order: lines, payments, invoice, refunds (with their lines), its events, the
 * outbox rows it wrote (e-mails), and who bought it: the customer and, bought for one, the organization.
 */
export async function orderForStaff(db: Database, number: string) {
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.number, number));
  if (!order) return null;
  const [details, refunds, deliveries, events, [organization], [moved], states, [checkout], shipments, returns] = await Promise.all([
    orderDetails(db, order.id),
    db.select().from(schema.refunds).where(eq(schema.refunds.orderId, order.id)).orderBy(schema.refunds.id).then((rows) => withLines(db, rows))
      .then(async (rows) => {
        const notes = await db.select({ refundId: schema.creditNotes.refundId, number: schema.creditNotes.number }).from(schema.creditNotes).where(eq(schema.creditNotes.orderId, order.id));
        return rows.map((r) => ({ ...r, creditNote: notes.find((n) => n.refundId === r.id)?.number ?? null }));
      }),
    db.select().from(schema.outbox).where(sql`${schema.outbox.payload}->>'orderToken' = ${order.token}`).orderBy(schema.outbox.id),
    db.select().from(schema.orderEvents).where(eq(schema.orderEvents.orderId, order.id)).orderBy(schema.orderEvents.id),
    db.select({ id: schema.organizations.id, name: schema.organizations.name }).from(schema.checkouts)
      .innerJoin(schema.organizationMemberships, sql`${schema.organizationMemberships.id}::text = ${schema.checkouts.organizationMembershipId}`)
      .innerJoin(schema.organizations, eq(schema.organizations.id, schema.organizationMemberships.organizationId))
      .where(eq(schema.checkouts.token, order.checkoutToken)),
    db.select({ type: schema.subscriptionEvents.type }).from(schema.subscriptionEvents).where(eq(schema.subscriptionEvents.orderToken, order.token))
      .orderBy(desc(schema.subscriptionEvents.id)).limit(1),
    orderStatesOf(db, [order.id]),
    db.select({ note: schema.checkouts.note }).from(schema.checkouts).where(eq(schema.checkouts.token, order.checkoutToken)),
    orderShipmentsOf(db, [order.id]),
    orderReturnsOf(db, [order.id]),
  ]);
  const note = [checkout?.note, order.quoteData?.equoteComment].map((n) => n?.trim()).filter(Boolean).join('\n\n') || null;
  const cancelBlocker = order.cancelledAt ? 'The order is cancelled' : whyNotCancellable(order, details.payments, !!moved && moved.type !== 'PAYMENT_REVERSED');
  return { order, ...details, refunds, deliveries, events, organization: organization ?? null, cancelBlocker, states: states.get(order.id)!, note, shipments: shipments.get(order.id) ?? [], returns: returns.get(order.id) ?? [] };
}

export interface StaffOrderError { field: string | null; code: 'NOT_FOUND' | 'OPERATION_NOT_ALLOWED'; message: string }

/**
 * An e-quote's invoice paid outside the store (a bank transfer): the invoice and the order become paid,
 * the buyer gets the payment-received e-mail, the audit log says who and on what evidence.
 */
export async function markInvoicePaidByStaff(db: Database, actor: Actor, input: { number: string; note: string | null }): Promise<{ errors: StaffOrderError[] }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(schema.orders).where(eq(schema.orders.number, input.number)).for('update');
    if (!order) return { errors: [{ field: 'number', code: 'NOT_FOUND' as const, message: 'No such order' }] };
    if (order.cancelledAt) return { errors: [{ field: null, code: 'OPERATION_NOT_ALLOWED' as const, message: 'The order is cancelled: its invoice can no longer be paid' }] };
    const [invoice] = await tx.select().from(schema.invoices).where(eq(schema.invoices.orderId, order.id));
    if (!invoice || invoice.status !== 'OPEN') return { errors: [{ field: null, code: 'OPERATION_NOT_ALLOWED' as const, message: 'The order has no open invoice' }] };
    await markInvoicePaid(tx, invoice.id);
    await tx.insert(schema.outbox).values({ topic: 'order.paid', payload: { orderToken: order.token, number: order.number } });
    await audit(tx, actor, 'invoice.mark_paid', `order:${order.number}`, { invoice: 'OPEN', chargeStatus: order.chargeStatus }, { invoice: 'PAID', note: input.note?.trim() || null });
    return { errors: [] };
  });
}

/** Sends the order's confirmation e-mail again (a buyer who lost it), through the outbox like the first. */
export async function resendOrderConfirmation(db: Database, actor: Actor, number: string): Promise<{ errors: StaffOrderError[] }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ token: schema.orders.token, email: schema.orders.email, cancelledAt: schema.orders.cancelledAt }).from(schema.orders).where(eq(schema.orders.number, number));
    if (!order) return { errors: [{ field: 'number', code: 'NOT_FOUND' as const, message: 'No such order' }] };
    // A cancelled order's confirmation would ask the buyer to pay an order that can no longer be paid.
    if (order.cancelledAt) return { errors: [{ field: null, code: 'OPERATION_NOT_ALLOWED' as const, message: 'The order is cancelled: its confirmation is not sent again' }] };
    await tx.insert(schema.outbox).values({ topic: 'order.placed', payload: { orderToken: order.token, number, resent: true } });
    await audit(tx, actor, 'order.confirmation_resend', `order:${number}`, null, { to: order.email });
    return { errors: [] };
  });
}

/** The first eight as they have always been (a spreadsheet reading them by position keeps working), then the states and the company. */
const CSV_COLUMNS = ['number', 'createdAt', 'email', 'country', 'currency', 'paymentMethod', 'chargeStatus', 'total', 'paymentState', 'fulfilmentState', 'cancelled', 'company'] as const;

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Every order a filter selects, as CSV (totals in major units), a page of the list at a time. */
export async function* ordersCsv(db: Pick<Database, 'select'>, filter: OrderFilter): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  let after: OrderCursor | null = null;
  do {
    const page = await listOrders(db, filter, { first: 100, after });
    yield page.orders.map((o) => [o.number, o.createdAt.toISOString(), o.email, o.country, o.currency, o.paymentMethod, o.chargeStatus, (o.totalGross / 100).toFixed(2),
      o.paymentState, o.fulfilmentState, o.cancelledAt ? 'yes' : 'no', o.company ?? '']
      .map(csvField).join(',') + '\r\n').join('');
    after = page.next;
  } while (after);
}
