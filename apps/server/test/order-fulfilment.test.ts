import { DEMO_USERS, schema } from '@probe/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMailFor } from '../src/modules/orders/index.ts';
import { TestGateway } from '../src/modules/payments/index.ts';
import { adminGql, denied, startStaffApp } from './admin-support.ts';
import { CARD_OK, PLACE, readyCheckout, US_ADDRESS, type PlaceAnswer } from './checkout-support.ts';
import type { TestApp } from './harness.ts';
import { pdfText } from './pdf-text.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const [, admin, , vet, student, , operator] = DEMO_USERS;
let t: TestApp;
const gateway = new TestGateway();
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
});
afterAll(() => t?.close());

const db = () => t.database.db;
type Errors = Array<{ field: string | null; code: string; message: string }>;
const place = async (lines: Array<{ sku: string; quantity: number }>, options: { method?: string; company?: string } = {}) => {
  const address = options.company ? { ...US_ADDRESS, companyName: options.company } : undefined;
  const ready = await readyCheckout(t, { country: 'US', lines, method: options.method, ...(address ? { address } : {}) });
  const placed = (await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `f-${ready.token}`, total: ready.total, card: options.method ? undefined : CARD_OK })).body.data!.checkoutPlaceOrder;
  expect(placed.errors).toEqual([]);
  return placed.order!;
};

const ORDER = `query O($n: String!) { order(number: $n) { paymentState fulfilmentState cancelledAt lines { id sku quantity }
  shipments { carrier trackingNumber trackingUrl lines { lineId quantity } } } }`;
interface Order { paymentState: string; fulfilmentState: string; cancelledAt: string | null; lines: Array<{ id: number; sku: string; quantity: number }>; shipments: Array<{ carrier: string; trackingNumber: string; trackingUrl: string | null; lines: Array<{ lineId: number; quantity: number }> }> }
const orderOf = async (n: string) => (await adminGql<{ order: Order }>(t, ORDER, { n }, as.support)).data!.order;
const SHIP = `mutation S($n: String!, $lines: [StaffShipLineInput!]!, $c: String!, $tn: String!, $k: String!) {
  orderShip(number: $n, lines: $lines, carrier: $c, trackingNumber: $tn, idempotencyKey: $k) { shipment { id trackingNumber trackingUrl } errors { field code message } } }`;
type Ship = { orderShip: { shipment: { id: number; trackingNumber: string; trackingUrl: string | null } | null; errors: Errors } };
const ship = (n: string, lines: Array<{ lineId: number; quantity: number }>, carrier: string, tn: string, k: string, who = as.orders) => adminGql<Ship>(t, SHIP, { n, lines, c: carrier, tn, k }, who);
const REFUND = `mutation R($n: String!, $lines: [StaffRefundLineInput!], $amount: Int, $k: String!) {
  orderRefund(number: $n, lines: $lines, amount: $amount, idempotencyKey: $k) { refund { id amount status } errors { field code message } } }`;
type Refund = { orderRefund: { refund: { id: number; amount: number; status: string } | null; errors: Errors } };
const LIST = 'query L($f: StaffOrderFilter) { orders(filter: $f, first: 100) { orders { number paymentState fulfilmentState cancelled company } } }';
type List = { orders: { orders: Array<{ number: string; paymentState: string; fulfilmentState: string; cancelled: boolean; company: string | null }> } };
const listed = async (f: Record<string, string>) => (await adminGql<List>(t, LIST, { f }, as.support)).data!.orders.orders;
const BUYER_ORDER = 'query B($t: String!) { orderByToken(token: $t) { paymentState fulfilmentState cancelled creditNotes { number amount { fractionalAmount } } shipments { carrier trackingNumber trackingUrl lines { productSku quantity } } invoice { orderCancelled } } }';
type BuyerOrder = { orderByToken: { paymentState: string; fulfilmentState: string; cancelled: boolean; creditNotes: Array<{ number: string; amount: { fractionalAmount: number } }>; shipments: Array<{ carrier: string | null; trackingNumber: string; trackingUrl: string | null; lines: Array<{ productSku: string; quantity: number }> }>; invoice: { orderCancelled: boolean } | null } };
const buyerOrder = async (token: string) => (await t.gql<BuyerOrder>(BUYER_ORDER, { t: token })).body.data!.orderByToken;
const outboxOf = async (topic: string, number: string) => (await db().select().from(schema.outbox).where(eq(schema.outbox.topic, topic))).filter((r) => (r.payload as { number?: string }).number === number);
const auditActions = async (number: string) => (await db().select().from(schema.auditLog).where(eq(schema.auditLog.subject, `order:${number}`))).map((a) => a.action);


describe(`an order shipped and refunded, its states true at each step (issue 35, ${DB})`, () => {
  it('ships in two parcels and refunds in two parts: the list, the order page and the buyer\'s page say unfulfilled → partly shipped → shipped, paid → partly refunded → refunded', async () => {
    const order = await place([{ sku: 'ACC-USBC-1M', quantity: 3 }, { sku: 'IQ3-USBC-HUMAN', quantity: 1 }], { company: 'Lakeside Vet Group' });
    const { lines } = await orderOf(order.number);
    const cable = lines.find((l) => l.sku === 'ACC-USBC-1M')!;
    const probe = lines.find((l) => l.sku === 'IQ3-USBC-HUMAN')!;
    expect(await orderOf(order.number)).toMatchObject({ paymentState: 'PAID', fulfilmentState: 'UNFULFILLED', shipments: [] });
    expect((await listed({ search: order.number })).map((o) => [o.paymentState, o.fulfilmentState, o.company])).toEqual([['PAID', 'UNFULFILLED', 'Lakeside Vet Group']]);

    // Only those who manage orders ship: support and the catalogue manager are refused.
    expect(denied(await ship(order.number, [{ lineId: cable.id, quantity: 1 }], 'DHL', '1234567890', 'ship-denied-1', as.support))).toBe(true);
    expect(denied(await ship(order.number, [{ lineId: cable.id, quantity: 1 }], 'DHL', '1234567890', 'ship-denied-2', as.catalogue))).toBe(true);
    // More than was ordered, a tracking number not of its carrier, an unknown carrier: refused, and nothing changed.
    const tooMany = (await ship(order.number, [{ lineId: cable.id, quantity: 4 }], 'DHL', '1234567890', 'ship-too-many')).data!.orderShip;
    expect(tooMany).toEqual({ shipment: null, errors: [{ field: 'lines.0.quantity', code: 'INVALID', message: 'Ship 1 to 3 of ACC-USBC-1M' }] });
    expect((await ship(order.number, [{ lineId: cable.id, quantity: 1 }], 'UPS', '1234567890', 'ship-bad-ups')).data!.orderShip.errors.map((e) => [e.field, e.message]))
      .toEqual([['trackingNumber', 'This is not a UPS tracking number']]);
    expect((await ship(order.number, [{ lineId: cable.id, quantity: 1 }], 'PIGEON', '1234567890', 'ship-bad-carrier')).data!.orderShip.errors.map((e) => e.field)).toEqual(['carrier']);
    expect((await ship(order.number, [{ lineId: 999999, quantity: 1 }], 'DHL', '1234567890', 'ship-no-line')).data!.orderShip.errors.map((e) => [e.field, e.code])).toEqual([['lines.0.lineId', 'NOT_FOUND']]);
    expect(await db().select().from(schema.shipments).where(eq(schema.shipments.idempotencyKey, 'ship-too-many'))).toEqual([]);
    expect(await outboxOf('order.shipped', order.number)).toEqual([]);
    expect(await auditActions(order.number)).toEqual([]);
    expect((await orderOf(order.number)).fulfilmentState).toBe('UNFULFILLED');

    // Two of the three cables by DHL (the number as staff paste it, with spaces): partly shipped, with the carrier's tracking link.
    const first = (await ship(order.number, [{ lineId: cable.id, quantity: 2 }], 'DHL', '12 3456 7890', 'ship-first-parcel')).data!.orderShip;
    expect(first.errors).toEqual([]);
    expect(first.shipment).toMatchObject({ trackingNumber: '1234567890', trackingUrl: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890' });
    // Sent again (a double click): the same shipment, recorded once.
    expect((await ship(order.number, [{ lineId: cable.id, quantity: 2 }], 'DHL', '1234567890', 'ship-first-parcel')).data!.orderShip.shipment!.id).toBe(first.shipment!.id);
    expect(await outboxOf('order.shipped', order.number)).toHaveLength(1);
    expect((await orderOf(order.number)).fulfilmentState).toBe('PARTLY_SHIPPED');
    expect((await listed({ fulfilmentState: 'PARTLY_SHIPPED' })).map((o) => o.number)).toContain(order.number);
    expect((await listed({ fulfilmentState: 'UNFULFILLED' })).map((o) => o.number)).not.toContain(order.number);
    const seen = await buyerOrder(order.token);
    expect(seen).toMatchObject({ paymentState: 'PAID', fulfilmentState: 'PARTLY_SHIPPED', cancelled: false });
    expect(seen.shipments).toEqual([{ carrier: 'DHL', trackingNumber: '1234567890', trackingUrl: first.shipment!.trackingUrl, lines: [{ productSku: 'ACC-USBC-1M', quantity: 2 }] }]);

    // The buyer's shipping e-mail: what is in the parcel, the carrier, and the tracking link.
    const mail = (await orderMailFor(db(), 'order.shipped', { orderToken: order.token, shipmentId: first.shipment!.id }, 'https://store.test'))!;
    expect(mail.subject).toBe(`Your order ${order.number} is on its way`);
    expect(mail.text).toMatch(/2 × .*USB-C/i);
    expect(mail.text).toContain('Carrier: DHL');
    expect(mail.text).toContain('Tracking number: 1234567890');
    expect(mail.html).toContain(`href="${first.shipment!.trackingUrl!.replaceAll('&', '&amp;')}"`);

    // The rest: the last cable is all that is left of it, then everything is shipped.
    expect((await ship(order.number, [{ lineId: cable.id, quantity: 2 }], 'UPS', '1Z999AA10123456784', 'ship-rest-too-many')).data!.orderShip.errors.map((e) => e.message)).toEqual(['Ship 1 to 1 of ACC-USBC-1M']);
    expect((await ship(order.number, [{ lineId: cable.id, quantity: 1 }, { lineId: probe.id, quantity: 1 }], 'UPS', '1z999aa10123456784', 'ship-second-parcel')).data!.orderShip.errors).toEqual([]);
    expect((await orderOf(order.number)).fulfilmentState).toBe('SHIPPED');
    expect((await ship(order.number, [{ lineId: probe.id, quantity: 1 }], 'UPS', '1Z999AA10123456784', 'ship-third')).data!.orderShip.errors.map((e) => e.message)).toEqual(['IQ3-USBC-HUMAN has been shipped in full']);

    // A cable refunded: partly refunded, with a credit note and its e-mail.
    const part = (await adminGql<Refund>(t, REFUND, { n: order.number, lines: [{ lineId: cable.id, quantity: 1 }], k: 'refund-one-cable' }, as.orders)).data!.orderRefund;
    expect(part.errors).toEqual([]);
    expect((await orderOf(order.number)).paymentState).toBe('PARTLY_REFUNDED');
    expect((await listed({ paymentState: 'PARTLY_REFUNDED' })).map((o) => o.number)).toContain(order.number);
    expect((await listed({ paymentState: 'PAID' })).map((o) => o.number)).not.toContain(order.number);
    // The rest of the payment: refunded, no longer paid, on the list and on the buyer's page.
    const rest = (await adminGql<Refund>(t, REFUND, { n: order.number, k: 'refund-the-rest' }, as.orders)).data!.orderRefund;
    expect(rest.errors).toEqual([]);
    expect(part.refund!.amount + rest.refund!.amount).toBe(order.total.gross.fractionalAmount);
    expect((await listed({ search: order.number })).map((o) => [o.paymentState, o.fulfilmentState])).toEqual([['REFUNDED', 'SHIPPED']]);
    expect((await buyerOrder(order.token)).paymentState).toBe('REFUNDED');
    // The buyer's order page lists both credit notes (it links their PDFs).
    expect((await buyerOrder(order.token)).creditNotes.map((n) => n.amount.fractionalAmount)).toEqual([part.refund!.amount, rest.refund!.amount]);
    expect((await listed({ paymentState: 'REFUNDED' })).map((o) => o.number)).toContain(order.number);

    // Two credit notes, one after the other in their own series; the invoice is not touched.
    const notes = await db().select().from(schema.creditNotes).where(inArray(schema.creditNotes.refundId, [part.refund!.id, rest.refund!.id])).orderBy(schema.creditNotes.number);
    expect(notes.map((n) => [n.refundId, n.amount])).toEqual([[part.refund!.id, part.refund!.amount], [rest.refund!.id, rest.refund!.amount]]);
    expect(notes[1]!.number).toBe(notes[0]!.number + 1);
    const refunded = (await orderMailFor(db(), 'order.refunded', (await outboxOf('order.refunded', order.number))[0]!.payload, 'https://store.test'))!;
    const cn = `CN-${String(notes[0]!.number).padStart(6, '0')}`;
    expect((await buyerOrder(order.token)).creditNotes.map((n) => n.number)).toEqual([cn, `CN-${String(notes[1]!.number).padStart(6, '0')}`]);
    expect(refunded.subject).toBe(`Refund for your order ${order.number}`);
    expect(refunded.text).toContain(`Your credit note ${cn} is attached as a PDF.`);
    expect(refunded.attachments!.map((a) => a.filename)).toEqual([`credit-note-${cn}.pdf`]);
    const pdf = await pdfText(Buffer.from(refunded.attachments![0]!.content, 'base64'));
    expect(pdf).toContain(`Credit note number ${cn}`);
    expect(pdf).toContain(`Corrects invoice ${order.number}`);
    expect(pdf).toContain(`Total credited ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(part.refund!.amount / 100)}`);
    // The buyer downloads it by the order's token; another token, or another order's note, is not found.
    const download = await t.app.inject({ method: 'GET', url: `/documents/credit-note/${order.token}/${cn}.pdf` });
    expect([download.statusCode, download.headers['content-type'], download.rawPayload.subarray(0, 5).toString('latin1')]).toEqual([200, 'application/pdf', '%PDF-']);
    expect((await t.app.inject({ method: 'GET', url: `/documents/credit-note/00000000-0000-4000-8000-000000000000/${cn}.pdf` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/documents/credit-note/${order.token}/CN-999999.pdf` })).statusCode).toBe(404);

    expect((await auditActions(order.number)).sort()).toEqual(['order.refund', 'order.refund', 'order.ship', 'order.ship']);
  });

  it('a cancelled order: cancelled on the list (not "not paid"), its invoice void to the buyer, the buyer told by e-mail, its confirmation not sent again, not shipped', async () => {
    const quote = await place([{ sku: 'ACC-USBC-1M', quantity: 1 }], { method: 'ELECTRONIC_QUOTE' });
    expect((await listed({ search: quote.number })).map((o) => [o.paymentState, o.cancelled])).toEqual([['UNPAID', false]]);
    expect((await adminGql<{ orderCancel: { errors: Errors } }>(t, 'mutation C($n: String!) { orderCancel(number: $n) { errors { field code message } } }', { n: quote.number }, as.orders)).data!.orderCancel.errors).toEqual([]);
    expect((await listed({ paymentState: 'CANCELLED' })).map((o) => o.number)).toContain(quote.number);
    expect((await listed({ paymentState: 'UNPAID' })).map((o) => o.number)).not.toContain(quote.number);
    expect(await buyerOrder(quote.token)).toMatchObject({ cancelled: true, invoice: { orderCancelled: true } });

    const [row] = await outboxOf('order.cancelled', quote.number);
    const mail = (await orderMailFor(db(), 'order.cancelled', row!.payload, 'https://store.test'))!;
    expect([mail.subject, mail.text.includes('Nothing is to be paid, and its invoice is void.')]).toEqual([`Your order ${quote.number} has been cancelled`, true]);

    const resend = (await adminGql<{ orderConfirmationResend: { errors: Errors } }>(t, 'mutation R($n: String!) { orderConfirmationResend(number: $n) { errors { field code message } } }', { n: quote.number }, as.orders)).data!;
    expect(resend.orderConfirmationResend.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    expect(await outboxOf('order.placed', quote.number)).toHaveLength(1);
    const { lines } = await orderOf(quote.number);
    expect((await ship(quote.number, [{ lineId: lines[0]!.id, quantity: 1 }], 'DHL', '1234567890', 'ship-cancelled')).data!.orderShip.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);

    const invoice = await pdfText((await t.app.inject({ method: 'GET', url: `/documents/invoice/${quote.token}.pdf` })).rawPayload);
    expect(invoice).toContain('Void: this order was cancelled on');
    expect(invoice).not.toContain('Payment due');
  });

  it('finds an order by part of its number, of the e-mail or of the company; "placed before" a day includes that day', async () => {
    const order = await place([{ sku: 'ACC-USBC-1M', quantity: 1 }], { company: 'Riverside Equine Clinic' });
    const today = new Date().toISOString().slice(0, 10);
    const numbers = async (f: Record<string, string>) => (await listed(f)).map((o) => o.number);
    expect(await numbers({ search: order.number.slice(1) })).toContain(order.number);
    expect(await numbers({ search: 'YER@EXAMPLE' })).toContain(order.number);
    expect(await numbers({ search: 'equine' })).toEqual([order.number]);
    expect(await numbers({ search: 'equine', to: today })).toEqual([order.number]);
    expect(await numbers({ search: 'equine', from: today, to: today })).toEqual([order.number]);
    expect(await numbers({ search: '100%' })).toEqual([]);
  });
});
