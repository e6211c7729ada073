import { schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_FIELDS, PLACE, readyCheckout, US_ADDRESS, mutate, type CheckoutAnswer, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { reconcilePayments } from '../src/modules/orders/index.ts';

/**
 * The Stripe adapter against a recorded-response fake of Stripe's HTTP API (the shapes Stripe answers
 * with, trimmed), through the official SDK; webhooks signed with the SDK's own test helper.
 */
describe('Stripe adapter (official SDK against a recorded-response fake of its API)', () => {
  let stripe: FakeStripe;
  let app: TestApp;
  const webhookSecret = 'whsec_stripe_fake';

  beforeAll(async () => {
    stripe = await startFakeStripe({ webhookSecret });
    app = await startTestApp({ gateway: stripe.gateway });
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  /** A checkout for one item, addresses given, card chosen: Stripe's intent made; the browser has not confirmed it yet. */
  async function stripeCheckout(sku: string): Promise<{ token: string; total: number; intentId: string; secret: string }> {
    const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku, quantity: 1 }], country: 'US', email: 'stripe@example.com' } });
    const token = created.checkout!.token;
    for (const [name, field] of [['checkoutShippingAddressUpdate', 'shippingAddress'], ['checkoutBillingAddressUpdate', 'billingAddress']] as const) {
      expect((await mutate(app, name, `$token: String!, $${field}: AddressInput!`, { token, [field]: US_ADDRESS })).errors).toEqual([]);
    }
    const before = await app.gql<{ checkoutBeforePlaceOrder: { checkout: CheckoutAnswer & { paymentIntentSecret: string }; errors: unknown[] } }>(
      `mutation B($token: String!) { checkoutBeforePlaceOrder(token: $token, paymentMethod: CREDIT_CARD, attestations: ["TERMS_AND_CONDITIONS", "LICENSED"]) { checkout { ${CHECKOUT_FIELDS} paymentIntentSecret } errors { code } } }`, { token });
    const { checkout } = before.body.data!.checkoutBeforePlaceOrder;
    return { token, total: checkout.totalPrice.gross.fractionalAmount, intentId: checkout.paymentIntentSecret.replace(/_secret_x$/, ''), secret: checkout.paymentIntentSecret };
  }

  it('creates a PaymentIntent with an idempotency key, and places the order once the browser confirmed it', async () => {
    const { token, total, intentId, secret } = await stripeCheckout('ACC-USBC-1M');
    expect(secret).toMatch(/^pi_fake\d+_secret_x$/);
    const create = stripe.requests.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST')!;
    expect(create.body.get('amount')).toBe(String(total));
    expect(create.body.get('currency')).toBe('usd');
    expect(create.idempotencyKey).toBe(`intent:${token}:CREDIT_CARD:${total}:usd`);

    stripe.confirm(intentId, 'declined');
    const declined = await app.gql<PlaceAnswer>(PLACE, { token, key: 'stripe-order-1', total, card: null });
    expect(declined.body.data!.checkoutPlaceOrder.errors.map((e) => e.code)).toEqual(['CARD_DECLINED']);

    stripe.confirm(intentId, 'succeeded');
    const placed = await app.gql<PlaceAnswer>(PLACE, { token, key: 'stripe-order-2', total, card: { number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '1' } });
    const order = placed.body.data!.checkoutPlaceOrder.order!;
    expect(order.paymentStatus).toBe('FULLY_CHARGED');
    expect(order.payments).toEqual([{ status: 'SUCCEEDED', ccLastDigits: '4242', ccBrand: 'visa' }]);
    // No card number was sent anywhere but the test gateway: Stripe mode ignores it.
    expect(stripe.requests.some((r) => r.body.toString().includes('4242424242424242'))).toBe(false);
  });

  it('a buyer whose payment Stripe is slow to confirm holds up no other buyer of the same item', async () => {
    const stockOf = async () => (await app.database.db.select({ stock: schema.productVariants.stock }).from(schema.productVariants).where(eq(schema.productVariants.sku, 'ACC-USBC-1M')))[0]!.stock;
    const stockBefore = await stockOf();
    const [slow, quick] = [await stripeCheckout('ACC-USBC-1M'), await stripeCheckout('ACC-USBC-1M')];
    stripe.confirm(slow.intentId, 'succeeded');
    stripe.confirm(quick.intentId, 'succeeded');
    const held = stripe.hold(slow.intentId);
    const slowPlaced = app.gql<PlaceAnswer>(PLACE, { token: slow.token, key: 'stripe-slow-1', total: slow.total, card: null });
    await held.reached;
    // While Stripe has not answered about the first buyer's payment, nothing of ours waits on it: the second
    // buyer of the same stock row is placed (before, the first held the row, or on the embedded database the
    // only connection, until Stripe answered).
    const quickPlaced = await Promise.race([
      app.gql<PlaceAnswer>(PLACE, { token: quick.token, key: 'stripe-quick-1', total: quick.total, card: null }),
      new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 10_000)),
    ]);
    held.release();
    expect(quickPlaced === 'still waiting' ? quickPlaced : quickPlaced.body.data!.checkoutPlaceOrder.order?.paymentStatus).toBe('FULLY_CHARGED');
    expect((await slowPlaced).body.data!.checkoutPlaceOrder.order?.paymentStatus).toBe('FULLY_CHARGED');
    expect(await stockOf()).toBe(stockBefore - 2);
  });

  it("an open invoice is paid in Stripe's Payment Element: an intent for its amount, settled by the webhook; a card number is never taken", async () => {
    const quote = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 2 }], method: 'ELECTRONIC_QUOTE' });
    const placed = (await app.gql<PlaceAnswer>(PLACE, { token: quote.token, key: `stripe-quote-${quote.token}`, total: quote.total, card: null })).body.data!.checkoutPlaceOrder.order!;
    const invoiceToken = placed.invoice!.token;
    const START = 'mutation S($token: String!) { invoicePaymentStart(token: $token) { clientSecret publishableKey errors { code field } } }';
    const start = () => app.gql<{ invoicePaymentStart: { clientSecret: string | null; publishableKey: string | null; errors: unknown[] } }>(START, { token: invoiceToken });
    const first = (await start()).body.data!.invoicePaymentStart;
    expect(first).toMatchObject({ clientSecret: expect.stringMatching(/^pi_fake\d+_secret_x$/), publishableKey: 'pk_test_fake', errors: [] });
    // Opened again: the same intent (one per invoice and amount), made with the invoice's amount.
    expect((await start()).body.data!.invoicePaymentStart.clientSecret).toBe(first.clientSecret);
    const intentId = first.clientSecret!.replace(/_secret_x$/, '');
    const create = stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').at(-1)!;
    expect([create.body.get('amount'), create.idempotencyKey]).toEqual([String(quote.total), `pay-invoice:${invoiceToken}:${quote.total}:usd`]);

    // The test gateway's card form is refused: nothing is sent to Stripe.
    const requests = stripe.requests.length;
    const typed = await app.gql<{ invoicePay: { errors: Array<{ code: string }> } }>('mutation P($token: String!, $card: TestCardInput!) { invoicePay(token: $token, card: $card) { errors { code } } }',
      { token: invoiceToken, card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    expect(typed.body.data!.invoicePay.errors.map((e) => e.code)).toEqual(['PAYMENT_NOT_FOUND']);
    expect(stripe.requests.length).toBe(requests);

    // Stripe's webhook says the buyer paid: the invoice is paid, the order too, and the paid invoice's e-mail is queued.
    stripe.confirm(intentId, 'succeeded');
    const payload = JSON.stringify({ id: `evt_${intentId}`, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intentId } } });
    const hook = await app.app.inject({ method: 'POST', url: '/webhooks/payments', payload, headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) } });
    expect(hook.statusCode).toBe(200);
    const [invoice] = await app.database.db.select().from(schema.invoices).where(eq(schema.invoices.token, invoiceToken));
    const [order] = await app.database.db.select().from(schema.orders).where(eq(schema.orders.token, placed.token));
    expect([invoice!.status, order!.chargeStatus]).toEqual(['PAID', 'FULLY_CHARGED']);
    const mails = await app.database.db.select().from(schema.outbox).where(eq(schema.outbox.topic, 'invoice.paid'));
    expect(mails.filter((m) => (m.payload as { invoiceToken?: string }).invoiceToken === invoiceToken)).toHaveLength(1);
    expect((await start()).body.data!.invoicePaymentStart.errors).toEqual([{ code: 'OPERATION_NOT_ALLOWED', field: 'token' }]);
  });

  it('an intent refunded before its order was placed (reconciliation, an hour on) places nothing', async () => {
    const { token, total, intentId } = await stripeCheckout('ACC-USBC-1M');
    stripe.confirm(intentId, 'succeeded');
    (stripe.intents.get(intentId)!.latest_charge as Record<string, unknown>).amount_refunded = total;
    const placed = await app.gql<PlaceAnswer>(PLACE, { token, key: 'stripe-refunded-1', total, card: null });
    expect(placed.body.data!.checkoutPlaceOrder).toMatchObject({ order: null, errors: [{ code: 'PAYMENT_ERROR' }] });
    const [checkout] = await app.database.db.select().from(schema.checkouts).where(eq(schema.checkouts.token, token));
    expect(checkout!.completedOrderToken).toBeNull();
  });

  it("lists a saved method's charge for a checkout among the checkout's payments (reconciliation), not a renewal's", async () => {
    const saved = { paymentToken: 'pm_card_visa', customerId: 'cus_fake', amount: 4900, currency: 'usd', description: 'Order' };
    const forCheckout = await stripe.gateway.chargeSaved({ ...saved, idempotencyKey: 'order:chk-saved:k1', checkoutToken: 'chk-saved' });
    const renewal = await stripe.gateway.chargeSaved({ ...saved, idempotencyKey: 'renewal:sub-1:2026-11-01T00:00:00.000Z:1' });
    expect([forCheckout.status, renewal.status]).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    const create = stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').at(-2)!;
    expect([create.idempotencyKey, create.body.get('off_session'), create.body.get('metadata[checkoutToken]')]).toEqual(['order:chk-saved:k1', 'true', 'chk-saved']);
    const listed = await stripe.gateway.succeededPayments(new Date(Date.now() - 60_000));
    expect(listed.map((p) => p.checkoutToken)).toContain('chk-saved');
    expect(listed.map((p) => p.reference)).not.toContain(renewal.status === 'SUCCEEDED' ? renewal.reference : '');
  });

  it('refunds through the SDK with an idempotency key', async () => {
    await stripe.gateway.refund('pi_fake1');
    const refund = stripe.requests.find((r) => r.path === '/v1/refunds')!;
    expect(refund.body.get('payment_intent')).toBe('pi_fake1');
    expect(refund.idempotencyKey).toBe('refund:pi_fake1');
  });

  it('a paid intent refunded by reconciliation pays for nothing; the checkout gets a new intent and is placed once that is paid', async () => {
    const { token, total, intentId } = await stripeCheckout('ACC-USBC-1M');
    stripe.confirm(intentId, 'succeeded');
    // Its placement failed (an item sold out meanwhile); reconciliation refunds the payment no order holds.
    const reconciled = await reconcilePayments({ db: app.database.db, gateway: stripe.gateway, now: () => new Date(), log: { warn: () => {}, info: () => {} } }, { afterMs: 0, lookbackMs: 3_600_000 });
    expect(reconciled.refunded).toContain(intentId);
    // Stripe's own answer may lag behind (the intent still reads succeeded here): the row's refund is enough.
    const refused = await app.gql<PlaceAnswer>(PLACE, { token, key: 'stripe-after-refund-1', total, card: null });
    expect(refused.body.data!.checkoutPlaceOrder).toMatchObject({ order: null, errors: [{ code: 'PAYMENT_ERROR' }] });

    const before = await app.gql<{ checkoutBeforePlaceOrder: { checkout: { paymentIntentSecret: string } } }>(
      'mutation B($token: String!) { checkoutBeforePlaceOrder(token: $token, paymentMethod: CREDIT_CARD, attestations: ["TERMS_AND_CONDITIONS", "LICENSED"]) { checkout { paymentIntentSecret } } }', { token });
    const next = before.body.data!.checkoutBeforePlaceOrder.checkout.paymentIntentSecret.replace(/_secret_x$/, '');
    expect(next).not.toBe(intentId);
    expect(stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').at(-1)!.idempotencyKey).toBe(`intent:${token}:CREDIT_CARD:${total}:usd:after:${intentId}`);
    stripe.confirm(next, 'succeeded');
    const placed = await app.gql<PlaceAnswer>(PLACE, { token, key: 'stripe-after-refund-2', total, card: null });
    expect(placed.body.data!.checkoutPlaceOrder.order).toMatchObject({ paymentStatus: 'FULLY_CHARGED', payments: [{ status: 'SUCCEEDED' }] });
  });

  it('verifies webhooks with the SDK: a signed event is read, a forged or stale one throws', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.payment_failed', data: { object: { id: 'pi_fake1', last_payment_error: { code: 'expired_card' } } } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(stripe.gateway.verifyWebhook(payload, header)).toEqual({ id: 'evt_1', type: 'payment.failed', intentId: 'pi_fake1', failureCode: 'EXPIRED_CARD' });
    expect(() => stripe.gateway.verifyWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }))).toThrow();
    expect(() => stripe.gateway.verifyWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 400 }))).toThrow();
    // A timestamp beyond the tolerance ahead of our clock too (the SDK alone accepts any future one).
    expect(() => stripe.gateway.verifyWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: Math.floor(Date.now() / 1000) + 400 }))).toThrow();
  });
});
