import { DEMO_USERS, schema } from '@probe/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMailFor } from '../src/modules/orders/index.ts';
import { TestGateway } from '../src/modules/payments/index.ts';
import { adminGql, denied, startStaffApp } from './admin-support.ts';
import { CARD_OK, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';
import type { TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const [, admin, , vet, student, , operator] = DEMO_USERS;
let t: TestApp;
/** The card processor; while `declining`, it refuses refunds (a refund the bank declines). */
class SwitchGateway extends TestGateway {
  declining = false;
  override async refund(reference: string, options: { amount?: number; idempotencyKey?: string } = {}): Promise<void> {
    if (this.declining) throw new Error('declined by the processor');
    return super.refund(reference, options);
  }
}
const gateway = new SwitchGateway();
const as: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  const app = await startStaffApp([[vet!, 'CATALOGUE_MANAGER'], [student!, 'ORDER_MANAGER']], { gateway });
  t = app.t;
  const [support] = await t.database.db.select().from(schema.users).where(eq(schema.users.email, 'support@demo.probe.store'));
  as.owner = await app.sign(operator!);
  as.orders = await app.sign(student!);
  as.catalogue = await app.sign(vet!);
  as.support = await app.sign(support!);
  as.buyer = await app.sign(admin!);
  as.anonymous = {};
});
afterAll(() => t?.close());

const db = () => t.database.db;
type Errors = Array<{ field: string | null; code: string; message: string }>;
const place = async (lines: Array<{ sku: string; quantity: number }>) => {
  const ready = await readyCheckout(t, { country: 'US', lines });
  const placed = (await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `r-${ready.token}`, total: ready.total, card: CARD_OK })).body.data!.checkoutPlaceOrder;
  expect(placed.errors).toEqual([]);
  return placed.order!;
};

const ORDER = `query O($n: String!) { order(number: $n) { paymentState fulfilmentState lines { id sku quantity total }
  returns { id number state reason note receivedAt refundId lines { lineId quantity } } refunds { id amount reason creditNote lines { lineId quantity } } } }`;
interface Order {
  paymentState: string; fulfilmentState: string; lines: Array<{ id: number; sku: string; quantity: number; total: number }>;
  returns: Array<{ id: number; number: string; state: string; reason: string; note: string | null; receivedAt: string | null; refundId: number | null; lines: Array<{ lineId: number; quantity: number }> }>;
  refunds: Array<{ id: number; amount: number; reason: string | null; creditNote: string | null; lines: Array<{ lineId: number; quantity: number }> }>;
}
const orderOf = async (n: string) => (await adminGql<{ order: Order }>(t, ORDER, { n }, as.support)).data!.order;
const SHIP = `mutation S($n: String!, $lines: [StaffShipLineInput!]!, $k: String!) {
  orderShip(number: $n, lines: $lines, carrier: "DHL", trackingNumber: "1234567890", idempotencyKey: $k) { errors { message } } }`;
const OPEN = `mutation O($n: String!, $lines: [StaffReturnLineInput!]!, $reason: String!, $note: String, $k: String!) {
  orderReturnOpen(number: $n, lines: $lines, reason: $reason, note: $note, idempotencyKey: $k) { return { id number state reason note lines { lineId quantity } } errors { field code message } } }`;
const RECEIVE = 'mutation R($n: String!, $id: Int!) { orderReturnReceive(number: $n, returnId: $id) { return { id state receivedAt } errors { field code message } } }';
const REFUND = 'mutation F($n: String!, $id: Int!) { orderReturnRefund(number: $n, returnId: $id) { return { id state refundId } errors { field code message } } }';
type Returned = { return: { id: number; number: string; state: string; reason: string; note: string | null; receivedAt: string | null; refundId: number | null; lines: Array<{ lineId: number; quantity: number }> } | null; errors: Errors };
const open = (n: string, lines: Array<{ lineId: number; quantity: number }>, k: string, who = as.orders, reason = 'DAMAGED', note: string | null = null) =>
  adminGql<{ orderReturnOpen: Returned }>(t, OPEN, { n, lines, reason, note, k }, who);
const receive = (n: string, id: number, who = as.orders) => adminGql<{ orderReturnReceive: Returned }>(t, RECEIVE, { n, id }, who);
const refund = (n: string, id: number, who = as.orders) => adminGql<{ orderReturnRefund: Returned }>(t, REFUND, { n, id }, who);
const LIST = 'query L($f: StaffOrderFilter) { orders(filter: $f, first: 100) { orders { number paymentState fulfilmentState returnAction } } }';
type List = { orders: { orders: Array<{ number: string; paymentState: string; fulfilmentState: string; returnAction: string | null }> } };
const listed = async (f: Record<string, string>) => (await adminGql<List>(t, LIST, { f }, as.support)).data!.orders.orders;
const onList = async (n: string) => (await listed({ search: n })).map((o) => [o.paymentState, o.fulfilmentState, o.returnAction]);
const buyerStates = async (token: string) => (await t.gql<{ orderByToken: { paymentState: string; fulfilmentState: string } }>('query B($t: String!) { orderByToken(token: $t) { paymentState fulfilmentState } }', { t: token })).body.data!.orderByToken;

/** Everything a return, a receipt or a refund of the order would write: a refused call must leave all of it as it was. */
async function footprint(number: string) {
  const [order] = await db().select().from(schema.orders).where(eq(schema.orders.number, number));
  const returns = await db().select().from(schema.orderReturns).where(eq(schema.orderReturns.orderId, order!.id)).orderBy(schema.orderReturns.id);
  const token = order!.token;
  return {
    order,
    returns,
    returnLines: returns.length ? await db().select().from(schema.orderReturnLines).where(inArray(schema.orderReturnLines.returnId, returns.map((r) => r.id))) : [],
    refunds: await db().select().from(schema.refunds).where(eq(schema.refunds.orderId, order!.id)),
    creditNotes: await db().select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, order!.id)),
    events: await db().select().from(schema.orderEvents).where(eq(schema.orderEvents.orderId, order!.id)),
    audit: await db().select().from(schema.auditLog).where(eq(schema.auditLog.subject, `order:${number}`)),
    outbox: (await db().select().from(schema.outbox)).filter((r) => (r.payload as { orderToken?: string }).orderToken === token),
    payments: await db().select().from(schema.payments).where(eq(schema.payments.orderId, order!.id)),
  };
}

describe(`returns (RMA) of shipped goods: opened, received, refunded (issue 35, ${DB})`, () => {
  // Orders before the first return, so no return has its order's id: the list once read a return by its own id ("id" unqualified in a subquery) and passed on a fresh database.
  beforeAll(async () => {
    await place([{ sku: 'ACC-USBC-1M', quantity: 1 }]);
    await place([{ sku: 'ACC-USBC-1M', quantity: 1 }]);
  });

  it('an order partly returned: shipped → return open (awaiting the goods) → received (partly returned) → refunded (credit note, e-mail), on the list, the order page and the buyer\'s page', async () => {
    const order = await place([{ sku: 'ACC-USBC-1M', quantity: 3 }, { sku: 'IQ3-USBC-HUMAN', quantity: 1 }]);
    const { lines } = await orderOf(order.number);
    const cable = lines.find((l) => l.sku === 'ACC-USBC-1M')!;
    const probe = lines.find((l) => l.sku === 'IQ3-USBC-HUMAN')!;

    // Nothing shipped: nothing can come back.
    expect((await open(order.number, [{ lineId: cable.id, quantity: 1 }], 'ret-before-ship')).data!.orderReturnOpen.errors)
      .toEqual([{ field: 'lines.0.quantity', code: 'INVALID', message: 'ACC-USBC-1M has not been shipped: nothing of it can come back' }]);
    expect((await ship(order.number, [{ lineId: cable.id, quantity: 2 }], 'ret-ship-1'))).toEqual([]);
    expect(await onList(order.number)).toEqual([['PAID', 'PARTLY_SHIPPED', null]]);

    // Not more than was shipped (two of the three cables), nor a line of another order, nor a reason off the list.
    const before = await footprint(order.number);
    expect((await open(order.number, [{ lineId: cable.id, quantity: 3 }], 'ret-too-many')).data!.orderReturnOpen.errors)
      .toEqual([{ field: 'lines.0.quantity', code: 'INVALID', message: 'Return 1 to 2 of ACC-USBC-1M' }]);
    expect((await open(order.number, [{ lineId: probe.id, quantity: 1 }], 'ret-unshipped-line')).data!.orderReturnOpen.errors.map((e) => e.message))
      .toEqual(['IQ3-USBC-HUMAN has not been shipped: nothing of it can come back']);
    expect((await open(order.number, [{ lineId: 999999, quantity: 1 }], 'ret-no-line')).data!.orderReturnOpen.errors.map((e) => [e.field, e.code])).toEqual([['lines.0.lineId', 'NOT_FOUND']]);
    expect((await open(order.number, [{ lineId: cable.id, quantity: 1 }], 'ret-bad-reason', as.orders, 'BORED')).data!.orderReturnOpen.errors.map((e) => e.field)).toEqual(['reason']);
    expect((await open(order.number, [{ lineId: cable.id, quantity: 1 }], 'ret-long-note', as.orders, 'OTHER', 'x'.repeat(501))).data!.orderReturnOpen.errors.map((e) => e.field)).toEqual(['note']);
    expect((await open(order.number, [], 'ret-no-lines')).data!.orderReturnOpen.errors.map((e) => e.field)).toEqual(['lines']);
    expect((await open('NO-SUCH', [{ lineId: cable.id, quantity: 1 }], 'ret-no-order')).data!.orderReturnOpen.errors.map((e) => e.code)).toEqual(['NOT_FOUND']);
    expect(await footprint(order.number)).toEqual(before);

    // One cable comes back, damaged: the return is open, the goods are awaited; the order is not returned yet.
    const opened = (await open(order.number, [{ lineId: cable.id, quantity: 1 }], 'ret-first-return', as.orders, 'DAMAGED', '  The plug is bent  ')).data!.orderReturnOpen;
    expect(opened.errors).toEqual([]);
    expect(opened.return).toMatchObject({ number: `RMA-${String(opened.return!.id).padStart(6, '0')}`, state: 'OPEN', reason: 'DAMAGED', note: 'The plug is bent', lines: [{ lineId: cable.id, quantity: 1 }] });
    const id = opened.return!.id;
    // Sent again (a double click): the same return, opened once.
    expect((await open(order.number, [{ lineId: cable.id, quantity: 1 }], 'ret-first-return')).data!.orderReturnOpen.return!.id).toBe(id);
    expect((await db().select().from(schema.orderReturns).where(eq(schema.orderReturns.idempotencyKey, 'ret-first-return')))).toHaveLength(1);
    expect(await onList(order.number)).toEqual([['PAID', 'PARTLY_SHIPPED', 'AWAITING_GOODS']]);
    // Of the two cables shipped, one is on a return: one more at most.
    expect((await open(order.number, [{ lineId: cable.id, quantity: 2 }], 'ret-second-too-many')).data!.orderReturnOpen.errors.map((e) => e.message)).toEqual(['Return 1 to 1 of ACC-USBC-1M']);

    // Not received: it cannot be refunded yet, and nothing changes.
    const open1 = await footprint(order.number);
    expect((await refund(order.number, id)).data!.orderReturnRefund.errors.map((e) => [e.code, e.message]))
      .toEqual([['OPERATION_NOT_ALLOWED', 'The return has not been received: refund it once its goods are back']]);
    expect(await footprint(order.number)).toEqual(open1);

    // Received: the units are back, the order is partly returned; receiving it twice changes nothing.
    const received = (await receive(order.number, id)).data!.orderReturnReceive;
    expect(received.return).toMatchObject({ id, state: 'RECEIVED' });
    const once = await footprint(order.number);
    expect((await receive(order.number, id)).data!.orderReturnReceive.return).toEqual(received.return);
    expect(await footprint(order.number)).toEqual(once);
    expect(await onList(order.number)).toEqual([['PAID', 'PARTLY_RETURNED', 'AWAITING_REFUND']]);
    expect((await listed({ fulfilmentState: 'PARTLY_RETURNED' })).map((o) => o.number)).toContain(order.number);
    expect((await listed({ fulfilmentState: 'PARTLY_SHIPPED' })).map((o) => o.number)).not.toContain(order.number);
    expect(await buyerStates(order.token)).toEqual({ paymentState: 'PAID', fulfilmentState: 'PARTLY_RETURNED' });
    expect((await receive(order.number, 999999)).data!.orderReturnReceive.errors.map((e) => [e.field, e.code])).toEqual([['returnId', 'NOT_FOUND']]);

    // Refunded: the cable's price, through the order's refund, with its credit note and the buyer's e-mail; twice refunds once.
    const refunded = (await refund(order.number, id)).data!.orderReturnRefund;
    expect(refunded.errors).toEqual([]);
    expect(refunded.return).toMatchObject({ id, state: 'REFUNDED' });
    expect((await refund(order.number, id)).data!.orderReturnRefund.return!.refundId).toBe(refunded.return!.refundId);
    const page = await orderOf(order.number);
    expect(page.refunds).toEqual([{ id: refunded.return!.refundId, amount: Math.round(cable.total / 3), reason: opened.return!.number, creditNote: expect.stringMatching(/^CN-\d{6}$/), lines: [{ lineId: cable.id, quantity: 1 }] }]);
    expect(page.returns.map((r) => [r.id, r.state, r.refundId])).toEqual([[id, 'REFUNDED', refunded.return!.refundId]]);
    expect(await onList(order.number)).toEqual([['PARTLY_REFUNDED', 'PARTLY_RETURNED', null]]);
    expect(await buyerStates(order.token)).toEqual({ paymentState: 'PARTLY_REFUNDED', fulfilmentState: 'PARTLY_RETURNED' });
    const [mailRow] = (await db().select().from(schema.outbox).where(eq(schema.outbox.topic, 'order.refunded'))).filter((r) => (r.payload as { number?: string }).number === order.number);
    const mail = (await orderMailFor(db(), 'order.refunded', mailRow!.payload, 'https://store.test'))!;
    expect(mail.subject).toBe(`Refund for your order ${order.number}`);
    expect(mail.attachments!.map((a) => a.filename)).toEqual([`credit-note-${page.refunds[0]!.creditNote}.pdf`]);

    // Every step audited, each once.
    expect((await db().select().from(schema.auditLog).where(eq(schema.auditLog.subject, `order:${order.number}`))).map((a) => a.action).sort())
      .toEqual(['order.refund', 'order.return_open', 'order.return_receive', 'order.return_refund', 'order.ship']);
    expect((await db().select().from(schema.orderEvents).where(eq(schema.orderEvents.orderId, (await footprint(order.number)).order!.id))).map((e) => e.type))
      .toEqual(['SHIPPED', 'RETURN_OPENED', 'RETURN_RECEIVED', 'REFUNDED']);
  });

  it('everything shipped and everything back: returned', async () => {
    const order = await place([{ sku: 'ACC-USBC-1M', quantity: 2 }]);
    const [cable] = (await orderOf(order.number)).lines;
    expect(await ship(order.number, [{ lineId: cable!.id, quantity: 2 }], 'ret-all-ship')).toEqual([]);
    expect(await onList(order.number)).toEqual([['PAID', 'SHIPPED', null]]);
    const first = (await open(order.number, [{ lineId: cable!.id, quantity: 1 }], 'ret-all-1', as.owner, 'NOT_NEEDED')).data!.orderReturnOpen.return!;
    const second = (await open(order.number, [{ lineId: cable!.id, quantity: 1 }], 'ret-all-2', as.owner, 'WRONG_ITEM')).data!.orderReturnOpen.return!;
    expect((await open(order.number, [{ lineId: cable!.id, quantity: 1 }], 'ret-all-3')).data!.orderReturnOpen.errors.map((e) => e.message)).toEqual(['Every shipped ACC-USBC-1M is on a return already']);
    await receive(order.number, first.id, as.owner);
    // One back, one on its way: the refund to give is what the list names (the operator's to do).
    expect(await onList(order.number)).toEqual([['PAID', 'PARTLY_RETURNED', 'AWAITING_REFUND']]);
    await receive(order.number, second.id, as.owner);
    expect(await onList(order.number)).toEqual([['PAID', 'RETURNED', 'AWAITING_REFUND']]);
    expect((await listed({ fulfilmentState: 'RETURNED' })).map((o) => o.number)).toContain(order.number);
    expect((await refund(order.number, first.id, as.owner)).data!.orderReturnRefund.errors).toEqual([]);
    expect((await refund(order.number, second.id, as.owner)).data!.orderReturnRefund.errors).toEqual([]);
    expect(await onList(order.number)).toEqual([['REFUNDED', 'RETURNED', null]]);
  });

  it('only the owner and the order manager open, receive and refund returns: support, the catalogue manager, a buyer and anyone signed out are refused, and nothing changes', async () => {
    const order = await place([{ sku: 'ACC-USBC-1M', quantity: 2 }]);
    const [cable] = (await orderOf(order.number)).lines;
    expect(await ship(order.number, [{ lineId: cable!.id, quantity: 2 }], 'ret-roles-ship')).toEqual([]);
    const id = (await open(order.number, [{ lineId: cable!.id, quantity: 1 }], 'ret-roles-open')).data!.orderReturnOpen.return!.id;
    for (const who of ['support', 'catalogue', 'buyer', 'anonymous']) {
      const before = await footprint(order.number);
      expect(denied(await open(order.number, [{ lineId: cable!.id, quantity: 1 }], `ret-denied-${who}`, as[who]))).toBe(true);
      expect(denied(await receive(order.number, id, as[who]))).toBe(true);
      expect(await footprint(order.number)).toEqual(before);
    }
    await receive(order.number, id);
    for (const who of ['support', 'catalogue', 'buyer', 'anonymous']) {
      const before = await footprint(order.number);
      expect(denied(await refund(order.number, id, as[who]))).toBe(true);
      expect(await footprint(order.number)).toEqual(before);
    }
    // A declined refund takes no credit note; the next try is a new refund, and it is linked once it goes through.
    gateway.declining = true;
    expect((await refund(order.number, id)).data!.orderReturnRefund.errors.map((e) => e.code)).toEqual(['PAYMENT_ERROR']);
    gateway.declining = false;
    expect((await orderOf(order.number)).returns[0]!.state).toBe('RECEIVED');
    const done = (await refund(order.number, id)).data!.orderReturnRefund;
    expect([done.errors, done.return!.state]).toEqual([[], 'REFUNDED']);
    expect((await orderOf(order.number)).refunds.map((r) => r.creditNote === null)).toEqual([true, false]);
  });
});

async function ship(n: string, lines: Array<{ lineId: number; quantity: number }>, k: string): Promise<string[]> {
  return (await adminGql<{ orderShip: { errors: Array<{ message: string }> } }>(t, SHIP, { n, lines, k }, as.orders)).data!.orderShip.errors.map((e) => e.message);
}
