import { DEMO_USERS, schema } from '@probe/db';
import { and, eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { tableFingerprint } from './table-fingerprint.ts';

const [, admin, member, vet] = DEMO_USERS;
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const LAKESIDE = gid('Organization', '5e0c2b9a-3f4d-4c1e-8b6a-000000000002');
const LAKESIDE_ID = '5e0c2b9a-3f4d-4c1e-8b6a-000000000002';
const NORDVET_ID = '5e0c2b9a-3f4d-4c1e-8b6a-000000000003';

async function listPrice(sku: string, country: string): Promise<number> {
  const [row] = await t.database.db.select({ amount: schema.variantPrices.amount }).from(schema.variantPrices)
    .innerJoin(schema.productVariants, eq(schema.productVariants.id, schema.variantPrices.variantId))
    .where(and(eq(schema.productVariants.sku, sku), eq(schema.variantPrices.country, country)));
  return row!.amount;
}

let t: TestApp;
let key: CryptoKey;
const auth: Record<string, string> = {};
const as = (who: string): Record<string, string> => (who === 'anonymous' ? {} : { authorization: `JWT ${auth[who]}` });

async function tokenFor(sub: string, email: string): Promise<string> {
  return new SignJWT({ email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(sub).setIssuedAt().setExpirationTime('5m').sign(key);
}

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  key = pair.privateKey;
  t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
  for (const u of [admin, member, vet]) auth[u.email.split('@')[0]!] = await tokenFor(u.id, u.email);
});
afterAll(() => t?.close());

/** Everything a subscription or saved-method call could change. */
function billingState(): Promise<string> {
  return tableFingerprint(t.database.db, ['subscriptions', 'subscription_events', 'saved_payment_methods', 'gateway_customers']);
}

const SETUP = `mutation Setup($org: ID!, $kind: SavedPaymentMethodKind!) { paymentMethodSetupStart(organizationId: $org, kind: $kind) { setupId clientSecret } }`;
const CREATE = `mutation PaymentMethodCreate($org: ID!, $input: PaymentMethodCreateInput!) { paymentMethodCreate(organizationId: $org, input: $input) {
  paymentMethod { __typename ... on CreditCard { id isPrimary brand lastDigits expYear } ... on SEPADirectDebit { id isPrimary lastDigits bankCountry } } errors { code field } } }`;
const PRIMARY = `mutation PaymentMethodSetAsPrimary($org: ID!, $id: ID!) { paymentMethodSetAsPrimary(organizationId: $org, id: $id) { errors { code } } }`;
const DELETE = `mutation PaymentMethodDelete($org: ID!, $id: ID!) { paymentMethodDelete(organizationId: $org, id: $id) { errors { code } } }`;
const METHODS = `query UserQuery { me { organizationMemberships { availableReusablePaymentMethods { __typename ... on CreditCard { id isPrimary lastDigits } ... on SEPADirectDebit { id isPrimary lastDigits } } } } }`;
const SCHEDULE_ADD = `mutation SubscriptionScheduleAdd($org: ID!, $plan: PlanType!) { subscriptionScheduleAdd(organizationId: $org, plan: $plan) {
  subscription { planType scheduledPlan scheduledPrice { currency fractionalAmount } } errors { code message } } }`;
const SCHEDULE_REMOVE = `mutation SubscriptionScheduleRemove($org: ID!) { subscriptionScheduleRemove(organizationId: $org) { subscription { scheduledPlan } errors { code } } }`;

async function saveMethod(who: string, input: Record<string, unknown>) {
  const setup = await t.gql<{ paymentMethodSetupStart: { setupId: string } }>(SETUP, { org: LAKESIDE, kind: input.kind }, as(who));
  return t.gql<{ paymentMethodCreate: { paymentMethod: { id: string; isPrimary: boolean; lastDigits: string } | null; errors: Array<{ code: string }> } }>(
    CREATE, { org: LAKESIDE, input: { setupId: setup.body.data!.paymentMethodSetupStart.setupId, ...input } }, as(who));
}

async function methods(who: string) {
  const res = await t.gql<{ me: { organizationMemberships: Array<{ availableReusablePaymentMethods: Array<{ __typename: string; id: string; isPrimary: boolean; lastDigits: string }> }> } }>(METHODS, undefined, as(who));
  return res.body.data!.me.organizationMemberships[0]!.availableReusablePaymentMethods;
}

describe('saved payment methods', () => {
  it('an admin saves a card (primary, being the first) and a SEPA debit, makes the debit primary, and removes it', async () => {
    // The demo clinic starts with a saved card; this is about an organization that has none yet.
    await t.database.db.delete(schema.savedPaymentMethods).where(eq(schema.savedPaymentMethods.organizationId, LAKESIDE_ID));
    const card = await saveMethod('admin', { kind: 'CREDIT_CARD', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' } });
    expect(card.body.data!.paymentMethodCreate.paymentMethod).toMatchObject({ isPrimary: true, lastDigits: '4242', brand: 'visa', expYear: 2034 });
    const sepa = await saveMethod('admin', { kind: 'SEPA_DIRECT_DEBIT', iban: 'DE89 3704 0044 0532 0130 00' });
    expect(sepa.body.data!.paymentMethodCreate.paymentMethod).toMatchObject({ __typename: 'SEPADirectDebit', isPrimary: false, lastDigits: '3000', bankCountry: 'DE' });
    const sepaId = sepa.body.data!.paymentMethodCreate.paymentMethod!.id;
    expect((await t.gql(PRIMARY, { org: LAKESIDE, id: sepaId }, as('admin'))).body.data).toEqual({ paymentMethodSetAsPrimary: { errors: [] } });
    expect((await methods('admin')).map((m) => [m.__typename, m.isPrimary])).toEqual([['SEPADirectDebit', true], ['CreditCard', false]]);
    // Removing the primary makes the other one primary: one primary, always.
    expect((await t.gql(DELETE, { org: LAKESIDE, id: sepaId }, as('admin'))).body.data).toEqual({ paymentMethodDelete: { errors: [] } });
    expect((await methods('admin')).map((m) => [m.__typename, m.isPrimary])).toEqual([['CreditCard', true]]);
    // Only the gateway's token and display details are kept.
    const rows = await t.database.db.select().from(schema.savedPaymentMethods).where(eq(schema.savedPaymentMethods.organizationId, LAKESIDE_ID));
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
    expect(rows.every((r) => r.paymentToken.startsWith('pm_test_'))).toBe(true);
  });

  it('a bad card or IBAN is refused with the gateway\'s code, and nothing is saved', async () => {
    const before = await billingState();
    const declined = await saveMethod('admin', { kind: 'CREDIT_CARD', card: { number: '4000000000000002', expMonth: 12, expYear: 2034, cvc: '123' } });
    expect(declined.body.data!.paymentMethodCreate).toEqual({ paymentMethod: null, errors: [{ code: 'CARD_DECLINED', field: 'details' }] });
    const iban = await saveMethod('admin', { kind: 'SEPA_DIRECT_DEBIT', iban: 'DE89 3704 0044 0532 0130 01' });
    expect(iban.body.data!.paymentMethodCreate.errors).toEqual([{ code: 'INCORRECT_NUMBER', field: 'details' }]);
    expect(await billingState()).toBe(before);
  });

  it('a member, an admin of another organization and an anonymous caller can do none of it, and change nothing', async () => {
    const [card] = await methods('admin');
    const before = await billingState();
    for (const who of ['member', 'vet', 'anonymous']) {
      for (const [query, variables] of [
        [SETUP, { org: LAKESIDE, kind: 'CREDIT_CARD' }], [PRIMARY, { org: LAKESIDE, id: card!.id }], [DELETE, { org: LAKESIDE, id: card!.id }],
        [SCHEDULE_ADD, { org: LAKESIDE, plan: 'TEAM' }], [SCHEDULE_REMOVE, { org: LAKESIDE }],
      ] as const) {
        const res = await t.gql(query, variables, as(who));
        expect(res.body.errors?.[0]?.extensions).toMatchObject({ exception: { code: 'PermissionDenied' } });
      }
    }
    expect(await billingState()).toBe(before);
    // A member sees no saved methods of the organization.
    expect(await methods('member')).toEqual([]);
  });

  it('another organization\'s method id is not found from here', async () => {
    const before = await billingState();
    const res = await t.gql(PRIMARY, { org: LAKESIDE, id: '00000000-0000-4000-8000-000000000000' }, as('admin'));
    expect(res.body.data).toEqual({ paymentMethodSetAsPrimary: { errors: [{ code: 'NOT_FOUND' }] } });
    expect(await billingState()).toBe(before);
  });
});

describe('scheduled plan changes', () => {
  it('an admin schedules a change at its list price, then removes it', async () => {
    const added = await t.gql<{ subscriptionScheduleAdd: { subscription: { planType: string; scheduledPlan: string; scheduledPrice: { currency: string; fractionalAmount: number } }; errors: unknown[] } }>(SCHEDULE_ADD, { org: LAKESIDE, plan: 'TEAM' }, as('admin'));
    expect(added.body.data!.subscriptionScheduleAdd.errors).toEqual([]);
    expect(added.body.data!.subscriptionScheduleAdd.subscription).toMatchObject({ planType: 'CLINIC', scheduledPlan: 'TEAM', scheduledPrice: { currency: 'USD' } });
    // Team is sold per seat: the clinic's 10 seats at the human list price in the US.
    expect(added.body.data!.subscriptionScheduleAdd.subscription.scheduledPrice.fractionalAmount).toBe((await listPrice('TEAM-ANNUAL-HUMAN', 'US')) * 10);
    const removed = await t.gql(SCHEDULE_REMOVE, { org: LAKESIDE }, as('admin'));
    expect(removed.body.data).toEqual({ subscriptionScheduleRemove: { subscription: { scheduledPlan: null }, errors: [] } });
    const events = await t.database.db.select({ type: schema.subscriptionEvents.type }).from(schema.subscriptionEvents);
    expect(events.map((e) => e.type)).toEqual(['SCHEDULE_ADDED', 'SCHEDULE_REMOVED']);
  });

  it('a setup started for one organization cannot save a method to another', async () => {
    const setup = await t.gql<{ paymentMethodSetupStart: { setupId: string } }>(SETUP, { org: LAKESIDE, kind: 'CREDIT_CARD' }, as('admin'));
    const nordvet = gid('Organization', NORDVET_ID);
    const stolen = await t.gql<{ paymentMethodCreate: { paymentMethod: unknown; errors: Array<{ code: string }> } }>(CREATE, {
      org: nordvet, input: { setupId: setup.body.data!.paymentMethodSetupStart.setupId, kind: 'CREDIT_CARD', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' } },
    }, as('vet'));
    expect(stolen.body.data!.paymentMethodCreate).toEqual({ paymentMethod: null, errors: [{ code: 'PAYMENT_NOT_FOUND', field: 'details' }] });
  });

  it('a veterinary practice is priced at the veterinary list price', async () => {
    const added = await t.gql<{ subscriptionScheduleAdd: { subscription: { scheduledPrice: { currency: string; fractionalAmount: number } } } }>(SCHEDULE_ADD, { org: gid('Organization', NORDVET_ID), plan: 'CLINIC' }, as('vet'));
    expect(added.body.data!.subscriptionScheduleAdd.subscription.scheduledPrice).toEqual({ currency: 'EUR', fractionalAmount: (await listPrice('CLINIC-ANNUAL-VET', 'DE')) * 5 });
    await t.gql(SCHEDULE_REMOVE, { org: gid('Organization', NORDVET_ID) }, as('vet'));
  });

  it('what the rules refuse is answered with their code, and nothing changes', async () => {
    const before = await billingState();
    const again = await t.gql<{ subscriptionScheduleRemove: { errors: Array<{ code: string }> } }>(SCHEDULE_REMOVE, { org: LAKESIDE }, as('admin'));
    expect(again.body.data!.subscriptionScheduleRemove.errors).toEqual([{ code: 'OPERATION_NOT_ALLOWED' }]);
    const enterprise = await t.gql<{ subscriptionScheduleAdd: { errors: Array<{ code: string }> } }>(SCHEDULE_ADD, { org: LAKESIDE, plan: 'HOSPITAL' }, as('admin'));
    expect(enterprise.body.data!.subscriptionScheduleAdd.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    expect(await billingState()).toBe(before);
  });
});
