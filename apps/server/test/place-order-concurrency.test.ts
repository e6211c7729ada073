import { schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestGateway } from '../src/modules/payments/index.ts';
import { CARD_OK, PLACE, readyCheckout, variantIds, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/**
 * The promises that matter most, under concurrency. On PostgreSQL the calls really race (a pool of 20
 * connections); on the embedded database they are serialised, and the same assertions must hold.
 */
describe(`place order under concurrency (${DB})`, () => {
  let app: TestApp;
  let ids: Record<string, string>;
  const gateway = new TestGateway('whsec_concurrency', () => new Date(), 600_000);

  beforeAll(async () => {
    app = await startTestApp({ gateway });
    ids = await variantIds(app, ['ACC-LIGHTNING-3M', 'ACC-USBC-1M', 'IQ3-USBC-HUMAN']);
  });
  afterAll(() => app?.close());

  const place = (token: string, key: string, total: number, card: object | null = CARD_OK) =>
    app.gql<PlaceAnswer>(PLACE, { token, key, total, card }).then((r) => {
      if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
      return r.body.data!.checkoutPlaceOrder;
    });
  const orderCount = async (where: ReturnType<typeof sql>) => Number((await app.database.db.select({ n: sql<number>`count(*)` }).from(schema.orders).where(where))[0]!.n);

  it('20 concurrent CheckoutPlaceOrder calls with one key: one order, one charge, the same order for every caller', async () => {
    const { token, total } = await readyCheckout(app, { lines: [{ variantId: ids['IQ3-USBC-HUMAN']!, quantity: 1 }] });
    const results = await Promise.all(Array.from({ length: 20 }, () => place(token, 'same-key-for-all-20', total)));
    const tokens = new Set(results.map((r) => r.order?.token));
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(tokens.size).toBe(1);
    expect(await orderCount(sql`${schema.orders.checkoutToken} = ${token}`)).toBe(1);
    expect(gateway.charges.filter((c) => c.checkoutToken === token && !c.refunded)).toHaveLength(1);
  });

  it('50 concurrent buyers for 5 units: exactly 5 orders, stock never below 0, losers not charged', async () => {
    await app.database.db.update(schema.productVariants).set({ stock: 5 }).where(eq(schema.productVariants.sku, 'ACC-LIGHTNING-3M'));
    const buyers = [];
    for (let i = 0; i < 50; i++) buyers.push(await readyCheckout(app, { lines: [{ variantId: ids['ACC-LIGHTNING-3M']!, quantity: 1 }] }));
    const results = await Promise.all(buyers.map((b, i) => place(b.token, `buyer-${i}-key`, b.total)));
    const won = results.filter((r) => r.order);
    const lost = results.filter((r) => !r.order);
    expect(won).toHaveLength(5);
    expect(new Set(lost.flatMap((r) => r.errors.map((e) => e.code)))).toEqual(new Set(['INSUFFICIENT_STOCK']));
    const [{ stock }] = (await app.database.db.select({ stock: schema.productVariants.stock }).from(schema.productVariants).where(eq(schema.productVariants.sku, 'ACC-LIGHTNING-3M'))) as [{ stock: number }];
    expect(stock).toBe(0);
    const charged = new Set(gateway.charges.filter((c) => !c.refunded).map((c) => c.checkoutToken));
    expect(buyers.filter((b) => charged.has(b.token))).toHaveLength(5);
  });

  it('a voucher with a limit of 5 is used exactly 5 times by 12 concurrent orders', async () => {
    const buyers = [];
    for (let i = 0; i < 12; i++) buyers.push(await readyCheckout(app, { lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 1 }], voucherCode: 'REFER-7Q2K' }));
    const results = await Promise.all(buyers.map((b, i) => place(b.token, `voucher-${i}-key`, b.total)));
    expect(results.filter((r) => r.order?.voucher?.code === 'REFER-7Q2K')).toHaveLength(5);
    expect(new Set(results.filter((r) => !r.order).flatMap((r) => r.errors.map((e) => e.code)))).toEqual(new Set(['VOUCHER_NOT_APPLICABLE']));
    const [promo] = await app.database.db.select().from(schema.promos).where(eq(schema.promos.code, 'REFER-7Q2K'));
    expect(promo!.usedCount).toBe(5);
  });

  it('one webhook event delivered 50 times at once changes the order once', async () => {
    const { token, total, redirectUrl } = await readyCheckout(app, { country: 'DE', language: 'DE', lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 1 }], method: 'SEPA' });
    const intentId = redirectUrl!.split('/')[2]!;
    gateway.authorize(intentId, 'succeeded');
    const placed = await place(token, 'sepa-replay-key', total, null);
    expect(placed.order!.paymentStatus).toBe('ASYNC_PROCESSING');
    const event = gateway.signedEvent('payment_intent.succeeded', intentId);
    const answers = await Promise.all(Array.from({ length: 50 }, () =>
      app.app.inject({ method: 'POST', url: '/webhooks/payments', payload: event.rawBody, headers: { 'content-type': 'application/json', 'stripe-signature': event.signature } }).then((r) => r.json().outcome as string)));
    expect(answers.filter((a) => a === 'applied')).toHaveLength(1);
    expect(answers.filter((a) => a === 'duplicate')).toHaveLength(49);
    const paid = await app.database.db.select().from(schema.outbox).where(sql`${schema.outbox.topic} = 'order.paid' and ${schema.outbox.payload}->>'orderToken' = ${placed.order!.token}`);
    expect(paid).toHaveLength(1);
    // An out-of-order "processing" event after settlement changes nothing.
    const late = gateway.signedEvent('payment_intent.processing', intentId);
    const res = await app.app.inject({ method: 'POST', url: '/webhooks/payments', payload: late.rawBody, headers: { 'content-type': 'application/json', 'stripe-signature': late.signature } });
    expect(res.json().outcome).toBe('ignored');
    const [order] = await app.database.db.select().from(schema.orders).where(eq(schema.orders.token, placed.order!.token));
    expect(order!.chargeStatus).toBe('FULLY_CHARGED');
  });
});
