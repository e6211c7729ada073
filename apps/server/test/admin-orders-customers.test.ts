import { DEMO_USERS, schema } from '@probe/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestGateway } from '../src/modules/payments/index.ts';
import { adminGql, denied, startStaffApp } from './admin-support.ts';
import { CARD_OK, mutate, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';
import type { TestApp } from './harness.ts';

const [, admin, member, vet, student, , operator] = DEMO_USERS;
const LAKESIDE = '5e0c2b9a-3f4d-4c1e-8b6a-000000000002';
let t: TestApp;
let gateway: TestGateway;
const as: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  gateway = new TestGateway();
  const app = await startStaffApp([[vet!, 'CATALOGUE_MANAGER'], [student!, 'ORDER_MANAGER']], { gateway });
  t = app.t;
  const [support] = await t.database.db.select().from(schema.users).where(eq(schema.users.email, 'support@demo.probe.store'));
  as.owner = await app.sign(operator!);
  as.orders = await app.sign(student!);
  as.catalogue = await app.sign(vet!);
  as.support = await app.sign(support!);
  as.buyer = await app.sign(admin!);
  as.adminShop = await app.sign(admin!, 'probe-store');
});
afterAll(() => t?.close());

const db = () => t.database.db;
const stockOf = async (sku: string) => (await db().select({ stock: schema.productVariants.stock }).from(schema.productVariants).where(eq(schema.productVariants.sku, sku)))[0]!.stock;
const place = async (options: { lines: Array<{ sku: string; quantity: number }>; method?: string; headers?: Record<string, string>; membership?: string; voucherCode?: string }) => {
  const ready = await readyCheckout(t, { country: 'US', lines: options.lines, method: options.method, voucherCode: options.voucherCode, ...(options.headers ? { signedIn: { headers: options.headers, organizationMembershipId: options.membership! } } : {}) });
  const placed = (await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `h-${ready.token}`, total: ready.total, card: options.method ? undefined : CARD_OK }, options.headers)).body.data!.checkoutPlaceOrder;
  expect(placed.errors).toEqual([]);
  return { number: placed.order!.number, token: placed.order!.token, total: ready.total };
};
const auditFor = async (subject: string) =>
  (await adminGql<{ auditLog: Array<{ actorEmail: string; action: string; after: string | null }> }>(t, 'query A($s: String) { auditLog(subject: $s) { actorEmail action after } }', { s: subject }, as.owner)).data!.auditLog;

const CANCEL = 'mutation C($n: String!, $r: String) { orderCancel(number: $n, reason: $r) { cancelledAt errors { field code message } } }';
type Cancel = { orderCancel: { cancelledAt: string | null; errors: Array<{ field: string | null; code: string; message: string }> } };
const ORDER = `query O($n: String!) { order(number: $n) { chargeStatus cancelledAt cancelBlocker shipping customerId organization { id name }
  lines { id sku quantity total } payments { id status amount } refunds { amount shipping status paymentId lines { lineId quantity amount } } events { type payload } } }`;
interface Order {
  chargeStatus: string; cancelledAt: string | null; cancelBlocker: string | null; shipping: number; customerId: string | null; organization: { id: string; name: string } | null;
  lines: Array<{ id: number; sku: string; quantity: number; total: number }>; payments: Array<{ id: string; status: string; amount: number }>;
  refunds: Array<{ amount: number; shipping: number; status: string; paymentId: string; lines: Array<{ lineId: number; quantity: number; amount: number }> }>;
  events: Array<{ type: string; payload: string }>;
}
const orderOf = async (n: string) => (await adminGql<{ order: Order }>(t, ORDER, { n }, as.support)).data!.order;

describe('orders in the console (issue 16): cancel an unpaid order, refund chosen lines', () => {
  it('cancels an unpaid e-quote order once: its stock goes back, it can no longer be paid, an order event and an audit entry say who and why', async () => {
    const before = await stockOf('ACC-USBC-1M');
    const quote = await place({ lines: [{ sku: 'ACC-USBC-1M', quantity: 3 }], method: 'ELECTRONIC_QUOTE' });
    expect(await stockOf('ACC-USBC-1M')).toBe(before - 3);
    expect((await orderOf(quote.number)).cancelBlocker).toBeNull();
    expect(denied(await adminGql(t, CANCEL, { n: quote.number }, as.support))).toBe(true);
    expect(denied(await adminGql(t, CANCEL, { n: quote.number }, as.catalogue))).toBe(true);
    expect((await adminGql<Cancel>(t, CANCEL, { n: 'no-such-order' }, as.orders)).data!.orderCancel.errors.map((e) => [e.field, e.code])).toEqual([['number', 'NOT_FOUND']]);

    const first = (await adminGql<Cancel>(t, CANCEL, { n: quote.number, r: 'Buyer chose another supplier' }, as.orders)).data!.orderCancel;
    expect(first.errors).toEqual([]);
    expect(first.cancelledAt).toMatch(/^\d{4}-/);
    expect(await stockOf('ACC-USBC-1M')).toBe(before);
    // Again (a double click, a retry): the same answer, nothing more given back, one event, one entry.
    const again = (await adminGql<Cancel>(t, CANCEL, { n: quote.number }, as.orders)).data!.orderCancel;
    expect(again).toEqual(first);
    expect(await stockOf('ACC-USBC-1M')).toBe(before);
    const order = await orderOf(quote.number);
    expect(order.cancelledAt).toBe(first.cancelledAt);
    expect(order.cancelBlocker).toBe('The order is cancelled');
    expect(order.events.map((e) => [e.type, JSON.parse(e.payload).reason])).toEqual([['CANCELLED', 'Buyer chose another supplier']]);
    expect((await auditFor(`order:${quote.number}`)).map((a) => [a.actorEmail, a.action])).toEqual([[student!.email, 'order.cancel']]);

    // A cancelled order's invoice is paid neither by staff nor by the buyer.
    const mark = await adminGql<{ orderInvoiceMarkPaid: { errors: Array<{ code: string }> } }>(t, 'mutation M($n: String!) { orderInvoiceMarkPaid(number: $n) { errors { code } } }', { n: quote.number }, as.owner);
    expect(mark.data!.orderInvoiceMarkPaid.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    const [invoice] = await db().select().from(schema.invoices).innerJoin(schema.orders, eq(schema.orders.id, schema.invoices.orderId)).where(eq(schema.orders.number, quote.number));
    const pay = await t.gql<{ invoicePay: { errors: Array<{ code: string }> } }>('mutation P($t: String!, $c: TestCardInput!) { invoicePay(token: $t, card: $c) { errors { code } } }', { t: invoice!.invoices.token, c: CARD_OK });
    expect(pay.body.data!.invoicePay.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    expect(invoice!.invoices.status).toBe('OPEN');
    expect(gateway.charges.some((c) => c.amount === quote.total)).toBe(false);
  });

  it('gives back the use of its voucher: a code limited to one use serves another checkout once the order that used it is cancelled, once however often cancelled', async () => {
    const CREATE = 'mutation V($i: StaffPromoInput!) { promoCreate(input: $i) { promo { code } errors { field code } } }';
    expect((await adminGql<{ promoCreate: { errors: unknown[] } }>(t, CREATE, { i: { code: 'ONCEONLY', name: 'Once only', percent: 10, usageLimit: 1 } }, as.owner)).data!.promoCreate.errors).toEqual([]);
    const usedCount = async () => (await db().select({ used: schema.promos.usedCount }).from(schema.promos).where(eq(schema.promos.code, 'ONCEONLY')))[0]!.used;
    const line = [{ sku: 'ACC-USBC-1M', quantity: 1 }];

    const quote = await place({ lines: line, method: 'ELECTRONIC_QUOTE', voucherCode: 'ONCEONLY' });
    expect(await usedCount()).toBe(1);
    // Used up: another checkout cannot take the code.
    const other = await readyCheckout(t, { country: 'US', lines: line });
    const refused = await mutate(t, 'checkoutVoucherUpdate', '$token: String!, $voucherCode: String', { token: other.token, voucherCode: 'ONCEONLY' });
    expect(refused.errors.map((e) => [e.code, e.message])).toEqual([['VOUCHER_NOT_APPLICABLE', 'This code has been used up']]);

    expect((await adminGql<Cancel>(t, CANCEL, { n: quote.number }, as.orders)).data!.orderCancel.errors).toEqual([]);
    expect(await usedCount()).toBe(0);
    expect((await adminGql<Cancel>(t, CANCEL, { n: quote.number }, as.orders)).data!.orderCancel.errors).toEqual([]);
    expect(await usedCount()).toBe(0);
    expect((await orderOf(quote.number)).events.map((e) => JSON.parse(e.payload).voucherReleased)).toEqual(['ONCEONLY']);

    // The code serves a new checkout again, once.
    const next = await place({ lines: line, voucherCode: 'ONCEONLY' });
    const [placed] = await db().select({ voucher: schema.orders.voucher }).from(schema.orders).where(eq(schema.orders.number, next.number));
    expect(placed!.voucher?.code).toBe('ONCEONLY');
    expect(await usedCount()).toBe(1);
  });

  it('refuses to cancel a paid order and says why (refund it instead); nothing changes', async () => {
    const paid = await place({ lines: [{ sku: 'ACC-USBC-3M', quantity: 1 }] });
    const stock = await stockOf('ACC-USBC-3M');
    const answer = (await adminGql<Cancel>(t, CANCEL, { n: paid.number }, as.owner)).data!.orderCancel;
    expect(answer.cancelledAt).toBeNull();
    expect(answer.errors).toEqual([{ field: null, code: 'OPERATION_NOT_ALLOWED', message: 'The order has been paid: refund it instead of cancelling it' }]);
    const order = await orderOf(paid.number);
    expect([order.cancelledAt, order.events, order.cancelBlocker]).toEqual([null, [], 'The order has been paid: refund it instead of cancelling it']);
    expect(await stockOf('ACC-USBC-3M')).toBe(stock);
    expect(await auditFor(`order:${paid.number}`)).toEqual([]);
  });

  it('refunds chosen lines and the shipping, priced on the server; a key sent twice refunds once; never beyond a line or the payment', async () => {
    const paid = await place({ lines: [{ sku: 'ACC-USBC-1M', quantity: 3 }, { sku: 'ACC-LIGHTNING-1M', quantity: 1 }] });
    const order = await orderOf(paid.number);
    const [usbc, lightning] = [order.lines.find((l) => l.sku === 'ACC-USBC-1M')!, order.lines.find((l) => l.sku === 'ACC-LIGHTNING-1M')!];
    const REFUND = `mutation R($n: String!, $a: Int, $l: [StaffRefundLineInput!], $s: Boolean, $k: String!) {
      orderRefund(number: $n, amount: $a, lines: $l, shipping: $s, idempotencyKey: $k) { refund { amount shipping status lines { lineId quantity amount } } errors { field code } } }`;
    type Refund = { orderRefund: { refund: { amount: number; shipping: number; status: string; lines: Array<{ lineId: number; quantity: number; amount: number }> } | null; errors: Array<{ field: string | null; code: string }> } };
    const refund = async (vars: Record<string, unknown>, who = as.orders) => (await adminGql<Refund>(t, REFUND, { n: paid.number, ...vars }, who)).data!.orderRefund;
    const one = Math.round(usbc.total / 3);

    expect(denied(await adminGql(t, REFUND, { n: paid.number, l: [{ lineId: usbc.id, quantity: 1 }], k: 'h-lines-support' }, as.support))).toBe(true);
    const first = await refund({ l: [{ lineId: usbc.id, quantity: 1 }], k: 'h-lines-1' });
    expect(first).toEqual({ refund: { amount: one, shipping: 0, status: 'SUCCEEDED', lines: [{ lineId: usbc.id, quantity: 1, amount: one }] }, errors: [] });
    expect(await refund({ l: [{ lineId: usbc.id, quantity: 1 }], k: 'h-lines-1' })).toEqual(first);
    const charge = gateway.charges.find((c) => c.amount === paid.total)!;
    expect(charge.refundedAmount).toBe(one);

    // Bad choices are refused field by field, and nothing is refunded.
    expect((await refund({ l: [{ lineId: usbc.id, quantity: 3 }], k: 'h-lines-bad-1' })).errors).toEqual([{ field: 'lines.0.quantity', code: 'INVALID' }]);
    expect((await refund({ l: [{ lineId: lightning.id, quantity: 1 }, { lineId: 999_999, quantity: 1 }], k: 'h-lines-bad-2' })).errors).toEqual([{ field: 'lines.1.lineId', code: 'NOT_FOUND' }]);
    expect((await refund({ l: [{ lineId: lightning.id, quantity: 1 }], a: 100, k: 'h-lines-bad-3' })).errors).toEqual([{ field: 'amount', code: 'INVALID' }]);
    expect((await refund({ l: [{ lineId: lightning.id, quantity: 0 }], k: 'h-lines-bad-4' })).errors).toEqual([{ field: 'lines.0.quantity', code: 'INVALID' }]);
    expect(charge.refundedAmount).toBe(one);
    expect((await db().select().from(schema.refunds).where(eq(schema.refunds.orderId, (await db().select().from(schema.orders).where(eq(schema.orders.number, paid.number)))[0]!.id))).length).toBe(1);

    // Accessories ship free in the US: there is no shipping to give back.
    expect(order.shipping).toBe(0);
    expect((await refund({ l: [{ lineId: lightning.id, quantity: 1 }], s: true, k: 'h-lines-bad-5' })).errors).toEqual([{ field: 'shipping', code: 'INVALID' }]);
    expect(charge.refundedAmount).toBe(one);

    // The rest of the lines: exactly what was paid, and the payment is refunded.
    const rest = await refund({ l: [{ lineId: usbc.id, quantity: 2 }, { lineId: lightning.id, quantity: 1 }], k: 'h-lines-2' });
    expect(rest.errors).toEqual([]);
    expect(rest.refund!.lines).toEqual([{ lineId: usbc.id, quantity: 2, amount: usbc.total - one }, { lineId: lightning.id, quantity: 1, amount: lightning.total }]);
    expect(rest.refund!.shipping).toBe(0);
    expect(one + rest.refund!.amount).toBe(paid.total);
    expect(charge.refundedAmount).toBe(paid.total);
    expect((await refund({ l: [{ lineId: lightning.id, quantity: 1 }], k: 'h-lines-3' })).errors).toEqual([{ field: null, code: 'OPERATION_NOT_ALLOWED' }]);

    const after = await orderOf(paid.number);
    expect(after.payments.map((p) => p.status)).toEqual(['REFUNDED']);
    expect(after.refunds.map((r) => [r.amount, r.status, r.paymentId])).toEqual([[one, 'SUCCEEDED', after.payments[0]!.id], [paid.total - one, 'SUCCEEDED', after.payments[0]!.id]]);
    expect(after.events.map((e) => e.type)).toEqual(['REFUNDED', 'REFUNDED']);
    expect((await auditFor(`order:${paid.number}`)).map((a) => [a.actorEmail, a.action, JSON.parse(a.after!).amount])).toEqual([
      [student!.email, 'order.refund', paid.total - one], [student!.email, 'order.refund', one],
    ]);
  });
});

describe('customers and organizations in the console (issue 16): read by every staff role, searched and paged on the server', () => {
  it('finds a customer by a part of the e-mail or name, pages, and shows their orders, organizations and subscriptions', async () => {
    const membership = (await db().select().from(schema.organizationMemberships).where(and(eq(schema.organizationMemberships.userId, admin!.id), eq(schema.organizationMemberships.organizationId, LAKESIDE))))[0]!;
    const bought = await place({ lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], headers: as.adminShop, membership: Buffer.from(`OrganizationMembership:${membership.id}`).toString('base64') });
    const LIST = 'query C($s: String, $a: String, $f: Int) { customers(search: $s, first: $f, after: $a) { customers { id email name } next } }';
    type List = { customers: { customers: Array<{ id: string; email: string }>; next: string | null } };
    for (const who of [as.support, as.catalogue, as.orders, as.owner]) {
      expect((await adminGql<List>(t, LIST, { s: 'ADMIN@demo' }, who)).data!.customers.customers.map((c) => c.email)).toEqual([admin!.email]);
    }
    expect(denied(await adminGql(t, LIST, {}, as.buyer))).toBe(true);
    // Staff are not customers; pages follow each other without a gap or a repeat.
    const all: string[] = [];
    let after: string | null = null;
    do {
      const page: List = (await adminGql<List>(t, LIST, { s: 'demo.probe.store', f: 2, a: after }, as.support)).data!;
      expect(page.customers.customers.length).toBeLessThanOrEqual(2);
      all.push(...page.customers.customers.map((c) => c.email));
      after = page.customers.next;
    } while (after);
    expect(all).toContain(admin!.email);
    expect(all).not.toContain(operator!.email);
    expect(new Set(all).size).toBe(all.length);

    const DETAIL = `query D($id: String!) { customer(id: $id) { customer { email } memberships { organizationId name isAdmin }
      orders { number total chargeStatus } subscriptions { organizationName planType status seats } } }`;
    const detail = (await adminGql<{ customer: { customer: { email: string }; memberships: Array<{ organizationId: string; isAdmin: boolean }>; orders: Array<{ number: string; total: number }>; subscriptions: Array<{ organizationName: string; seats: number }> } }>(t, DETAIL, { id: admin!.id }, as.support)).data!.customer;
    expect(detail.customer.email).toBe(admin!.email);
    expect(detail.memberships).toContainEqual({ organizationId: LAKESIDE, name: 'Lakeside Clinic', isAdmin: true });
    expect(detail.orders).toContainEqual({ number: bought.number, total: bought.total, chargeStatus: 'FULLY_CHARGED' });
    expect(detail.subscriptions).toContainEqual(expect.objectContaining({ organizationName: 'Lakeside Clinic', seats: 10 }));
    expect((await adminGql<{ customer: null }>(t, DETAIL, { id: operator!.id }, as.support)).data!.customer).toBeNull();

    // The order links to its customer and organization.
    const order = await orderOf(bought.number);
    expect([order.customerId, order.organization]).toEqual([admin!.id, { id: LAKESIDE, name: 'Lakeside Clinic' }]);

    const ORGS = 'query O($s: String) { organizations(search: $s, first: 5) { organizations { id name planType subscriptionStatus } next } }';
    const found = (await adminGql<{ organizations: { organizations: Array<{ id: string; name: string }> } }>(t, ORGS, { s: 'lakeside' }, as.catalogue)).data!.organizations.organizations;
    expect(found.map((o) => o.id)).toEqual([LAKESIDE]);
    const byMember = (await adminGql<{ organizations: { organizations: Array<{ id: string }> } }>(t, ORGS, { s: member!.email }, as.support)).data!.organizations.organizations;
    expect(byMember.map((o) => o.id)).toContain(LAKESIDE);
    const ORG = `query O($id: String!) { organization(id: $id) { organization { name } maxSeats registeredProbes members { email isAdmin } orders { number } subscriptions { planType seats } } }`;
    const org = (await adminGql<{ organization: { organization: { name: string }; maxSeats: number; members: Array<{ email: string; isAdmin: boolean }>; orders: Array<{ number: string }>; subscriptions: Array<{ seats: number }> } }>(t, ORG, { id: LAKESIDE }, as.orders)).data!.organization;
    expect(org.organization.name).toBe('Lakeside Clinic');
    expect(org.maxSeats).toBe(10);
    expect(org.members).toEqual(expect.arrayContaining([{ email: admin!.email, isAdmin: true }, { email: member!.email, isAdmin: false }]));
    expect(org.members[0]!.isAdmin).toBe(true);
    expect(org.orders.map((o) => o.number)).toContain(bought.number);
    expect((await adminGql<{ organization: null }>(t, ORG, { id: 'not-a-uuid' }, as.orders)).data!.organization).toBeNull();
    expect(denied(await adminGql(t, ORG, { id: LAKESIDE }, as.buyer))).toBe(true);
  });
});
