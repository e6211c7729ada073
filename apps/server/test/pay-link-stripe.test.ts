import { DEMO_USERS, schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGql, startStaffApp } from './admin-support.ts';
import { DE_ADDRESS } from './checkout-support.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import type { TestApp } from './harness.ts';

/**
 * A pay link paid with Stripe (decision 0056): the page's Payment Element confirms an intent made on the draft's
 * checkout, then the placement reads it; no card number is sent to us.
 */
const [, , , , student] = DEMO_USERS;
let t: TestApp;
let stripe: FakeStripe;
let orders: Record<string, string>;

beforeAll(async () => {
  stripe = await startFakeStripe({ idPrefix: 'pl' });
  const app = await startStaffApp([[student!, 'ORDER_MANAGER']], { gateway: stripe.gateway });
  t = app.t;
  orders = await app.sign(student!);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const LINK = 'state orderToken total requiredAttestations publishableKey';
type Link = { state: string; orderToken: string | null; total: number; requiredAttestations: string[]; publishableKey: string | null };
type Errors = Array<{ code: string; field: string | null }>;
const view = async (token: string) => (await t.gql<{ payLink: Link }>(`query V($token: String!) { payLink(token: $token) { ${LINK} } }`, { token })).body.data!.payLink;
const start = async (token: string, attestations: string[], total: number) => (await t.gql<{ payLinkPaymentStart: { clientSecret: string | null; publishableKey: string | null; errors: Errors } }>(
  'mutation S($token: String!, $attestations: [String!], $total: Int) { payLinkPaymentStart(token: $token, attestations: $attestations, expectedTotal: $total) { clientSecret publishableKey errors { code field } } }',
  { token, attestations, total })).body.data!.payLinkPaymentStart;
const pay = async (token: string, total: number) => (await t.gql<{ payLinkPay: { payLink: Link | null; errors: Errors } }>(
  `mutation P($token: String!, $total: Int) { payLinkPay(token: $token, expectedTotal: $total) { payLink { ${LINK} } errors { code field } } }`, { token, total })).body.data!.payLinkPay;

describe('a pay link paid in Stripe\'s Payment Element', () => {
  it('an intent for its total on the draft\'s checkout, placed once paid: one order, charged by that intent', async () => {
    const created = await adminGql<{ draftOrderCreate: { draft: { id: number } } }>(t, 'mutation C($input: StaffDraftOrderInput!) { draftOrderCreate(input: $input) { draft { id } } }',
      { input: { email: 'stripe.link@example.com', country: 'DE', language: 'de', lines: [{ sku: 'ACC-USBC-1M', quantity: 2 }], shippingAddress: DE_ADDRESS } }, orders);
    await adminGql(t, 'mutation S($id: Int!) { draftOrderSendPayLink(id: $id) { errors { code } } }', { id: created.data!.draftOrderCreate.draft.id }, orders);
    const [mail] = await t.database.db.select().from(schema.outbox).where(sql`${schema.outbox.topic} = 'mail.send' and ${schema.outbox.payload}->>'to' = 'stripe.link@example.com'`);
    const token = /\/de\/de\/pay\/([A-Za-z0-9_-]+)\//.exec((mail!.payload as { text: string }).text)![1]!;

    const link = await view(token);
    expect(link).toMatchObject({ state: 'OPEN', publishableKey: 'pk_test_pl' });
    const intents = () => stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(await start(token, link.requiredAttestations, link.total + 1)).toMatchObject({ clientSecret: null, errors: [{ code: 'PRICES_ARE_CHANGED' }] });
    expect(intents()).toHaveLength(0);

    const started = await start(token, link.requiredAttestations, link.total);
    expect(started).toMatchObject({ clientSecret: expect.stringMatching(/^pi_pl\d+_secret_x$/), publishableKey: 'pk_test_pl', errors: [] });
    expect(intents().at(-1)!.body.get('amount')).toBe(String(link.total));
    const intentId = started.clientSecret!.replace(/_secret_x$/, '');

    // A card number typed into another form is refused, unused.
    const typed = await t.gql<{ payLinkPay: { errors: Errors } }>('mutation P($token: String!, $card: TestCardInput) { payLinkPay(token: $token, card: $card) { errors { code field } } }',
      { token, card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    expect(typed.body.data!.payLinkPay.errors).toEqual([{ code: 'PAYMENT_NOT_FOUND', field: 'payment' }]);

    // Back from Stripe before the buyer paid (or with a declined card): nothing is placed.
    const unpaid = await pay(token, link.total);
    expect(unpaid.payLink!.state).toBe('OPEN');
    expect(unpaid.errors.length).toBe(1);

    stripe.confirm(intentId, 'succeeded');
    const paid = await pay(token, link.total);
    expect(paid.errors).toEqual([]);
    expect(paid.payLink).toMatchObject({ state: 'PAID', orderToken: expect.any(String) });
    const [order] = await t.database.db.select().from(schema.orders).where(eq(schema.orders.token, paid.payLink!.orderToken!));
    expect(order).toMatchObject({ chargeStatus: 'FULLY_CHARGED', totalGross: link.total });
    const payments = await t.database.db.select().from(schema.payments).where(eq(schema.payments.orderId, order!.id));
    expect(payments.map((p) => [p.id, p.status])).toEqual([[intentId, 'SUCCEEDED']]);
    // Sent again (a reload of the return page): the same order, nothing more.
    expect((await pay(token, link.total)).payLink).toMatchObject({ state: 'PAID', orderToken: order!.token });
    expect(await t.database.db.select().from(schema.orders).where(eq(schema.orders.checkoutToken, order!.checkoutToken))).toHaveLength(1);
  });
});
