import { DEMO_USERS, schema } from '@probe/db';
import { and, eq, isNull } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../src/jobs/index.ts';
import { TestGateway, type PaymentGateway } from '../src/modules/payments/index.ts';
import { SubscriptionChanges, SUBSCRIPTION_TOPICS, type ChargeResumeJob } from '../src/modules/subscriptions/index.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { memoryLogger } from './jobs-support.ts';
import { mailSubjects } from './subscription-support.ts';
import { tableFingerprint } from './table-fingerprint.ts';

const [individual, admin, member, , , lapsed] = DEMO_USERS;
const ORG = { ada: '5e0c2b9a-3f4d-4c1e-8b6a-000000000001', lakeside: '5e0c2b9a-3f4d-4c1e-8b6a-000000000002', mokotow: '5e0c2b9a-3f4d-4c1e-8b6a-000000000005' };
const gid = (id: string) => Buffer.from(`Organization:${id}`).toString('base64');
const DAY = 86_400_000;

let t: TestApp;
let key: CryptoKey;
const gateway = new TestGateway();
const auth: Record<string, string> = {};
const as = (who: string) => ({ authorization: `JWT ${auth[who]}` });

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  key = pair.privateKey;
  t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) }, gateway });
  for (const u of [individual, admin, member, lapsed]) {
    auth[u.email.split('@')[0]!] = await new SignJWT({ email: u.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store')
      .setSubject(u.id).setIssuedAt().setExpirationTime('5m').sign(key);
  }
});
afterAll(() => t?.close());

const QUOTE = `query CheckoutProrationPreview($org: ID!, $input: SubscriptionChangeInput!) { subscriptionChangePreview(organizationId: $org, input: $input) {
  quote { amount { fractionalAmount currency } credit { fractionalAmount } newPrice { fractionalAmount } periodEnd scheduled paymentMethod { ... on CreditCard { lastDigits } } }
  errors { code field } } }`;
const CHANGE = `mutation ChangeSubscription($org: ID!, $input: SubscriptionChangeInput!, $key: String!, $expected: Int) {
  subscriptionChange(organizationId: $org, input: $input, idempotencyKey: $key, expectedAmount: $expected) {
    subscription { planType seats status currentPrice { fractionalAmount } } charged { fractionalAmount currency } errors { code field } } }`;
const RENEWAL_QUOTE = `query RenewalPreview($org: ID!) { subscriptionRenewalPreview(organizationId: $org) { quote { amount { fractionalAmount currency } periodEnd } errors { code } } }`;
const RENEW = `mutation SubscriptionRenewal($org: ID!, $key: String!, $expected: Int) { subscriptionRenewal(organizationId: $org, idempotencyKey: $key, expectedAmount: $expected) {
  subscription { planType status currentPeriodEnd } charged { fractionalAmount currency } errors { code field } } }`;

interface Quote { amount: { fractionalAmount: number; currency: string }; credit: { fractionalAmount: number }; newPrice: { fractionalAmount: number }; periodEnd: string; scheduled: boolean; paymentMethod: { lastDigits: string } | null }
interface Changed { subscription: { planType: string; seats: number; status: string; currentPrice: { fractionalAmount: number } } | null; charged: { fractionalAmount: number; currency: string } | null; errors: Array<{ code: string; field: string | null }> }

async function quote(who: string, org: string, input: Record<string, unknown>) {
  const res = await t.gql<{ subscriptionChangePreview: { quote: Quote | null; errors: Array<{ code: string; field: string | null }> } }>(QUOTE, { org: gid(org), input }, as(who));
  return res.body.data!.subscriptionChangePreview;
}
async function change(who: string, org: string, input: Record<string, unknown>, keyValue: string, expected?: number) {
  const res = await t.gql<{ subscriptionChange: Changed }>(CHANGE, { org: gid(org), input, key: keyValue, expected: expected ?? null }, as(who));
  return res.body.data!.subscriptionChange;
}
const subscriptionOf = async (org: string) => (await t.database.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.organizationId, org)))[0]!;
const chargesFor = (keyValue: string) => gateway.charges.filter((c) => c.checkoutToken.endsWith(`:${keyValue}`));
const billing = () => tableFingerprint(t.database.db, ['subscriptions', 'subscription_events', 'subscription_charges']);

async function listPrice(sku: string, country: string): Promise<number> {
  const [row] = await t.database.db.select({ amount: schema.variantPrices.amount }).from(schema.variantPrices)
    .innerJoin(schema.productVariants, eq(schema.productVariants.id, schema.variantPrices.variantId))
    .where(and(eq(schema.productVariants.sku, sku), eq(schema.variantPrices.country, country)));
  return row!.amount;
}

/** The share of a period left at `at`, as the preview prices it. */
function prorated(difference: number, row: { periodStart: Date | null; periodEnd: Date | null }, at: number): number {
  const total = row.periodEnd!.getTime() - row.periodStart!.getTime();
  return Math.round((difference * (row.periodEnd!.getTime() - at)) / total);
}

describe('ChangeSubscription', () => {
  it('Pro → Team with 3 seats: the preview prices the rest of the period less the unused Pro, and the change charges exactly that, once', async () => {
    const before = await subscriptionOf(ORG.ada);
    const asked = Date.now();
    const { quote: q, errors } = await quote('individual', ORG.ada, { plan: 'TEAM', seats: 3 });
    expect(errors).toEqual([]);
    const teamYear = (await listPrice('TEAM-ANNUAL-HUMAN', 'US')) * 3;
    expect(q!.newPrice.fractionalAmount).toBe(teamYear);
    // Within a few seconds of the preview: the amount is the difference for the days left.
    expect(Math.abs(q!.amount.fractionalAmount - prorated(teamYear - before.currentPrice, before, asked))).toBeLessThanOrEqual(2);
    expect(q!.amount.fractionalAmount).toBeLessThan(teamYear);
    expect(Math.abs(q!.credit.fractionalAmount - prorated(before.currentPrice, before, asked))).toBeLessThanOrEqual(2);
    expect(q).toMatchObject({ scheduled: false, paymentMethod: { lastDigits: '4242' }, periodEnd: before.periodEnd!.toISOString() });

    const done = await change('individual', ORG.ada, { plan: 'TEAM', seats: 3 }, 'upgrade-ada-1', q!.amount.fractionalAmount);
    expect(done).toEqual({
      subscription: { planType: 'TEAM', seats: 3, status: 'ACTIVE', currentPrice: { fractionalAmount: teamYear } },
      charged: { fractionalAmount: q!.amount.fractionalAmount, currency: 'USD' }, errors: [],
    });
    expect(chargesFor('upgrade-ada-1').map((c) => c.amount)).toEqual([q!.amount.fractionalAmount]);
    // The same key again (a retried request): the same answer, no second charge.
    expect(await change('individual', ORG.ada, { plan: 'TEAM', seats: 3 }, 'upgrade-ada-1', q!.amount.fractionalAmount)).toEqual(done);
    expect(chargesFor('upgrade-ada-1')).toHaveLength(1);
    const after = await subscriptionOf(ORG.ada);
    expect(after.periodEnd).toEqual(before.periodEnd);
    const [event] = await t.database.db.select().from(schema.subscriptionEvents).where(eq(schema.subscriptionEvents.subscriptionId, after.id)).orderBy(schema.subscriptionEvents.id);
    expect(event).toMatchObject({ type: 'PLAN_CHANGED', before: expect.objectContaining({ plan: 'INDIVIDUAL' }), after: expect.objectContaining({ plan: 'TEAM', seats: 3 }) });
  });

  it('more seats on a clinic plan at its per-seat price; a smaller plan, a price other than the one seen, or too many seats charge nothing and change nothing', async () => {
    const before = await subscriptionOf(ORG.lakeside);
    const unchanged = await billing();
    const charged = gateway.charges.length;
    expect(await change('admin', ORG.lakeside, { plan: 'TEAM', seats: 10 }, 'lakeside-down-1')).toMatchObject({ subscription: null, errors: [{ code: 'OPERATION_NOT_ALLOWED' }] });
    expect(await change('admin', ORG.lakeside, { plan: 'CLINIC', seats: 12 }, 'lakeside-seats-stale', 1)).toMatchObject({ subscription: null, errors: [{ code: 'PRICES_ARE_CHANGED', field: 'expectedAmount' }] });
    expect(await change('admin', ORG.lakeside, { plan: 'CLINIC', seats: 5000 }, 'lakeside-seats-many')).toMatchObject({ subscription: null, errors: [{ code: 'INVALID', field: 'seats' }] });
    expect(await billing()).toBe(unchanged);
    expect(gateway.charges.length).toBe(charged);

    const { quote: q } = await quote('admin', ORG.lakeside, { plan: 'CLINIC', seats: 12 });
    expect(q!.newPrice.fractionalAmount).toBe((before.currentPrice / 10) * 12);
    const done = await change('admin', ORG.lakeside, { plan: 'CLINIC', seats: 12 }, 'lakeside-seats-1', q!.amount.fractionalAmount);
    expect(done.subscription).toMatchObject({ planType: 'CLINIC', seats: 12 });
    expect(chargesFor('lakeside-seats-1')).toHaveLength(1);
  });

  it('a declined saved card: the error, the subscription as it was, the charge recorded as failed', async () => {
    const db = t.database.db;
    await db.update(schema.savedPaymentMethods).set({ isPrimary: false }).where(eq(schema.savedPaymentMethods.organizationId, ORG.lakeside));
    await db.insert(schema.savedPaymentMethods).values({ organizationId: ORG.lakeside, kind: 'CREDIT_CARD', gateway: 'test', paymentToken: 'pm_test_card_0341_declines', brand: 'visa', lastDigits: '0341', expMonth: 12, expYear: 2035, isPrimary: true });
    const before = await subscriptionOf(ORG.lakeside);
    const declined = await change('admin', ORG.lakeside, { plan: 'CLINIC', seats: before.seats + 1 }, 'lakeside-declined-1');
    expect(declined).toMatchObject({ subscription: null, errors: [{ code: 'CARD_DECLINED', field: 'payment' }] });
    expect((await subscriptionOf(ORG.lakeside)).version).toBe(before.version);
    const [row] = await db.select().from(schema.subscriptionCharges).where(eq(schema.subscriptionCharges.idempotencyKey, 'lakeside-declined-1'));
    expect(row).toMatchObject({ kind: 'CHANGE', status: 'FAILED', failureCode: 'CARD_DECLINED' });
  });

  it('seats paid by a SEPA debit are given at once and withdrawn when the bank returns it days later', async () => {
    const db = t.database.db;
    await db.update(schema.savedPaymentMethods).set({ isPrimary: false }).where(eq(schema.savedPaymentMethods.organizationId, ORG.lakeside));
    await db.insert(schema.savedPaymentMethods).values({ organizationId: ORG.lakeside, kind: 'SEPA_DIRECT_DEBIT', gateway: 'test', paymentToken: 'pm_test_sepa_3202_returns', lastDigits: '3202', bankCountry: 'AT', isPrimary: true });
    const before = await subscriptionOf(ORG.lakeside);
    const done = await change('admin', ORG.lakeside, { plan: 'CLINIC', seats: before.seats + 1 }, 'lakeside-sepa-1');
    expect(done.subscription).toMatchObject({ seats: before.seats + 1 });
    // The test gateway's bank answers by signed webhook a moment later.
    let after = await subscriptionOf(ORG.lakeside);
    for (let i = 0; i < 100 && after.seats !== before.seats; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await subscriptionOf(ORG.lakeside);
    }
    expect(after).toMatchObject({ seats: before.seats, currentPrice: before.currentPrice, status: 'ACTIVE' });
    const [row] = await db.select().from(schema.subscriptionCharges).where(eq(schema.subscriptionCharges.idempotencyKey, 'lakeside-sepa-1'));
    expect(row).toMatchObject({ status: 'REVERSED' });
    expect(await mailSubjects(db, admin.email)).toContain('A payment for your Clinic subscription failed');
  });

  it('a member may not preview or change: PermissionDenied, nothing changed', async () => {
    const unchanged = await billing();
    const res = await t.gql(CHANGE, { org: gid(ORG.lakeside), input: { plan: 'CLINIC', seats: 20 }, key: 'member-tries-1' }, as('member'));
    expect(res.body.errors?.[0]?.extensions).toMatchObject({ exception: { code: 'PermissionDenied' } });
    expect(await billing()).toBe(unchanged);
  });
});

describe('SubscriptionRenewal', () => {
  it('an ended subscription renewed now: charged its price once, a year from today, its renewal job and an e-mail', async () => {
    const before = await subscriptionOf(ORG.mokotow);
    expect(before.status).toBe('CANCELED');
    const preview = await t.gql<{ subscriptionRenewalPreview: { quote: { amount: { fractionalAmount: number; currency: string }; periodEnd: string } } }>(RENEWAL_QUOTE, { org: gid(ORG.mokotow) }, as('lapsed'));
    const q = preview.body.data!.subscriptionRenewalPreview.quote;
    expect(q.amount).toEqual({ fractionalAmount: before.currentPrice, currency: 'PLN' });
    const renewed = await t.gql<{ subscriptionRenewal: { subscription: { status: string; currentPeriodEnd: string }; charged: { fractionalAmount: number } } }>(RENEW, { org: gid(ORG.mokotow), key: 'renew-mokotow-1', expected: q.amount.fractionalAmount }, as('lapsed'));
    const done = renewed.body.data!.subscriptionRenewal;
    expect(done.subscription.status).toBe('ACTIVE');
    expect(done.charged.fractionalAmount).toBe(before.currentPrice);
    const end = new Date(done.subscription.currentPeriodEnd).getTime();
    expect(Math.abs(end - (Date.now() + 365 * DAY))).toBeLessThan(2 * DAY);
    expect(chargesFor('renew-mokotow-1')).toHaveLength(1);
    // Again with the same key: no second charge, no second year.
    const again = await t.gql<{ subscriptionRenewal: { subscription: { currentPeriodEnd: string } } }>(RENEW, { org: gid(ORG.mokotow), key: 'renew-mokotow-1' }, as('lapsed'));
    expect(again.body.data!.subscriptionRenewal.subscription.currentPeriodEnd).toBe(done.subscription.currentPeriodEnd);
    expect(chargesFor('renew-mokotow-1')).toHaveLength(1);
    const jobs = await t.database.db.select().from(schema.outbox).where(and(eq(schema.outbox.topic, SUBSCRIPTION_TOPICS.periodEnd), isNull(schema.outbox.processedAt)));
    expect(jobs.some((j) => (j.payload as { subscriptionId: string }).subscriptionId === before.id && j.runAt.getTime() === end)).toBe(true);
    expect((await mailSubjects(t.database.db, lapsed.email)).length).toBe(1);
  });

  it('a process that dies after the gateway charged: the resume job finishes the renewal, and nothing is charged twice', async () => {
    const db = t.database.db;
    // Ada's organization, its period moved to have ended (renewable now).
    await db.update(schema.subscriptions).set({ status: 'CANCELED', periodEnd: new Date(Date.now() - DAY) }).where(eq(schema.subscriptions.organizationId, ORG.ada));
    const dying: PaymentGateway = Object.assign(Object.create(gateway) as PaymentGateway, {
      chargeSaved: async (request: Parameters<PaymentGateway['chargeSaved']>[0]) => {
        await gateway.chargeSaved(request);
        return new Promise<never>(() => {});
      },
    });
    const doomed = new SubscriptionChanges({ db, gateway: dying, now: () => new Date(), publicUrl: 'https://store.test' });
    void doomed.renew(ORG.ada, 'renew-ada-dies', null);
    for (let i = 0; i < 200 && chargesFor('renew-ada-dies').length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(chargesFor('renew-ada-dies')).toHaveLength(1);
    expect((await subscriptionOf(ORG.ada)).status).toBe('CANCELED');

    // Five minutes later the resume job runs in a restarted process, with the same gateway account.
    const later = () => new Date(Date.now() + 6 * 60_000);
    const restarted = new SubscriptionChanges({ db, gateway, now: later, publicUrl: 'https://store.test' });
    const runner = new JobRunner({ db, handlers: { [SUBSCRIPTION_TOPICS.chargeResume]: (job) => restarted.resume((job.payload as ChargeResumeJob).chargeId) }, log: memoryLogger(), now: later, id: 'restarted' });
    expect(await runner.drain()).toBeGreaterThanOrEqual(1);
    expect((await subscriptionOf(ORG.ada)).status).toBe('ACTIVE');
    expect(chargesFor('renew-ada-dies')).toHaveLength(1);
    const [row] = await db.select().from(schema.subscriptionCharges).where(eq(schema.subscriptionCharges.idempotencyKey, 'renew-ada-dies'));
    expect(row).toMatchObject({ kind: 'RENEWAL_ORDER', status: 'SUCCEEDED' });
  });
});
