import { DEMO_USERS, schema } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestGateway } from '../src/modules/payments/index.ts';
import { adminGql, denied, startStaffApp } from './admin-support.ts';
import { CARD_OK, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';
import type { TestApp } from './harness.ts';

const [, admin, member, vet, , , operator] = DEMO_USERS;
let t: TestApp;
let gateway: TestGateway;
const as: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  gateway = new TestGateway();
  // One member of staff per role besides the demo owner.
  const app = await startStaffApp([[member!, 'SUPPORT'], [vet!, 'CATALOGUE_MANAGER']], { gateway });
  t = app.t;
  as.owner = await app.sign(operator!);
  as.support = await app.sign(member!);
  as.catalogue = await app.sign(vet!);
  as.buyer = await app.sign(admin!);
  as.ownerShopToken = await app.sign(operator!, 'probe-store');
});
afterAll(() => t?.close());

const placeCardOrder = async (country = 'US') => {
  const ready = await readyCheckout(t, { country, lines: [{ sku: 'ACC-USBC-1M', quantity: 2 }] });
  const placed = (await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `admin-${ready.token}`, total: ready.total, card: CARD_OK })).body.data!.checkoutPlaceOrder;
  expect(placed.errors).toEqual([]);
  return { number: placed.order!.number, total: ready.total };
};
const auditFor = async (subject: string) =>
  (await adminGql<{ auditLog: Array<{ actorEmail: string; action: string; before: string | null; after: string | null }> }>(t, 'query A($s: String) { auditLog(subject: $s) { actorEmail action before after } }', { s: subject }, as.owner)).data!.auditLog;

describe('the console API (issue 16): its own endpoint, roles checked on the server, every change audited', () => {
  it('takes console tokens of staff only: a shop token, a buyer and no token are refused; introspection is off', async () => {
    const me = await adminGql<{ me: { email: string; role: string; permissions: string[] } }>(t, '{ me { email role permissions } }', {}, as.owner);
    expect(me.data!.me).toMatchObject({ email: operator!.email, role: 'OWNER' });
    expect(denied(await adminGql(t, '{ me { email } }', {}, as.ownerShopToken))).toBe(true);
    expect(denied(await adminGql(t, '{ me { email } }', {}, as.buyer))).toBe(true);
    expect(denied(await adminGql(t, '{ me { email } }'))).toBe(true);
    // A console token is nobody in the shop's API.
    expect((await t.gql<{ me: unknown }>('{ me { email } }', {}, as.owner)).body.data!.me).toBeNull();
    const introspection = await adminGql(t, '{ __schema { types { name } } }', {}, as.owner);
    expect(introspection.data).toBeUndefined();
    expect(JSON.stringify(introspection.errors)).toMatch(/introspection/i);
  });

  it('lists orders newest first with filters and keyset pages; refunds a card order once through the gateway, never beyond what was paid', async () => {
    const first = await placeCardOrder('US');
    const second = await placeCardOrder('DE');
    const page = await adminGql<{ orders: { orders: Array<{ number: string; country: string }>; next: string | null } }>(t,
      'query O($f: StaffOrderFilter, $after: String) { orders(filter: $f, first: 1, after: $after) { orders { number country } next } }', { f: {} }, as.support);
    expect(page.data!.orders.orders.map((o) => o.number)).toEqual([second.number]);
    const next = await adminGql<{ orders: { orders: Array<{ number: string }> } }>(t,
      'query O($after: String) { orders(first: 1, after: $after) { orders { number } } }', { after: page.data!.orders.next }, as.support);
    expect(next.data!.orders.orders.map((o) => o.number)).toEqual([first.number]);
    const german = await adminGql<{ orders: { orders: Array<{ country: string }> } }>(t, '{ orders(filter: { country: "DE" }, first: 50) { orders { country } } }', {}, as.support);
    expect(new Set(german.data!.orders.orders.map((o) => o.country))).toEqual(new Set(['DE']));
    const byNumber = await adminGql<{ orders: { orders: Array<{ number: string }> } }>(t, 'query O($s: String) { orders(filter: { search: $s }) { orders { number } } }', { s: first.number }, as.support);
    expect(byNumber.data!.orders.orders.map((o) => o.number)).toEqual([first.number]);

    const REFUND = 'mutation R($n: String!, $a: Int, $k: String!) { orderRefund(number: $n, amount: $a, idempotencyKey: $k, reason: "Returned") { refund { amount status } errors { field code } } }';
    // Support reads, and is refused a refund by the server.
    expect(denied(await adminGql(t, REFUND, { n: first.number, k: 'refund-support-1' }, as.support))).toBe(true);
    const part = await adminGql<{ orderRefund: { refund: { amount: number; status: string }; errors: unknown[] } }>(t, REFUND, { n: first.number, a: 100, k: 'refund-part-1' }, as.owner);
    expect(part.data!.orderRefund).toEqual({ refund: { amount: 100, status: 'SUCCEEDED' }, errors: [] });
    const again = await adminGql<{ orderRefund: { refund: { amount: number } } }>(t, REFUND, { n: first.number, a: 100, k: 'refund-part-1' }, as.owner);
    expect(again.data!.orderRefund.refund.amount).toBe(100);
    const tooMuch = await adminGql<{ orderRefund: { errors: Array<{ field: string; code: string }> } }>(t, REFUND, { n: first.number, a: first.total, k: 'refund-too-much' }, as.owner);
    expect(tooMuch.data!.orderRefund.errors).toEqual([{ field: 'amount', code: 'INVALID' }]);
    const rest = await adminGql<{ orderRefund: { refund: { amount: number } } }>(t, REFUND, { n: first.number, k: 'refund-rest-1' }, as.owner);
    expect(rest.data!.orderRefund.refund.amount).toBe(first.total - 100);

    const order = await adminGql<{ order: { payments: Array<{ status: string; amount: number }>; refunds: Array<{ amount: number }>; deliveries: Array<{ topic: string }> } }>(t,
      'query O($n: String!) { order(number: $n) { payments { status amount } refunds { amount } deliveries { topic } } }', { n: first.number }, as.support);
    expect(order.data!.order.payments).toEqual([{ status: 'REFUNDED', amount: first.total }]);
    expect(order.data!.order.refunds.map((r) => r.amount)).toEqual([100, first.total - 100]);
    expect(order.data!.order.deliveries.map((d) => d.topic)).toContain('order.placed');
    // The gateway gave back exactly what was paid, in two refunds, once each.
    const charge = gateway.charges.find((c) => c.amount === first.total && c.refunded);
    expect(charge?.refundedAmount).toBe(first.total);
    expect((await auditFor(`order:${first.number}`)).map((a) => [a.actorEmail, a.action])).toEqual([[operator!.email, 'order.refund'], [operator!.email, 'order.refund']]);

    // The same filter as CSV, for staff only.
    const csv = await t.app.inject({ method: 'GET', url: '/admin/export/orders.csv?country=DE', headers: as.support });
    expect([csv.statusCode, csv.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('number,createdAt,email,country,currency,paymentMethod,chargeStatus,total,paymentState,fulfilmentState,cancelled,company');
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(german.data!.orders.orders.map(() => 'DE'));
    expect(lines.some((l) => l.startsWith(`${second.number},`))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/admin/export/orders.csv', headers: as.ownerShopToken })).statusCode).toBe(403);
  });

  it('an e-quote paid by bank transfer is marked paid (the buyer is told); a confirmation e-mail is sent again on request', async () => {
    const ready = await readyCheckout(t, { country: 'US', lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], method: 'ELECTRONIC_QUOTE' });
    const placed = (await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `quote-${ready.token}`, total: ready.total })).body.data!.checkoutPlaceOrder;
    const number = placed.order!.number;
    expect(placed.order!.invoice!.status).toBe('OPEN');
    const MARK = 'mutation M($n: String!) { orderInvoiceMarkPaid(number: $n, note: "Transfer 2026-11-25") { errors { code } } }';
    expect(denied(await adminGql(t, MARK, { n: number }, as.support))).toBe(true);
    expect((await adminGql<{ orderInvoiceMarkPaid: { errors: unknown[] } }>(t, MARK, { n: number }, as.owner)).data!.orderInvoiceMarkPaid.errors).toEqual([]);
    const again = await adminGql<{ orderInvoiceMarkPaid: { errors: Array<{ code: string }> } }>(t, MARK, { n: number }, as.owner);
    expect(again.data!.orderInvoiceMarkPaid.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    const order = await adminGql<{ order: { chargeStatus: string; invoiceStatus: string } }>(t, 'query O($n: String!) { order(number: $n) { chargeStatus invoiceStatus } }', { n: number }, as.support);
    expect(order.data!.order).toEqual({ chargeStatus: 'FULLY_CHARGED', invoiceStatus: 'PAID' });
    await adminGql(t, 'mutation R($n: String!) { orderConfirmationResend(number: $n) { errors { code } } }', { n: number }, as.owner);
    const topics = (await t.database.db.select({ topic: schema.outbox.topic, payload: schema.outbox.payload }).from(schema.outbox))
      .filter((r) => (r.payload as { orderToken?: string }).orderToken === placed.order!.token).map((r) => r.topic);
    expect(topics.sort()).toEqual(['order.paid', 'order.placed', 'order.placed']);
    expect((await auditFor(`order:${number}`)).map((a) => a.action)).toEqual(['order.confirmation_resend', 'invoice.mark_paid']);
  });

  it('a bulk price edit for Germany: previewed, saved all or nothing, seen by the storefront, audited; support is refused by the server', async () => {
    const DE_PRICE = '{ shop { catalogue(country: DE, languageCode: DE) { variants(group: ACCESSORIES) { sku pricing { price { gross { fractionalAmount } } } } } } }';
    const storePrice = async () => (await t.gql<{ shop: { catalogue: { variants: Array<{ sku: string; pricing: { price: { gross: { fractionalAmount: number } } } }> } } }>(DE_PRICE))
      .body.data!.shop.catalogue.variants.find((v) => v.sku === 'ACC-USBC-1M')!.pricing.price.gross.fractionalAmount;
    const before = await storePrice();
    const changes = [{ sku: 'ACC-USBC-1M', amount: before + 500 }];
    const PREVIEW = 'query P($c: [StaffPriceChange!]!) { priceChangesPreview(country: "DE", changes: $c) { saved changed { sku amountBefore amountAfter } errors { sku code } } }';
    const preview = await adminGql<{ priceChangesPreview: { saved: boolean; changed: unknown[]; errors: unknown[] } }>(t, PREVIEW, { c: changes }, as.support);
    expect(preview.data!.priceChangesPreview).toEqual({ saved: false, changed: [{ sku: 'ACC-USBC-1M', amountBefore: before, amountAfter: before + 500 }], errors: [] });
    expect(await storePrice()).toBe(before);

    const SAVE = 'mutation S($c: [StaffPriceChange!]!) { countryPricesUpdate(country: "DE", changes: $c) { saved changed { sku } errors { sku code } } }';
    expect(denied(await adminGql(t, SAVE, { c: changes }, as.support))).toBe(true);
    const bad = await adminGql<{ countryPricesUpdate: { saved: boolean; errors: unknown[] } }>(t, SAVE, { c: [...changes, { sku: 'NO-SUCH-SKU', amount: 1 }] }, as.catalogue);
    expect(bad.data!.countryPricesUpdate).toMatchObject({ saved: false, errors: [{ sku: 'NO-SUCH-SKU', code: 'NOT_FOUND' }] });
    expect(await storePrice()).toBe(before);
    const saved = await adminGql<{ countryPricesUpdate: { saved: boolean } }>(t, SAVE, { c: changes }, as.catalogue);
    expect(saved.data!.countryPricesUpdate.saved).toBe(true);
    expect(await storePrice()).toBe(before + 500);
    const entries = await auditFor('price:DE:ACC-USBC-1M');
    expect(entries.map((e) => [e.actorEmail, e.action, JSON.parse(e.before!).amount, JSON.parse(e.after!).amount])).toEqual([[vet!.email, 'price.update', before, before + 500]]);
  });

  it('a voucher made in the console is usable by a buyer at once; a taken code or a bad field saves nothing', async () => {
    const CREATE = 'mutation V($i: StaffPromoInput!) { promoCreate(input: $i) { promo { code usedCount state } errors { field code } } }';
    const made = await adminGql<{ promoCreate: { promo: { code: string }; errors: unknown[] } }>(t, CREATE, { i: { code: 'welcome7', name: 'Welcome', percent: 7 } }, as.catalogue);
    expect(made.data!.promoCreate).toEqual({ promo: { code: 'WELCOME7', usedCount: 0, state: 'ACTIVE' }, errors: [] });
    const taken = await adminGql<{ promoCreate: { errors: Array<{ field: string; code: string }> } }>(t, CREATE, { i: { code: 'WELCOME7', name: 'Again', percent: 5 } }, as.catalogue);
    expect(taken.data!.promoCreate.errors).toEqual([{ field: 'code', code: 'UNIQUE' }]);
    const bad = await adminGql<{ promoCreate: { errors: Array<{ field: string }> } }>(t, CREATE, { i: { code: 'HALF', name: 'Both', percent: 150, countries: ['XX'] } }, as.catalogue);
    expect(bad.data!.promoCreate.errors.map((e) => e.field)).toEqual(['percent', 'countries']);
    expect(denied(await adminGql(t, CREATE, { i: { code: 'NOPE1', name: 'x', percent: 5 } }, as.support))).toBe(true);

    const ready = await readyCheckout(t, { country: 'US', lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], voucherCode: 'welcome7' });
    expect(ready.checkout.discountAmount.fractionalAmount).toBeGreaterThan(0);
    expect(ready.checkout.voucherCode).toBe('WELCOME7');
  });

  it('maintenance mode on and off, with the addresses let through, as the shop answers it', async () => {
    const SET = 'mutation M($i: StaffMaintenanceInput!) { maintenanceSet(input: $i) { maintenance { on allowIps } errors { field code } } }';
    const shop = async () => (await t.gql<{ shop: { maintenanceMode: boolean; maintenanceAccessAllowed: boolean; maintenancePageHeader: string | null } }>('{ shop { maintenanceMode maintenanceAccessAllowed maintenancePageHeader } }')).body.data!.shop;
    const refused = await adminGql<{ maintenanceSet: { errors: Array<{ field: string }> } }>(t, SET, { i: { on: true, allowIps: ['not an ip'] } }, as.owner);
    expect(refused.data!.maintenanceSet.errors.map((e) => e.field)).toEqual(['allowIps']);
    expect((await shop()).maintenanceMode).toBe(false);
    expect(denied(await adminGql(t, SET, { i: { on: true } }, as.catalogue))).toBe(true);
    await adminGql(t, SET, { i: { on: true, header: 'Back soon', allowIps: ['127.0.0.1'] } }, as.owner);
    expect(await shop()).toEqual({ maintenanceMode: true, maintenanceAccessAllowed: true, maintenancePageHeader: 'Back soon' });
    await adminGql(t, SET, { i: { on: false } }, as.owner);
    expect((await shop()).maintenanceMode).toBe(false);
    expect((await auditFor('shop:maintenance')).map((a) => a.action)).toEqual(['maintenance.update', 'maintenance.update']);
  });

  it('the dashboard: sales per day (every day drawn) and per country in each currency, cancelled orders left out and net of refunds, and how many checkouts became orders', async () => {
    type Money = { currency: string; gross: number; refunded: number; net: number };
    type Report = { salesReport: { days: Array<{ date: string; orders: number; totals: Money[] }>; countries: Array<{ country: string; orders: number; totals: Money[] }>; checkouts: number; converted: number } };
    const REPORT = '{ salesReport(days: 7) { days { date orders totals { currency gross refunded net } } countries { country orders totals { currency gross refunded net } } checkouts converted } }';
    const before = (await adminGql<Report>(t, REPORT, {}, as.support)).data!.salesReport;
    const de = (r: Report['salesReport']) => r.countries.find((c) => c.country === 'DE') ?? { orders: 0, totals: [] };
    const today = (r: Report['salesReport']) => r.days.find((d) => d.date === new Date().toISOString().slice(0, 10)) ?? { orders: 0, totals: [] };
    const eur = (totals: Money[]) => totals.find((m) => m.currency === 'eur') ?? { gross: 0, refunded: 0, net: 0 };
    const change = (a: Money[], b: Money[]) => ({ gross: eur(a).gross - eur(b).gross, refunded: eur(a).refunded - eur(b).refunded, net: eur(a).net - eur(b).net });
    const one = await placeCardOrder('DE');
    const two = await placeCardOrder('DE');
    await readyCheckout(t, { country: 'DE', lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    // A refund of 5.00 on the second order, and an unpaid quote placed and cancelled: neither is a sale.
    const REFUND = 'mutation R($n: String!, $a: Int, $k: String!) { orderRefund(number: $n, amount: $a, idempotencyKey: $k, reason: "Returned") { errors { field code } } }';
    expect((await adminGql<{ orderRefund: { errors: unknown[] } }>(t, REFUND, { n: two.number, a: 500, k: 'dashboard-refund' }, as.owner)).data!.orderRefund.errors).toEqual([]);
    const quote = await readyCheckout(t, { country: 'DE', lines: [{ sku: 'ACC-USBC-1M', quantity: 5 }], method: 'ELECTRONIC_QUOTE' });
    const quoted = (await t.gql<PlaceAnswer>(PLACE, { token: quote.token, key: `admin-${quote.token}`, total: quote.total })).body.data!.checkoutPlaceOrder;
    expect(quoted.errors).toEqual([]);
    const CANCEL = 'mutation C($n: String!) { orderCancel(number: $n, reason: "Test") { errors { code } } }';
    expect((await adminGql<{ orderCancel: { errors: unknown[] } }>(t, CANCEL, { n: quoted.order!.number }, as.owner)).data!.orderCancel.errors).toEqual([]);

    const after = (await adminGql<Report>(t, REPORT, {}, as.support)).data!.salesReport;
    expect(de(after).orders - de(before).orders).toBe(2);
    expect(change(de(after).totals, de(before).totals)).toEqual({ gross: one.total + two.total, refunded: 500, net: one.total + two.total - 500 });
    expect(today(after).orders - today(before).orders).toBe(2);
    expect(change(today(after).totals, today(before).totals)).toEqual({ gross: one.total + two.total, refunded: 500, net: one.total + two.total - 500 });
    expect([after.checkouts - before.checkouts, after.converted - before.converted]).toEqual([4, 3]);
    // Seven days, one after the other up to today, each drawn: a day without orders is a zero without totals.
    const dates = after.days.map((d) => d.date);
    expect(dates).toEqual(Array.from({ length: 7 }, (_, i) => new Date(Date.now() - (6 - i) * 86_400_000).toISOString().slice(0, 10)));
    for (const d of after.days) if (d.orders === 0) expect(d.totals).toEqual([]);
    expect(denied(await adminGql(t, REPORT, {}, as.buyer))).toBe(true);
  });
});
