import { DEMO_USERS } from '@probe/db';
import { sql } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_FIELDS, DE_ADDRESS, PLACE, US_ADDRESS, mutate, type CheckoutAnswer, type PlaceAnswer } from '../../apps/server/test/checkout-support.ts';
import { startFakeStripe, type FakeStripe } from '../../apps/server/test/fake-stripe.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { cardNumbersIn } from '../support/luhn.ts';
import { recordScenario } from '../support/report.ts';
import { allTables } from '../support/store.ts';

/**
 * P1: in Stripe mode no card number reaches us. Buyers go through checkout and placement the way the
 * storefront does it with Stripe (the Payment Element confirms the intent at Stripe; our server is sent
 * no card), and an organization admin saves a card through a SetupIntent. Then every request body our
 * server received, every request it sent to Stripe, every log line (at trace level) and every row of
 * every table is scanned for card numbers (Luhn + network prefix, separators allowed). Planted values
 * (a card number typed into a name field, one in a URL) prove the scan finds what is there; a client
 * sending a card number anyway proves the server neither logs nor stores it.
 */
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const LAKESIDE = gid('Organization', '5e0c2b9a-3f4d-4c1e-8b6a-000000000002');
/** Planted values: a card number typed into a name field, one in a URL, one a client sends although Stripe mode ignores it. */
const PLANTED_FIELD = '4000 0566 5566 5556';
const PLANTED_URL = '4111-1111-1111-1111';
const SENT_ANYWAY = '5555 5555 5555 4444';

describe('P1 no card numbers in requests, logs or the database (Stripe mode, PostgreSQL)', () => {
  let stripe: FakeStripe;
  let app: TestApp;
  const received: string[] = [];
  /** Every request our server sent to Stripe, as sent (method, URL with its query, body). */
  const sentToStripe = () => stripe.requests.map((r) => `${r.method} ${r.url} ${r.raw}`);
  let adminAuth: Record<string, string>;

  beforeAll(async () => {
    stripe = await startFakeStripe({ idPrefix: 'p1' });
    const gateway = stripe.gateway;
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    app = await startTestApp({ gateway, config: { LOG_LEVEL: 'trace', AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
    const admin = DEMO_USERS[1];
    const jwt = await new SignJWT({ email: admin.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(admin.id).setIssuedAt().setExpirationTime('5m').sign(pair.privateKey);
    adminAuth = { authorization: `JWT ${jwt}` };
    // Every body our server is sent goes through here first.
    const gql = app.gql;
    app.gql = (query, variables, headers) => {
      received.push(JSON.stringify({ query, variables }));
      return gql(query, variables, headers);
    };
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  async function dump(): Promise<string[]> {
    const rows: string[] = [];
    for (const table of await allTables(app)) {
      const result = await app.database.db.execute(sql.raw(`select row_to_json(t)::text as j from ${table} t`));
      rows.push(...((result as unknown as { rows: Array<{ j: string }> }).rows ?? (result as unknown as Array<{ j: string }>)).map((r) => r.j));
    }
    return rows;
  }

  function scan(texts: string[]): string[] {
    return texts.flatMap(cardNumbersIn);
  }

  async function buyer(i: number, options: { card?: object | null; firstName?: string } = {}): Promise<PlaceAnswer['checkoutPlaceOrder']> {
    const country = i % 2 ? 'DE' : 'US';
    const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 + (i % 3) }], country, email: `p1-buyer-${i}@example.com` } });
    const token = created.checkout!.token;
    const address = country === 'DE' ? DE_ADDRESS : US_ADDRESS;
    if (options.firstName) {
      const contact = await mutate(app, 'checkoutContactUpdate', '$token: String!, $email: String!, $firstName: String', { token, email: `p1-buyer-${i}@example.com`, firstName: options.firstName });
      expect(contact.errors).toEqual([]);
    }
    for (const [name, field] of [['checkoutShippingAddressUpdate', 'shippingAddress'], ['checkoutBillingAddressUpdate', 'billingAddress']] as const) {
      expect((await mutate(app, name, `$token: String!, $${field}: AddressInput!`, { token, [field]: address })).errors).toEqual([]);
    }
    const before = await app.gql<{ checkoutBeforePlaceOrder: { checkout: CheckoutAnswer & { paymentIntentSecret: string }; errors: unknown[] } }>(
      `mutation B($token: String!) { checkoutBeforePlaceOrder(token: $token, paymentMethod: CREDIT_CARD, attestations: ["TERMS_AND_CONDITIONS", "LICENSED"]) { checkout { ${CHECKOUT_FIELDS} paymentIntentSecret } errors { code } } }`, { token });
    const { checkout } = before.body.data!.checkoutBeforePlaceOrder;
    stripe.confirm(checkout.paymentIntentSecret.replace(/_secret_x$/, ''), 'succeeded');
    // The return page places the order; with Stripe the storefront sends no card (card: null).
    const placed = await app.gql<PlaceAnswer>(PLACE, { token, key: `p1-${token}`, total: checkout.totalPrice.gross.fractionalAmount, card: options.card ?? null });
    return placed.body.data!.checkoutPlaceOrder;
  }

  it('buyers, placements and a saved card in Stripe mode leave zero card numbers; planted ones are found', async () => {
    // The scanner itself: card numbers with and without separators; not UUIDs, decimals or timestamps.
    expect(cardNumbersIn('4242424242424242 / 4000-0566-5566-5556 / 3782 822463 10005')).toEqual(['4242424242424242', '4000056655665556', '378282246310005']);
    expect(cardNumbersIn('40000000-0000-4004-8123-123456789012 "responseTime":17.63256899999942 "time":1795609173770 4242424242424241')).toEqual([]);
    const BUYERS = 8;
    for (let i = 0; i < BUYERS; i++) {
      const placed = await buyer(i);
      expect(placed.errors).toEqual([]);
      expect(placed.order!.payments).toEqual([{ status: 'SUCCEEDED', ccLastDigits: '4242', ccBrand: 'visa' }]);
    }
    // An organization admin saves a card: a SetupIntent confirmed at Stripe, then PaymentMethodCreate with its id only.
    const start = await app.gql<{ paymentMethodSetupStart: { setupId: string; clientSecret: string } }>(
      'mutation S($org: ID!) { paymentMethodSetupStart(organizationId: $org, kind: CREDIT_CARD) { setupId clientSecret } }', { org: LAKESIDE }, adminAuth);
    const setupId = start.body.data!.paymentMethodSetupStart.setupId;
    Object.assign(stripe.setups.get(setupId)!, { status: 'succeeded', payment_method: { id: 'pm_p1', object: 'payment_method', billing_details: { name: 'Alex Admin' }, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } } });
    const saved = await app.gql<{ paymentMethodCreate: { paymentMethod: { lastDigits: string } | null; errors: unknown[] } }>(
      'mutation C($org: ID!, $input: PaymentMethodCreateInput!) { paymentMethodCreate(organizationId: $org, input: $input) { paymentMethod { ... on CreditCard { lastDigits } } errors { code } } }',
      { org: LAKESIDE, input: { setupId, kind: 'CREDIT_CARD' } }, adminAuth);
    expect(saved.body.data!.paymentMethodCreate).toEqual({ paymentMethod: { lastDigits: '4242' }, errors: [] });

    const logLines = () => app.logs().map((l) => JSON.stringify(l));
    const clean = { requests: received.length, stripe: sentToStripe().length, logs: logLines().length, rows: (await dump()).length };
    const hits = { requests: scan(received), stripe: scan(sentToStripe()), logs: scan(logLines()), rows: scan(await dump()) };
    expect(hits).toEqual({ requests: [], stripe: [], logs: [], rows: [] });

    // The scan can fail: a card number typed into a name field is in a request and a row; one in a URL is in the log.
    const planted = await buyer(BUYERS, { firstName: PLANTED_FIELD });
    expect(planted.errors).toEqual([]);
    await app.app.inject({ method: 'GET', url: `/no-such-route?ref=${PLANTED_URL}` });
    // A client that sends a card number although Stripe mode takes none: the server keeps it nowhere.
    const anyway = await buyer(BUYERS + 1, { card: { number: SENT_ANYWAY, expMonth: 12, expYear: 2030, cvc: '123' } });
    expect(anyway.errors).toEqual([]);
    const digits = (s: string) => s.replace(/\D/g, '');
    const after = { requests: scan(received), stripe: scan(sentToStripe()), logs: scan(logLines()), rows: scan(await dump()) };
    expect(after.requests.sort()).toEqual([digits(PLANTED_FIELD), digits(SENT_ANYWAY)].sort());
    expect(after.stripe).toEqual([]);
    expect(after.logs.length).toBeGreaterThan(0);
    expect(new Set(after.logs)).toEqual(new Set([digits(PLANTED_URL)]));
    expect(after.rows.length).toBeGreaterThan(0);
    expect(new Set(after.rows)).toEqual(new Set([digits(PLANTED_FIELD)]));

    recordScenario({
      id: 'P1',
      done: `Stripe adapter against a fake of Stripe's API: ${BUYERS} buyers checked out and placed orders (intent confirmed at Stripe, no card sent to us), 1 card saved through a SetupIntent; scanned for 13–19-digit Luhn-valid card numbers`,
      figure: `0 card numbers in ${clean.requests} request bodies we received, ${clean.stripe} we sent to Stripe, ${clean.logs} log lines (trace level), ${clean.rows} table rows; planted values found (${after.requests.length} in requests, ${after.logs.length} in logs, ${after.rows.length} in rows); a card number a client sent anyway: 0 in logs and rows`,
      pass: true,
    });
  });
});
