import { DEMO_USERS, schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestGateway } from '../src/modules/payments/index.ts';
import { CARD_OK, PLACE, readyCheckout, variantIds, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { mailSubjects } from './subscription-support.ts';

const [, admin, member, vet, student] = DEMO_USERS;
const ORG = { lakeside: '5e0c2b9a-3f4d-4c1e-8b6a-000000000002', nordvet: '5e0c2b9a-3f4d-4c1e-8b6a-000000000003', student: '5e0c2b9a-3f4d-4c1e-8b6a-000000000004' };
const GB_ADDRESS = { firstName: 'Sam', lastName: 'Student', streetAddress1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA', country: 'GB', phone: '+44 20 7946 0000' };
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

// Bank debits settle only when this test sends their webhook.
const gateway = new TestGateway('whsec_subscription_orders', () => new Date(), 600_000);
let t: TestApp;
let ids: Record<string, string>;
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) }, gateway });
  for (const u of [admin, member, vet, student]) {
    const jwt = await new SignJWT({ email: u.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(u.id).setIssuedAt().setExpirationTime('5m').sign(pair.privateKey);
    headers[u.email] = { authorization: `JWT ${jwt}` };
  }
  ids = await variantIds(t, ['TEAM-ADDITIONAL-VET', 'IQ3-USBC-VET-EXTRA', 'PRO-ANNUAL-HUMAN', 'TEAM-ANNUAL-HUMAN', 'TEAM-ADDITIONAL-HUMAN']);
});
afterAll(() => t?.close());

async function membership(userId: string, organizationId: string): Promise<string> {
  const rows = await t.database.db.select().from(schema.organizationMemberships).where(eq(schema.organizationMemberships.userId, userId));
  return gid('OrganizationMembership', rows.find((m) => m.organizationId === organizationId)!.id);
}

/** A signed-in buyer's order for their organization, placed: its answer. */
async function orderFor(user: (typeof DEMO_USERS)[number], organizationId: string, options: { bundleType: string; lines: Array<{ sku: string; quantity: number }>; country: string; method?: string; address?: Record<string, string> }) {
  const ready = await readyCheckout(t, {
    country: options.country, language: 'EN', method: options.method ?? 'CREDIT_CARD', lines: options.lines.map((l) => ({ variantId: ids[l.sku]!, quantity: l.quantity })),
    ...(options.address ? { address: options.address } : {}),
    signedIn: { headers: headers[user.email]!, organizationMembershipId: await membership(user.id, organizationId), bundleType: options.bundleType },
  });
  // The buyer authorises a bank debit on the gateway's page; the bank answers later (the test's webhook).
  if (ready.redirectUrl) gateway.authorize(ready.redirectUrl.split('/')[2]!, 'failed');
  const placed = await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `order-${ready.token}`, total: ready.total, card: options.method ? null : CARD_OK }, headers[user.email]);
  return { ...placed.body.data!.checkoutPlaceOrder, redirectUrl: ready.redirectUrl };
}
const subscriptionOf = async (org: string) => (await t.database.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.organizationId, org)))[0];

async function webhook(type: string, intentId: string) {
  const event = gateway.signedEvent(type, intentId);
  await t.app.inject({ method: 'POST', url: '/webhooks/payments', payload: event.rawBody, headers: { 'content-type': 'application/json', 'stripe-signature': event.signature } });
}

describe('orders move the organization\'s subscription', () => {
  it('an expansion order adds its seats and their price, recorded with the order', async () => {
    const before = (await subscriptionOf(ORG.nordvet))!;
    const placed = await orderFor(vet, ORG.nordvet, { bundleType: 'EXPANSION_CHECKOUT', country: 'DE', lines: [{ sku: 'TEAM-ADDITIONAL-VET', quantity: 2 }] });
    expect(placed.errors).toEqual([]);
    const after = (await subscriptionOf(ORG.nordvet))!;
    expect(after.seats).toBe(before.seats + 2);
    expect(after.currentPrice).toBeGreaterThan(before.currentPrice);
    const events = await t.database.db.select().from(schema.subscriptionEvents).where(eq(schema.subscriptionEvents.orderToken, placed.order!.token));
    expect(events.map((e) => e.type)).toEqual(['SEATS_ADDED']);
  });

  it('extra probes paid by SEPA are added at once, and withdrawn when the bank returns the debit', async () => {
    const before = (await subscriptionOf(ORG.nordvet))!;
    const placed = await orderFor(vet, ORG.nordvet, { bundleType: 'EXTRA_PROBE_CHECKOUT', country: 'DE', method: 'SEPA', lines: [{ sku: 'IQ3-USBC-VET-EXTRA', quantity: 1 }] });
    expect(placed.errors).toEqual([]);
    expect(placed.order!.paymentStatus).toBe('ASYNC_PROCESSING');
    expect((await subscriptionOf(ORG.nordvet))!.devices).toBe(before.devices + 1);
    await webhook('payment_intent.payment_failed', placed.redirectUrl!.split('/')[2]!);
    const after = (await subscriptionOf(ORG.nordvet))!;
    expect(after.devices).toBe(before.devices);
    expect(after.seats).toBe(before.seats);
    expect(after.status).toBe('ACTIVE');
    // Nordvet's plan was bought in German: the admin is told in German.
    expect(await mailSubjects(t.database.db, vet.email)).toEqual(['Eine Zahlung für Ihr Team-Abonnement ist fehlgeschlagen']);
  });

  it('a plan bought for an organization without one starts its subscription, with its renewal job', async () => {
    expect(await subscriptionOf(ORG.student)).toBeUndefined();
    const placed = await orderFor(student, ORG.student, { bundleType: 'INDIVIDUAL_CHECKOUT', country: 'GB', address: GB_ADDRESS, lines: [{ sku: 'PRO-ANNUAL-HUMAN', quantity: 1 }] });
    expect(placed.errors).toEqual([]);
    const created = (await subscriptionOf(ORG.student))!;
    expect(created).toMatchObject({ planType: 'INDIVIDUAL', status: 'ACTIVE', term: 'ANNUAL', autoRenew: true, currency: 'gbp' });
    expect(created.currentPrice).toBe(placed.order!.total.gross.fractionalAmount);
    const jobs = await t.database.db.select().from(schema.outbox).where(eq(schema.outbox.topic, 'subscription.period-end'));
    expect(jobs.some((j) => (j.payload as { subscriptionId: string }).subscriptionId === created.id)).toBe(true);
  });

  it('what the rules refuse refuses the order, uncharged: an upgrade at full price, a member buying seats, a second plan', async () => {
    const charges = gateway.charges.length;
    const lakeside = (await subscriptionOf(ORG.lakeside))!;
    const upgrade = await orderFor(admin, ORG.lakeside, { bundleType: 'UPGRADE_CHECKOUT', country: 'US', lines: [{ sku: 'TEAM-ANNUAL-HUMAN', quantity: 3 }] });
    expect(upgrade).toMatchObject({ order: null, errors: [{ code: 'OPERATION_NOT_ALLOWED' }] });
    const byMember = await orderFor(member, ORG.lakeside, { bundleType: 'EXPANSION_CHECKOUT', country: 'US', lines: [{ sku: 'TEAM-ADDITIONAL-HUMAN', quantity: 1 }] });
    expect(byMember).toMatchObject({ order: null, errors: [{ code: 'NO_PERMISSIONS' }] });
    const again = await orderFor(student, ORG.student, { bundleType: 'INDIVIDUAL_CHECKOUT', country: 'GB', address: GB_ADDRESS, lines: [{ sku: 'PRO-ANNUAL-HUMAN', quantity: 1 }] });
    expect(again).toMatchObject({ order: null, errors: [{ code: 'OPERATION_NOT_ALLOWED' }] });
    expect(gateway.charges.length).toBe(charges);
    expect((await subscriptionOf(ORG.lakeside))!.version).toBe(lakeside.version);
  });
});
