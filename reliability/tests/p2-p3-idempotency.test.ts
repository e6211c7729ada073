import { schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, readyCheckout } from '../../apps/server/test/checkout-support.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';
import { count, place, testGateway } from '../support/store.ts';

/**
 * P2/P3: CheckoutPlaceOrder's idempotency key, with Stripe's semantics. (20 concurrent replays of one key
 * are in apps/server/test/place-order-concurrency.test.ts, on both databases; here the key's rules.)
 */
describe('P2/P3 idempotency key on CheckoutPlaceOrder (PostgreSQL)', () => {
  let app: TestApp;
  const gateway = testGateway();
  beforeAll(async () => {
    app = await startTestApp({ gateway });
  });
  afterAll(() => app?.close());

  const charges = (token: string) => gateway.charges.filter((c) => c.checkoutToken === token && !c.refunded).length;

  it('P2: the same key and body answer the same order; another body or another checkout with that key is an error', async () => {
    const a = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    const b = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 2 }] });
    const first = await place(app, { token: a.token, key: 'p2-key-0001', total: a.total, card: CARD_OK });
    expect(first.errors).toEqual([]);
    const replays = [];
    for (let i = 0; i < 5; i++) replays.push(await place(app, { token: a.token, key: 'p2-key-0001', total: a.total, card: CARD_OK }));
    // A replay answers exactly what the first call answered.
    for (const r of replays) expect(r).toEqual(first);
    const otherTotal = await place(app, { token: a.token, key: 'p2-key-0001', total: a.total + 1, card: CARD_OK });
    expect(otherTotal.order).toBeNull();
    expect(otherTotal.errors.map((e) => e.code)).toEqual(['IDEMPOTENCY_KEY_REUSED']);
    const otherCheckout = await place(app, { token: b.token, key: 'p2-key-0001', total: b.total, card: CARD_OK });
    expect(otherCheckout.order).toBeNull();
    expect(otherCheckout.errors.map((e) => e.code)).toEqual(['IDEMPOTENCY_KEY_REUSED']);
    // The other checkout was not placed nor charged by the refused call.
    expect(await count(app, 'orders', eq(schema.orders.checkoutToken, b.token))).toBe(0);
    expect(charges(b.token)).toBe(0);
    // A new key for a checkout already placed (a client that lost its key) finds the order; no second charge.
    const newKey = await place(app, { token: a.token, key: 'p2-key-0002', total: a.total, card: CARD_OK });
    expect(newKey.order!.token).toBe(first.order!.token);
    // A malformed key is refused before anything runs.
    const bad = await place(app, { token: b.token, key: 'short', total: b.total, card: CARD_OK });
    expect(bad.errors.map((e) => e.code)).toEqual(['INVALID']);
    expect(await count(app, 'orders', eq(schema.orders.checkoutToken, a.token))).toBe(1);
    expect(charges(a.token)).toBe(1);
    recordScenario({
      id: 'P2', done: '1 placement, 5 replays with the same key and body, 1 with another expectedTotal, 1 on another checkout, 1 new key after completion, 1 malformed key',
      figure: '5/5 replays identical; other body and other checkout → IDEMPOTENCY_KEY_REUSED; 1 order and 1 charge', pass: true,
    });
  });

  it('P3: 10 concurrent placements with one key: one order, one charge, the same answer for all', async () => {
    const c = await readyCheckout(app, { lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }] });
    const results = await Promise.all(Array.from({ length: 10 }, () => place(app, { token: c.token, key: 'p3-one-key-for-ten', total: c.total, card: CARD_OK })));
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    const tokens = new Set(results.map((r) => r.order!.token));
    expect(tokens.size).toBe(1);
    const orders = await app.database.db.select().from(schema.orders).where(eq(schema.orders.checkoutToken, c.token));
    expect(orders).toHaveLength(1);
    expect(orders[0]!.idempotencyKey).toBe('p3-one-key-for-ten');
    expect(charges(c.token)).toBe(1);
    // The loser's charges (if any raced) were refunded: the ledger holds one live charge of the order's total.
    expect(gateway.charges.filter((ch) => ch.checkoutToken === c.token && !ch.refunded).map((ch) => ch.amount)).toEqual([orders[0]!.totalGross]);
    recordScenario({ id: 'P3', done: '10 concurrent CheckoutPlaceOrder with one key on PostgreSQL', figure: `1 order, ${charges(c.token)} charge, ${tokens.size} distinct answer from 10 calls`, pass: true });
  });
});
