import { DEMO_USERS, schema } from '@probe/db';
import { canChangeCharge, type ChargeStatus } from '@probe/domain';
import { eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../apps/server/test/admin-support.ts';
import { CARD_DECLINED, readyCheckout } from '../../apps/server/test/checkout-support.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';
import { place, postWebhook, testGateway } from '../support/store.ts';

const vet = DEMO_USERS[3]!;
const NORDVET = '5e0c2b9a-3f4d-4c1e-8b6a-000000000003';
const DAY = 86_400_000;

/**
 * P7: a SEPA debit that the bank returns days later (the app's clock moved on), with late and
 * out-of-order events after it: only legal transitions, the extra probe provisioned at once and
 * withdrawn on failure; a declined card consumes nothing.
 */
describe('P7 asynchronous payment failing days later (PostgreSQL)', () => {
  let app: TestApp;
  let clock = new Date();
  const now = () => clock;
  const gateway = testGateway(now);
  let headers: Record<string, string>;
  beforeAll(async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    app = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) }, gateway, now });
    headers = await tokenFor(pair.privateKey, vet);
  });
  afterAll(() => app?.close());

  const subscription = async () => (await app.database.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.organizationId, NORDVET)))[0]!;
  const orderRow = async (token: string) => (await app.database.db.select().from(schema.orders).where(eq(schema.orders.token, token)))[0]!;

  it('returned 5 days later: ASYNC_PROCESSING → NOT_CHARGED, the probe withdrawn, later events ignored', async () => {
    const [membership] = await app.database.db.select().from(schema.organizationMemberships).where(eq(schema.organizationMemberships.userId, vet.id));
    const membershipId = Buffer.from(`OrganizationMembership:${membership!.id}`).toString('base64');
    const before = await subscription();
    const ready = await readyCheckout(app, {
      country: 'DE', language: 'EN', method: 'SEPA', lines: [{ sku: 'IQ3-USBC-VET-EXTRA', quantity: 1 }],
      signedIn: { headers, organizationMembershipId: membershipId, bundleType: 'EXTRA_PROBE_CHECKOUT' },
    });
    const intentId = ready.redirectUrl!.split('/')[2]!;
    gateway.intents.get(intentId)!.status = 'processing';
    const placed = await place(app, { token: ready.token, key: `p7-${ready.token}`, total: ready.total }, headers);
    expect(placed.errors).toEqual([]);
    const seen: ChargeStatus[] = [(await orderRow(placed.order!.token)).chargeStatus as ChargeStatus];
    expect(seen[0]).toBe('ASYNC_PROCESSING');
    expect((await subscription()).devices).toBe(before.devices + 1);

    const deliver = async (type: string) => {
      const event = gateway.signedEvent(type, intentId);
      const res = await postWebhook(app, event.rawBody, event.signature);
      expect(res.statusCode).toBe(200);
      const status = (await orderRow(placed.order!.token)).chargeStatus as ChargeStatus;
      if (status !== seen.at(-1)) seen.push(status);
      return res.json().outcome as string;
    };
    // Day 1: the bank is still processing (a late "processing" changes nothing).
    clock = new Date(clock.getTime() + DAY);
    expect(await deliver('payment_intent.processing')).toBe('ignored');
    // Day 5: the debit is returned.
    clock = new Date(clock.getTime() + 4 * DAY);
    gateway.intents.get(intentId)!.status = 'failed';
    expect(await deliver('payment_intent.payment_failed')).toBe('applied');
    // Afterwards: an out-of-order "succeeded", a "processing", the failure again — none may move the order.
    const late = [await deliver('payment_intent.succeeded'), await deliver('payment_intent.processing'), await deliver('payment_intent.payment_failed')];
    expect(late).toEqual(['ignored', 'ignored', 'ignored']);
    expect(seen).toEqual(['ASYNC_PROCESSING', 'NOT_CHARGED']);
    for (let i = 1; i < seen.length; i++) expect(canChangeCharge(seen[i - 1]!, seen[i]!)).toBe(true);
    const after = await subscription();
    expect(after.devices).toBe(before.devices);
    const [payment] = await app.database.db.select().from(schema.payments).where(eq(schema.payments.id, intentId));
    expect(payment!.status).toBe('FAILED');
    recordScenario({
      id: 'P7a', done: 'SEPA extra-probe order; clock +1 day "processing", +5 days returned debit, then "succeeded", "processing" and the failure again',
      figure: `transitions ${seen.join(' → ')} (all legal); 3/3 late events ignored; probe provisioned then withdrawn (devices ${before.devices} → ${before.devices + 1} → ${after.devices})`, pass: true,
    });
  });

  it('a declined card: the spec\'s code, no order, no stock or voucher use, no charge', async () => {
    const [variant] = await app.database.db.select().from(schema.productVariants).where(eq(schema.productVariants.sku, 'ACC-USBC-1M'));
    const [promo] = await app.database.db.select().from(schema.promos).where(eq(schema.promos.code, 'SPRING10'));
    const ready = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 2 }], voucherCode: 'SPRING10' });
    const charges = gateway.charges.length;
    const declined = await place(app, { token: ready.token, key: `p7-declined-${ready.token}`, total: ready.total, card: CARD_DECLINED });
    expect(declined.order).toBeNull();
    expect(declined.errors.map((e) => e.code)).toEqual(['CARD_DECLINED']);
    const [variantAfter] = await app.database.db.select().from(schema.productVariants).where(eq(schema.productVariants.sku, 'ACC-USBC-1M'));
    const [promoAfter] = await app.database.db.select().from(schema.promos).where(eq(schema.promos.code, 'SPRING10'));
    expect(variantAfter!.stock).toBe(variant!.stock);
    expect(promoAfter!.usedCount).toBe(promo!.usedCount);
    expect(gateway.charges.length).toBe(charges);
    expect((await app.database.db.select().from(schema.orders).where(eq(schema.orders.checkoutToken, ready.token))).length).toBe(0);
    recordScenario({ id: 'P7b', done: 'declined test card on a checkout with 2 tracked items and a voucher', figure: 'CARD_DECLINED; 0 orders, stock and voucher use unchanged, 0 charges', pass: true });
  });
});
