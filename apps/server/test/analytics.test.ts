import { schema } from '@probe/db';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const CREATE = `mutation AnalyticsEventCreate($input: AnalyticsEventInput!) { analyticsEventCreate(input: $input) { recorded errors { field code message } } }`;
type Answer = { analyticsEventCreate: { recorded: boolean; errors: Array<{ field: string; code: string }> } };

const event = (name: string, body: object, overrides: Record<string, unknown> = {}) => ({
  anonymousId: '2f1c7d3e-9a41-4f0e-8d52-6a1b0c9e7f31',
  userId: null,
  eventData: { name, body: JSON.stringify(body), timestamp: new Date().toISOString(), context: { page: { path: '/us/en/cart/', url: 'http://store.test/us/en/cart/' } }, ...overrides },
});

/** Spec §7: the analytics mutation, the server-side copy of the data layer's events. */
describe(`analytics events (${DB})`, () => {
  let app: TestApp;
  let key: CryptoKey;
  beforeAll(async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    key = pair.privateKey;
    app = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
  });
  afterAll(() => app?.close());
  const rows = () => app.database.db.select().from(schema.analyticsEvents);
  const send = async (input: object, headers?: Record<string, string>) => (await app.gql<Answer>(CREATE, { input }, headers)).body.data!.analyticsEventCreate;
  const signedIn = async (sub: string) => ({ authorization: `JWT ${await new SignJWT({ email: `${sub}@example.com` }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(sub).setIssuedAt().setExpirationTime('5m').sign(key)}` });
  const placeOrder = async (headers?: Record<string, string>) => {
    const ready = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], ...(headers ? { signedIn: { headers, organizationMembershipId: '' } } : {}) });
    return (await app.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `analytics-${ready.token}`, total: ready.total, card: CARD_OK }, headers)).body.data!.checkoutPlaceOrder.order!;
  };
  const confirmation = (token: string) => ({ context: { page: { path: `/us/en/confirmation/${token}/`, url: `http://store.test/us/en/confirmation/${token}/` } } });

  it('stores a page view with who, what and where', async () => {
    expect(await send(event('page_view', { pageName: 'cart' }))).toEqual({ recorded: true, errors: [] });
    const [row] = (await rows()).filter((r) => r.name === 'page_view');
    expect(row).toMatchObject({ anonymousId: '2f1c7d3e-9a41-4f0e-8d52-6a1b0c9e7f31', body: { pageName: 'cart' }, pagePath: '/us/en/cart/', pageUrl: 'http://store.test/us/en/cart/' });
  });

  it('refuses an unknown event, a body that is not a JSON object or over 8 KB, a stale timestamp, a bad page, each by its field, and stores nothing', async () => {
    const before = (await rows()).length;
    const answers = await Promise.all([
      send(event('page_viewed', {})),
      send({ ...event('page_view', {}), eventData: { ...event('page_view', {}).eventData, body: '[1,2]' } }),
      send(event('page_view', { padding: 'x'.repeat(9000) })),
      send(event('page_view', {}, { timestamp: '2020-01-01T00:00:00Z' })),
      send(event('page_view', {}, { context: { page: { path: 'cart', url: 'not a url' } } })),
      send({ ...event('page_view', {}), anonymousId: 'x' }),
    ]);
    expect(answers.map((a) => [a.recorded, a.errors.map((e) => e.field)])).toEqual([
      [false, ['eventData.name']],
      [false, ['eventData.body']],
      [false, ['eventData.body']],
      [false, ['eventData.timestamp']],
      [false, ['eventData.context.page.path', 'eventData.context.page.url']],
      [false, ['anonymousId']],
    ]);
    expect((await rows()).length).toBe(before);
  });

  it('stores an order\'s purchase once, however often it is sent, from its confirmation page (the token is not kept)', async () => {
    const order = await placeOrder();
    const purchase = event('order_completed', { ecommerce: { transaction_id: order.number, value: 39, currency: 'USD' } }, confirmation(order.token));
    const answers = await Promise.all([send(purchase), send(purchase), send(purchase)]);
    expect(answers.every((a) => a.recorded)).toBe(true);
    const stored = (await rows()).filter((r) => r.name === 'order_completed');
    expect(stored).toHaveLength(1);
    expect([stored[0]!.pagePath, stored[0]!.pageUrl]).toEqual(['/us/en/confirmation/{token}/', 'http://store.test/us/en/confirmation/{token}/']);
    const other = await placeOrder();
    await send(event('order_completed', { ecommerce: { transaction_id: other.number, value: 49, currency: 'USD' } }, confirmation(other.token)));
    expect((await rows()).filter((r) => r.name === 'order_completed')).toHaveLength(2);
  });

  it('refuses a purchase of an order that does not exist, or without its token or its buyer\'s sign-in, storing nothing', async () => {
    const order = await placeOrder();
    const before = (await rows()).length;
    const forged = [
      event('order_completed', { ecommerce: { transaction_id: '999999', value: 1 } }, confirmation(order.token)),
      event('order_completed', { ecommerce: { transaction_id: order.number, value: 1 } }),
      event('order_completed', { ecommerce: { transaction_id: order.number, value: 1 } }, confirmation('7d1f0b52-0c1a-4b7e-9a51-00000000abcd')),
      event('order_completed', { ecommerce: { value: 1 } }, confirmation(order.token)),
    ];
    for (const input of forged) expect(await send(input)).toEqual({ recorded: false, errors: [{ field: 'eventData.body', code: 'NOT_FOUND', message: 'No order of yours has this transaction_id' }] });
    // Signed in as someone else: still not theirs.
    expect((await send(forged[1]!, await signedIn('analytics-stranger'))).recorded).toBe(false);
    expect((await rows()).length).toBe(before);
    // The real event then still counts.
    expect((await send(event('order_completed', { ecommerce: { transaction_id: order.number } }, confirmation(order.token)))).recorded).toBe(true);
  });

  it('takes the user from the token, never from the input; a signed-in buyer\'s purchase needs no token in the page', async () => {
    const buyer = await signedIn('analytics-buyer');
    expect((await send({ ...event('login', { method: 'oidc' }), userId: 'someone-else' })).recorded).toBe(true);
    expect((await send({ ...event('begin_checkout', { step: 1 }), userId: 'someone-else' }, buyer)).recorded).toBe(true);
    const order = await placeOrder(buyer);
    expect((await send({ ...event('order_completed', { ecommerce: { transaction_id: order.number } }), userId: 'someone-else' }, buyer)).recorded).toBe(true);
    const stored = await rows();
    expect(stored.find((r) => r.name === 'login')!.userId).toBeNull();
    expect(stored.find((r) => r.name === 'begin_checkout')!.userId).toBe('analytics-buyer');
    expect(stored.find((r) => r.name === 'order_completed' && (r.body.ecommerce as { transaction_id: string }).transaction_id === order.number)!.userId).toBe('analytics-buyer');
    expect(stored.some((r) => r.userId === 'someone-else')).toBe(false);
  });
});
