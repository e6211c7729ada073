import { DEMO_USERS, schema } from '@probe/db';
import { applyTax } from '@probe/domain';
import { eq, sql } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDocument, DEMO_SELLER } from '../src/modules/documents/index.ts';
import { orderMailFor } from '../src/modules/orders/index.ts';
import { TestGateway } from '../src/modules/payments/index.ts';
import { periodEndHandler } from '../src/modules/subscriptions/index.ts';
import { dueSubscriptions } from './subscription-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { tableFingerprint } from './table-fingerprint.ts';
import { pdfText } from './pdf-text.ts';

/**
 * Decision 0042: every charge to a saved method for a change of the subscription is an order, with its
 * invoice (PDF), its confirmation e-mail (through the outbox) and a line in the buyer's orders; a declined
 * card leaves none of it, and no seats.
 */
const vet = DEMO_USERS[3]!;
const NORDVET = '5e0c2b9a-3f4d-4c1e-8b6a-000000000003';
const gid = (id: string) => Buffer.from(`Organization:${id}`).toString('base64');
const BERLIN = { firstName: 'Vera', lastName: 'Vet', companyName: '', streetAddress1: 'Tierparkallee 5', streetAddress2: '', city: 'Berlin', postalCode: '10319', country: 'DE', countryArea: '', phone: '' };

let t: TestApp;
let auth: string;
let signFor: (user: { id: string; email: string }) => Promise<string>;
const gateway = new TestGateway();

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  signFor = (user) => new SignJWT({ email: user.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store')
    .setSubject(user.id).setIssuedAt().setExpirationTime('5m').sign(pair.privateKey);
  t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) }, gateway });
  auth = await new SignJWT({ email: vet.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store')
    .setSubject(vet.id).setIssuedAt().setExpirationTime('5m').sign(pair.privateKey);
  await t.database.db.update(schema.organizations).set({ billingAddress: BERLIN }).where(eq(schema.organizations.id, NORDVET));
});
afterAll(() => t?.close());

const CHANGE = `mutation ChangeSubscription($org: ID!, $input: SubscriptionChangeInput!, $key: String!) {
  subscriptionChange(organizationId: $org, input: $input, idempotencyKey: $key) { subscription { seats } charged { fractionalAmount currency } errors { code field } } }`;
const ORDERS = 'query { me { orders { number total { gross { fractionalAmount currency } } } } }';

async function addSeats(seats: number, key: string) {
  const res = await t.gql<{ subscriptionChange: { subscription: { seats: number } | null; charged: { fractionalAmount: number; currency: string } | null; errors: Array<{ code: string }> } }>(
    CHANGE, { org: gid(NORDVET), input: { plan: 'TEAM', seats }, key }, { authorization: `JWT ${auth}` });
  if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.subscriptionChange;
}
const subscription = async () => (await t.database.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.organizationId, NORDVET)))[0]!;
const chargeRow = async (key: string) => (await t.database.db.select().from(schema.subscriptionCharges).where(eq(schema.subscriptionCharges.idempotencyKey, key)))[0]!;
const receipts = async (chargeId: number) => t.database.db.select().from(schema.orders).where(eq(schema.orders.idempotencyKey, `subscription-charge:${chargeId}`));


describe('every charge leaves a receipt', () => {
  it('two seats added: one charge, one order for that amount with German VAT split out, its invoice naming the practice, its e-mail queued, in my account', async () => {
    const before = await subscription();
    const gatewayCharges = gateway.charges.length;
    const done = await addSeats(before.seats + 2, 'nordvet-seats-receipt-1');
    expect(done.errors).toEqual([]);
    expect(done.subscription!.seats).toBe(before.seats + 2);
    expect(gateway.charges.length).toBe(gatewayCharges + 1);
    const charge = await chargeRow('nordvet-seats-receipt-1');
    expect(charge.status).toBe('SUCCEEDED');
    expect(charge.amount).toBe(done.charged!.fractionalAmount);

    const [order, ...more] = await receipts(charge.id);
    expect(more).toEqual([]);
    const taxed = applyTax(charge.amount, 'eur', 19_000, 'gross');
    expect(order).toMatchObject({
      userId: vet.id, email: vet.email, country: 'DE', language: 'de', currency: 'eur', bundleType: 'EXPANSION_CHECKOUT', paymentMethod: 'CREDIT_CARD',
      chargeStatus: 'FULLY_CHARGED', totalGross: charge.amount, totalNet: taxed.net, totalTax: taxed.tax, reverseCharge: false,
      billingAddress: expect.objectContaining({ companyName: 'Nordvet Tierklinik', city: 'Berlin' }),
    });
    const lines = await t.database.db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order!.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ productSku: 'TEAM-ANNUAL-VET', totalGross: charge.amount, totalNet: taxed.net });
    // The plan's picture, as my account's order cards show for any order.
    expect(lines[0]!.thumbnail).toMatch(/^products\/.+\.\w+$/);
    expect(lines[0]!.quantity * lines[0]!.unitGross).toBe(charge.amount);

    // The confirmation through the outbox, with the invoice attached.
    const [job] = await t.database.db.select().from(schema.outbox).where(sql`${schema.outbox.topic} = 'order.placed' and ${schema.outbox.payload}->>'orderToken' = ${order!.token}`);
    expect(job).toBeDefined();
    const mail = await orderMailFor(t.database.db, 'order.placed', job!.payload, 'https://store.test');
    expect(mail).toMatchObject({ to: vet.email, subject: `Ihre Bestellung ${order!.number}` });
    expect(mail!.attachments?.[0]?.filename).toBe(`Rechnung-${order!.number}.pdf`);
    const pdf = await orderDocument(t.database.db, { id: order!.id }, 'invoice', { seller: DEMO_SELLER, publicUrl: 'https://store.test' });
    const text = await pdfText(pdf!.bytes);
    expect(text).toContain('Nordvet Tierklinik');
    expect(text).toContain('10319 Berlin');
    expect(text).toContain(order!.number);
    expect(text).toContain('4242');

    const mine = await t.gql<{ me: { orders: Array<{ number: string; total: { gross: { fractionalAmount: number } } }> } }>(ORDERS, {}, { authorization: `JWT ${auth}` });
    expect(mine.body.data!.me.orders.find((o) => o.number === order!.number)?.total.gross.fractionalAmount).toBe(charge.amount);

    // The same key again: the same answer, no second charge and no second receipt.
    await addSeats(before.seats + 2, 'nordvet-seats-receipt-1');
    expect(gateway.charges.length).toBe(gatewayCharges + 1);
    expect(await receipts(charge.id)).toHaveLength(1);
  });

  it('a declined card: no seats, no order, no e-mail; only the failed attempt is recorded', async () => {
    const db = t.database.db;
    await db.update(schema.savedPaymentMethods).set({ isPrimary: false }).where(eq(schema.savedPaymentMethods.organizationId, NORDVET));
    await db.insert(schema.savedPaymentMethods).values({ organizationId: NORDVET, kind: 'CREDIT_CARD', gateway: 'test', paymentToken: 'pm_test_card_0341_declines_nv', brand: 'visa', lastDigits: '0341', expMonth: 12, expYear: 2035, isPrimary: true });
    const before = await subscription();
    const unchanged = await tableFingerprint(db, ['subscriptions', 'subscription_events', 'orders', 'order_lines']);
    const placed = (await db.select({ n: sql<number>`count(*)::int` }).from(schema.outbox).where(eq(schema.outbox.topic, 'order.placed')))[0]!.n;
    const declined = await addSeats(before.seats + 1, 'nordvet-seats-declined-1');
    expect(declined).toMatchObject({ subscription: null, errors: [{ code: 'CARD_DECLINED' }] });
    expect(await tableFingerprint(db, ['subscriptions', 'subscription_events', 'orders', 'order_lines'])).toBe(unchanged);
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(schema.outbox).where(eq(schema.outbox.topic, 'order.placed')))[0]!.n).toBe(placed);
    const charge = await chargeRow('nordvet-seats-declined-1');
    expect(charge.status).toBe('FAILED');
    expect(await receipts(charge.id)).toEqual([]);
  });
});

describe('an automatic renewal leaves a receipt too', () => {
  const renew = async (subscriptionId: string, periodEnd: Date) =>
    periodEndHandler({ db: t.database.db, gateway, now: () => new Date(periodEnd.getTime() + 60_000), publicUrl: 'https://store.test' })({ payload: { subscriptionId, periodEnd: periodEnd.toISOString() } });
  const renewalCharge = async (subscriptionId: string) => (await t.database.db.select().from(schema.subscriptionCharges).where(eq(schema.subscriptionCharges.subscriptionId, subscriptionId)))[0]!;

  it('the period-end job\'s charge: one order for the renewed year, VAT split out, its invoice and e-mail, in the admin\'s orders; run again, nothing doubled', async () => {
    const periodEnd = new Date('2031-06-30T09:00:00Z');
    const { ids: [id] } = await dueSubscriptions(t.database.db, { count: 1, periodEnd, price: 199_500 });
    await renew(id!, periodEnd);
    const charge = await renewalCharge(id!);
    expect(charge).toMatchObject({ kind: 'RENEWAL', status: 'SUCCEEDED', amount: 199_500 });
    const [order, ...more] = await receipts(charge.id);
    expect(more).toEqual([]);
    const [admin] = await t.database.db.select({ id: schema.users.id, email: schema.users.email }).from(schema.organizationMemberships)
      .innerJoin(schema.users, eq(schema.users.id, schema.organizationMemberships.userId))
      .innerJoin(schema.subscriptions, eq(schema.subscriptions.organizationId, schema.organizationMemberships.organizationId)).where(eq(schema.subscriptions.id, id!));
    const taxed = applyTax(199_500, 'eur', 19_000, 'gross');
    expect(order).toMatchObject({
      userId: admin!.id, email: admin!.email, bundleType: 'RENEWAL_CHECKOUT', chargeStatus: 'FULLY_CHARGED', currency: 'eur', language: 'de',
      totalGross: 199_500, totalNet: taxed.net, totalTax: taxed.tax, billingAddress: expect.objectContaining({ companyName: expect.stringMatching(/^Renewal /) }),
    });
    const [job] = await t.database.db.select().from(schema.outbox).where(sql`${schema.outbox.topic} = 'order.placed' and ${schema.outbox.payload}->>'orderToken' = ${order!.token}`);
    const mail = await orderMailFor(t.database.db, 'order.placed', job!.payload, 'https://store.test');
    expect(mail).toMatchObject({ to: admin!.email, subject: `Ihre Bestellung ${order!.number}` });
    expect(mail!.attachments?.[0]?.filename).toBe(`Rechnung-${order!.number}.pdf`);
    const pdf = await orderDocument(t.database.db, { id: order!.id }, 'invoice', { seller: DEMO_SELLER, publicUrl: 'https://store.test' });
    const text = await pdfText(pdf!.bytes);
    expect(text).toContain(order!.number);
    expect(text).toContain('Team');
    const mine = await t.gql<{ me: { orders: Array<{ number: string; total: { gross: { fractionalAmount: number } } }> } }>(ORDERS, {}, { authorization: `JWT ${await signFor(admin!)}` });
    expect(mine.body.data!.me.orders.find((o) => o.number === order!.number)?.total.gross.fractionalAmount).toBe(199_500);

    // The job delivered twice: the period moved on, nothing charged or receipted again.
    const charges = gateway.charges.length;
    await renew(id!, periodEnd);
    expect(gateway.charges.length).toBe(charges);
    expect(await receipts(charge.id)).toHaveLength(1);
  });

  it('a declined renewal leaves no order and no e-mail', async () => {
    const periodEnd = new Date('2031-07-31T09:00:00Z');
    const { ids: [id] } = await dueSubscriptions(t.database.db, { count: 1, periodEnd, paymentToken: () => `pm_test_card_0341_declines_renewal_${Date.now()}` });
    const orders = await tableFingerprint(t.database.db, ['orders', 'order_lines']);
    await renew(id!, periodEnd);
    const charge = await renewalCharge(id!);
    expect(charge.status).toBe('FAILED');
    expect(await receipts(charge.id)).toEqual([]);
    expect(await tableFingerprint(t.database.db, ['orders', 'order_lines'])).toBe(orders);
  });
});
