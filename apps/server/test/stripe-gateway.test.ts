import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeGateway } from '../src/modules/payments/index.ts';
import { CHECKOUT_FIELDS, PLACE, US_ADDRESS, mutate, type CheckoutAnswer, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * The Stripe adapter against a recorded-response fake of Stripe's HTTP API (the shapes Stripe answers
 * with, trimmed), through the official SDK; webhooks signed with the SDK's own test helper.
 */
const intents = new Map<string, Record<string, unknown>>();
const requests: Array<{ method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined }> = [];

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });
}

function fakeStripe(): Server {
  return createServer(async (req, res) => {
    const body = new URLSearchParams(await read(req));
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method!, path, body, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
    res.setHeader('content-type', 'application/json');
    res.setHeader('request-id', `req_${requests.length}`);
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_fake${intents.size + 1}`;
      const intent = {
        id, object: 'payment_intent', amount: Number(body.get('amount')), currency: body.get('currency'), status: 'requires_payment_method',
        client_secret: `${id}_secret_x`, metadata: { checkoutToken: body.get('metadata[checkoutToken]') }, latest_charge: null, last_payment_error: null,
      };
      intents.set(id, intent);
      return res.end(JSON.stringify(intent));
    }
    const match = /^\/v1\/payment_intents\/(\w+)$/.exec(path);
    if (req.method === 'GET' && match && intents.has(match[1]!)) return res.end(JSON.stringify(intents.get(match[1]!)));
    if (req.method === 'POST' && path === '/v1/refunds') return res.end(JSON.stringify({ id: 're_fake1', object: 'refund', status: 'succeeded', payment_intent: body.get('payment_intent') }));
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `No such route ${path}` } }));
  });
}

/** The browser's Payment Element confirming the intent, as Stripe records it. */
function confirmInBrowser(id: string, outcome: 'succeeded' | 'declined'): void {
  const intent = intents.get(id)!;
  if (outcome === 'succeeded') {
    Object.assign(intent, { status: 'succeeded', latest_charge: { id: 'ch_fake', object: 'charge', payment_method_details: { card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } } } });
  } else {
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } });
  }
}

describe('Stripe adapter (official SDK against a recorded-response fake of its API)', () => {
  let server: Server;
  let gateway: StripeGateway;
  let app: TestApp;
  const webhookSecret = 'whsec_stripe_fake';

  beforeAll(async () => {
    server = fakeStripe();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    gateway = new StripeGateway({ secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret, host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' });
    app = await startTestApp({ gateway });
  });
  afterAll(async () => {
    await app?.close();
    server?.close();
  });

  it('creates a PaymentIntent with an idempotency key, and places the order once the browser confirmed it', async () => {
    const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], country: 'US', email: 'stripe@example.com' } });
    const token = created.checkout!.token;
    for (const [name, field] of [['checkoutShippingAddressUpdate', 'shippingAddress'], ['checkoutBillingAddressUpdate', 'billingAddress']] as const) {
      expect((await mutate(app, name, `$token: String!, $${field}: AddressInput!`, { token, [field]: US_ADDRESS })).errors).toEqual([]);
    }
    const before = await app.gql<{ checkoutBeforePlaceOrder: { checkout: CheckoutAnswer & { paymentIntentSecret: string }; errors: unknown[] } }>(
      `mutation B($token: String!) { checkoutBeforePlaceOrder(token: $token, paymentMethod: CREDIT_CARD, attestations: ["TERMS_AND_CONDITIONS", "LICENSED"]) { checkout { ${CHECKOUT_FIELDS} paymentIntentSecret } errors { code } } }`, { token });
    const { checkout } = before.body.data!.checkoutBeforePlaceOrder;
    expect(checkout.paymentIntentSecret).toMatch(/^pi_fake\d+_secret_x$/);
    const create = requests.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST')!;
    expect(create.body.get('amount')).toBe(String(checkout.totalPrice.gross.fractionalAmount));
    expect(create.body.get('currency')).toBe('usd');
    expect(create.idempotencyKey).toBe(`intent:${token}:CREDIT_CARD:${checkout.totalPrice.gross.fractionalAmount}:usd`);
    const intentId = checkout.paymentIntentSecret.replace(/_secret_x$/, '');

    confirmInBrowser(intentId, 'declined');
    const declined = await app.gql<PlaceAnswer>(PLACE, { token, key: 'stripe-order-1', total: checkout.totalPrice.gross.fractionalAmount, card: null });
    expect(declined.body.data!.checkoutPlaceOrder.errors.map((e) => e.code)).toEqual(['CARD_DECLINED']);

    confirmInBrowser(intentId, 'succeeded');
    const placed = await app.gql<PlaceAnswer>(PLACE, { token, key: 'stripe-order-2', total: checkout.totalPrice.gross.fractionalAmount, card: { number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '1' } });
    const order = placed.body.data!.checkoutPlaceOrder.order!;
    expect(order.paymentStatus).toBe('FULLY_CHARGED');
    expect(order.payments).toEqual([{ status: 'SUCCEEDED', ccLastDigits: '4242', ccBrand: 'visa' }]);
    // No card number was sent anywhere but the test gateway: Stripe mode ignores it.
    expect(requests.some((r) => r.body.toString().includes('4242424242424242'))).toBe(false);
  });

  it('refunds through the SDK with an idempotency key', async () => {
    await gateway.refund('pi_fake1');
    const refund = requests.find((r) => r.path === '/v1/refunds')!;
    expect(refund.body.get('payment_intent')).toBe('pi_fake1');
    expect(refund.idempotencyKey).toBe('refund:pi_fake1');
  });

  it('verifies webhooks with the SDK: a signed event is read, a forged or stale one throws', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.payment_failed', data: { object: { id: 'pi_fake1', last_payment_error: { code: 'expired_card' } } } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(gateway.verifyWebhook(payload, header)).toEqual({ id: 'evt_1', type: 'payment.failed', intentId: 'pi_fake1', failureCode: 'EXPIRED_CARD' });
    expect(() => gateway.verifyWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }))).toThrow();
    expect(() => gateway.verifyWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 400 }))).toThrow();
    // A timestamp beyond the tolerance ahead of our clock too (the SDK alone accepts any future one).
    expect(() => gateway.verifyWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: Math.floor(Date.now() / 1000) + 400 }))).toThrow();
  });
});
