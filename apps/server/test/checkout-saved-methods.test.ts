import { DEMO_USERS, schema } from '@probe/db';
import { and, eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestGateway } from '../src/modules/payments/index.ts';
import { readyCheckout } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { tableFingerprint } from './table-fingerprint.ts';
import { pdfText } from './pdf-text.ts';

/**
 * Issue 34: an organization's admin pays a checkout for it with the organization's saved method, in one
 * step (no card typed); nobody else is offered it or can pay with it, and a refusal changes nothing.
 */
const [, admin, member] = DEMO_USERS;
const LAKESIDE = '5e0c2b9a-3f4d-4c1e-8b6a-000000000002';
const NORDVET = '5e0c2b9a-3f4d-4c1e-8b6a-000000000003';
const CHICAGO = { firstName: 'Alex', lastName: 'Admin', streetAddress1: '233 S Wacker Dr', city: 'Chicago', postalCode: '60606', country: 'US', countryArea: 'IL', phone: '+1 312 555 0100' };
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

const gateway = new TestGateway();
let t: TestApp;
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) }, gateway });
  for (const u of [admin!, member!]) {
    const jwt = await new SignJWT({ email: u.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(u.id).setIssuedAt().setExpirationTime('5m').sign(pair.privateKey);
    headers[u.email] = { authorization: `JWT ${jwt}` };
  }
});
afterAll(() => t?.close());

const SAVED = `query S($token: String!) { checkout(token: $token) { savedPaymentMethods { __typename ... on CreditCard { id lastDigits isPrimary } ... on SEPADirectDebit { id lastDigits } } } }`;
const BEFORE = `mutation B($token: String!, $method: PaymentMethodType!, $saved: ID) {
  checkoutBeforePlaceOrder(token: $token, paymentMethod: $method, attestations: ["TERMS_AND_CONDITIONS", "LICENSED"], savedPaymentMethodId: $saved) { checkout { paymentIntentSecret paymentRedirectUrl } errors { code field } } }`;
const PLACE = `mutation P($token: String!, $key: String!, $total: Int, $saved: ID) {
  checkoutPlaceOrder(token: $token, idempotencyKey: $key, expectedTotal: $total, savedPaymentMethodId: $saved) {
    order { number token paymentStatus payments { status ccLastDigits } total { gross { fractionalAmount } } } errors { code field } } }`;

async function membership(userId: string, organizationId: string): Promise<string> {
  const [row] = await t.database.db.select().from(schema.organizationMemberships)
    .where(and(eq(schema.organizationMemberships.userId, userId), eq(schema.organizationMemberships.organizationId, organizationId)));
  return gid('OrganizationMembership', row!.id);
}

/** A checkout of a cable for Lakeside, ready to pay, by this user. */
async function cableFor(user: (typeof DEMO_USERS)[number]) {
  return readyCheckout(t, {
    country: 'US', address: CHICAGO, lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }],
    signedIn: { headers: headers[user.email]!, organizationMembershipId: await membership(user.id, LAKESIDE), bundleType: 'ACCESSORIES_CHECKOUT' },
  });
}
async function savedOf(token: string, who: string) {
  const res = await t.gql<{ checkout: { savedPaymentMethods: Array<{ __typename: string; id: string; lastDigits: string; isPrimary?: boolean }> } }>(SAVED, { token }, headers[who]);
  return res.body.data!.checkout.savedPaymentMethods;
}
async function pay(token: string, total: number, saved: string, who: string) {
  const before = await t.gql<{ checkoutBeforePlaceOrder: { checkout: { paymentIntentSecret: string | null } | null; errors: Array<{ code: string; field: string }> } }>(BEFORE, { token, method: 'CREDIT_CARD', saved }, headers[who]);
  if (before.body.data!.checkoutBeforePlaceOrder.errors.length) return { before: before.body.data!.checkoutBeforePlaceOrder, placed: null };
  const placed = await t.gql<{ checkoutPlaceOrder: { order: { number: string; paymentStatus: string; payments: Array<{ status: string; ccLastDigits: string | null }>; total: { gross: { fractionalAmount: number } } } | null; errors: Array<{ code: string; field: string }> } }>(
    PLACE, { token, key: `saved-${token}`, total, saved }, headers[who]);
  return { before: before.body.data!.checkoutBeforePlaceOrder, placed: placed.body.data!.checkoutPlaceOrder };
}
const ledger = () => tableFingerprint(t.database.db, ['orders', 'order_lines', 'payments']);

describe('a checkout paid with the organization\'s saved method', () => {
  it('the admin is offered the primary card and pays with it in one step: charged once, the order paid by that card', async () => {
    const ready = await cableFor(admin!);
    const offered = await savedOf(ready.token, admin!.email);
    expect(offered[0]).toMatchObject({ __typename: 'CreditCard', lastDigits: '4242', isPrimary: true });
    const charges = gateway.charges.length;
    const { before, placed } = await pay(ready.token, ready.total, offered[0]!.id, admin!.email);
    expect(before.errors).toEqual([]);
    expect(before.checkout!.paymentIntentSecret).toBeNull();
    expect(placed!.errors).toEqual([]);
    expect(placed!.order).toMatchObject({ paymentStatus: 'FULLY_CHARGED', payments: [{ status: 'SUCCEEDED', ccLastDigits: '4242' }], total: { gross: { fractionalAmount: ready.total } } });
    expect(gateway.charges.length).toBe(charges + 1);
    // Listed with the checkout's payments: a crash before the order's commit would be refunded by reconciliation.
    expect(gateway.charges.at(-1)).toMatchObject({ amount: ready.total, kind: 'checkout', checkoutToken: ready.token });

    // Its invoice is made out to the clinic (the company, the buyer typed none), its address as the US writes it.
    const pdf = await t.app.inject({ method: 'GET', url: `/documents/invoice/${(placed!.order as unknown as { token: string }).token}.pdf` });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Lakeside Clinic');
    expect(text).toContain('Chicago, IL 60606');
    expect(text).toContain('4242');
  });

  it('a member who is not an admin is offered nothing and may not pay with it; another organization\'s method is not found; nothing is written', async () => {
    const [lakesideCard] = await t.database.db.select().from(schema.savedPaymentMethods).where(and(eq(schema.savedPaymentMethods.organizationId, LAKESIDE), eq(schema.savedPaymentMethods.isPrimary, true)));
    const [nordvetCard] = await t.database.db.select().from(schema.savedPaymentMethods).where(eq(schema.savedPaymentMethods.organizationId, NORDVET));
    const asMember = await cableFor(member!);
    expect(await savedOf(asMember.token, member!.email)).toEqual([]);
    const unchanged = await ledger();
    const charges = gateway.charges.length;
    expect((await pay(asMember.token, asMember.total, lakesideCard!.id, member!.email)).before.errors).toEqual([{ code: 'NO_PERMISSIONS', field: 'savedPaymentMethodId' }]);
    const asAdmin = await cableFor(admin!);
    expect((await pay(asAdmin.token, asAdmin.total, nordvetCard!.id, admin!.email)).before.errors).toEqual([{ code: 'PAYMENT_NOT_FOUND', field: 'savedPaymentMethodId' }]);
    // Straight to the placement, past the check of CheckoutBeforePlaceOrder: refused the same way.
    const placed = await t.gql<{ checkoutPlaceOrder: { order: unknown; errors: Array<{ code: string; field: string }> } }>(PLACE, { token: asAdmin.token, key: `saved-other-${asAdmin.token}`, total: asAdmin.total, saved: nordvetCard!.id }, headers[admin!.email]);
    expect(placed.body.data!.checkoutPlaceOrder).toEqual({ order: null, errors: [{ code: 'PAYMENT_NOT_FOUND', field: 'savedPaymentMethodId' }] });
    expect(await ledger()).toBe(unchanged);
    expect(gateway.charges.length).toBe(charges);
  });

  it('a declined saved card: the error, no order, the checkout still open to pay another way', async () => {
    const db = t.database.db;
    const [declining] = await db.insert(schema.savedPaymentMethods).values({ organizationId: LAKESIDE, kind: 'CREDIT_CARD', gateway: 'test', paymentToken: 'pm_test_card_0341_declines_checkout', brand: 'visa', lastDigits: '0341', expMonth: 12, expYear: 2035 }).returning();
    const ready = await cableFor(admin!);
    expect((await savedOf(ready.token, admin!.email)).map((m) => m.lastDigits)).toEqual(['4242', '0341']);
    const unchanged = await ledger();
    const { placed } = await pay(ready.token, ready.total, declining!.id, admin!.email);
    expect(placed).toEqual({ order: null, errors: [{ code: 'CARD_DECLINED', field: 'payment' }] });
    expect(await ledger()).toBe(unchanged);
    const [checkout] = await db.select().from(schema.checkouts).where(eq(schema.checkouts.token, ready.token));
    expect(checkout!.completedOrderToken).toBeNull();

    // The buyer pays with the other card, the placement's key unchanged (the storefront keeps it across a refusal).
    const charges = gateway.charges.length;
    const again = await pay(ready.token, ready.total, (await savedOf(ready.token, admin!.email))[0]!.id, admin!.email);
    expect(again.placed!.errors).toEqual([]);
    expect(again.placed!.order).toMatchObject({ paymentStatus: 'FULLY_CHARGED', payments: [{ status: 'SUCCEEDED', ccLastDigits: '4242' }] });
    expect(gateway.charges.length).toBe(charges + 1);
  });
});

