import fc from 'fast-check';
import { schema } from '@probe/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, readyCheckout, variantIds } from '../../apps/server/test/checkout-support.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { tableFingerprint } from '../../apps/server/test/table-fingerprint.ts';
import { recordScenario } from '../support/report.ts';
import { allTables, place, testGateway } from '../support/store.ts';

const SKUS = ['ACC-USBC-1M', 'ACC-USBC-3M', 'ACC-LIGHTNING-1M', 'ACC-LIGHTNING-3M', 'IQ3-USBC-HUMAN'] as const;

/**
 * I1: the client's money is never trusted. Prices changed or items withdrawn between the review and the
 * placement refuse the order uncharged; a crafted price is rejected; for generated carts the amount
 * charged = the order's total = the gateway's amount, in integer minor units.
 */
describe('I1 price tampering and changed prices (PostgreSQL)', () => {
  let app: TestApp;
  const gateway = testGateway();
  let ids: Record<string, string>;
  beforeAll(async () => {
    app = await startTestApp({ gateway });
    ids = await variantIds(app, [...SKUS]);
  });
  afterAll(() => app?.close());

  const variantId = async (sku: string) => (await app.database.db.select().from(schema.productVariants).where(eq(schema.productVariants.sku, sku)))[0]!.id;
  const liveCharges = (token: string) => gateway.charges.filter((c) => c.checkoutToken === token && !c.refunded);

  it('generated carts (fast-check, fixed seed): charged = order total = gateway amount, integer minor units', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ sku: fc.constantFrom(...SKUS), quantity: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 4, selector: (l) => l.sku }),
        fc.constantFrom('US', 'DE'),
        fc.constantFrom(null, 'SPRING10', 'EUROPE50'),
        async (lines, country, voucher) => {
          runs++;
          const ready = await readyCheckout(app, {
            country, language: country === 'DE' ? 'DE' : 'EN', lines: lines.map((l) => ({ variantId: ids[l.sku]!, quantity: l.quantity })),
            ...(voucher && !(voucher === 'EUROPE50' && country !== 'DE') ? { voucherCode: voucher } : {}),
          }).catch((error: Error) => (/VOUCHER_NOT_APPLICABLE/.test(error.message) ? null : Promise.reject(error)));
          if (!ready) return; // a code that does not apply to this cart is refused before the review
          const placed = await place(app, { token: ready.token, key: `i1-${ready.token}`, total: ready.total, card: CARD_OK });
          expect(placed.errors).toEqual([]);
          const [order] = await app.database.db.select().from(schema.orders).where(eq(schema.orders.token, placed.order!.token));
          const charges = liveCharges(ready.token);
          expect(charges).toHaveLength(1);
          expect(Number.isInteger(order!.totalGross)).toBe(true);
          expect(charges[0]!.amount).toBe(order!.totalGross);
          expect(order!.totalGross).toBe(ready.total);
          expect(order!.totalGross).toBe(order!.totalNet + order!.totalTax);
          expect(order!.totalGross).toBeGreaterThanOrEqual(0);
          expect(order!.discount).toBeLessThanOrEqual(order!.subtotalGross);
          const [payment] = await app.database.db.select().from(schema.payments).where(eq(schema.payments.orderId, order!.id));
          expect(payment!.amount).toBe(order!.totalGross);
        },
      ),
      { seed: 17, numRuns: 25, endOnFailure: true },
    );
    recordScenario({ id: 'I1a', done: `${runs} generated carts (fast-check seed 17: 1–4 lines, quantities 1–4, US/DE, no code/SPRING10/EUROPE50), each placed by card`, figure: `${runs}/${runs}: charged = order total = gateway amount = payment row, integers, total = net + tax`, pass: true });
  });

  it('price raised or item withdrawn after the review → PRICES_ARE_CHANGED / PRODUCTS_ARE_CHANGED, nothing charged or written; crafted money rejected', async () => {
    const tables = await allTables(app);
    // A price raised after the buyer reviewed the order.
    const raised = await readyCheckout(app, { lines: [{ variantId: ids['ACC-USBC-3M']!, quantity: 1 }] });
    const usbc3 = await variantId('ACC-USBC-3M');
    const [price] = await app.database.db.select().from(schema.variantPrices).where(and(eq(schema.variantPrices.variantId, usbc3), eq(schema.variantPrices.country, 'US')));
    await app.database.db.update(schema.variantPrices).set({ amount: price!.amount + 500 }).where(and(eq(schema.variantPrices.variantId, usbc3), eq(schema.variantPrices.country, 'US')));
    let before = await tableFingerprint(app.database.db, tables);
    const changed = await place(app, { token: raised.token, key: `i1-raised-${raised.token}`, total: raised.total, card: CARD_OK });
    expect(changed.order).toBeNull();
    expect(changed.errors.map((e) => e.code)).toEqual(['PRICES_ARE_CHANGED']);
    expect(liveCharges(raised.token)).toHaveLength(0);
    expect(await tableFingerprint(app.database.db, tables)).toBe(before);

    // A lower total sent by the client is not a discount: it is refused the same way.
    const cheap = await readyCheckout(app, { lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 2 }] });
    before = await tableFingerprint(app.database.db, tables);
    for (const total of [1, 0, -100, cheap.total - 1]) {
      const low = await place(app, { token: cheap.token, key: `i1-low-${total}-${cheap.token}`.slice(0, 100), total, card: CARD_OK });
      expect(low.errors.map((e) => e.code)).toEqual(['PRICES_ARE_CHANGED']);
    }
    // Money fields the API has no place for are rejected by validation before anything runs.
    const crafted = await app.gql('mutation { checkoutLinesAdd(token: "x", lines: [{ sku: "ACC-USBC-1M", quantity: 1, price: 1 }]) { errors { code } } }');
    expect(crafted.body.errors?.[0]?.extensions?.exception?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const float = await place(app, { token: cheap.token, key: `i1-float-${cheap.token}`, total: cheap.total + 0.5, card: CARD_OK }).catch((e: Error) => e.message);
    expect(String(float)).toMatch(/Int/);
    expect(liveCharges(cheap.token)).toHaveLength(0);
    expect(await tableFingerprint(app.database.db, tables)).toBe(before);

    // An item withdrawn from sale in the country after the review.
    const gone = await readyCheckout(app, { lines: [{ variantId: ids['ACC-LIGHTNING-1M']!, quantity: 1 }, { variantId: ids['ACC-USBC-1M']!, quantity: 1 }] });
    await app.database.db.delete(schema.variantPrices).where(and(eq(schema.variantPrices.variantId, await variantId('ACC-LIGHTNING-1M')), eq(schema.variantPrices.country, 'US')));
    before = await tableFingerprint(app.database.db, tables);
    const withdrawn = await place(app, { token: gone.token, key: `i1-gone-${gone.token}`, total: gone.total, card: CARD_OK });
    expect(withdrawn.errors.map((e) => e.code)).toEqual(['PRODUCTS_ARE_CHANGED']);
    expect(liveCharges(gone.token)).toHaveLength(0);
    expect(await tableFingerprint(app.database.db, tables)).toBe(before);
    recordScenario({
      id: 'I1b', done: 'price +5.00 after review; totals 1, 0, −100, total−1 and a fraction sent by the client; a price field in the input; an item withdrawn after review',
      figure: 'PRICES_ARE_CHANGED ×5, validation errors ×2, PRODUCTS_ARE_CHANGED ×1; 0 charges, every table unchanged', pass: true,
    });
  });
});
