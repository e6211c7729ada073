import { schema } from '@probe/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_FIELDS, readyCheckout, type CheckoutAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { tableFingerprint } from './table-fingerprint.ts';

/**
 * ChangeCheckoutCountry (spec §7, issue 34): the cart moves with the buyer, repriced and retaxed in the new
 * country; a line that country does not sell is named, the move refused unless the buyer agreed to leave it
 * behind, and then it is reported. Nothing goes silently. The demo sells everything everywhere, so here the
 * IQ3 loses its price in Great Britain.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const [iq3] = await db.select({ id: schema.productVariants.id }).from(schema.productVariants).where(eq(schema.productVariants.sku, 'IQ3-USBC-HUMAN'));
  await db.delete(schema.variantPrices).where(and(eq(schema.variantPrices.variantId, iq3!.id), eq(schema.variantPrices.country, 'GB')));
  await db.update(schema.shopSettings).set({ catalogueVersion: sql`${schema.shopSettings.catalogueVersion} + 1` }).where(eq(schema.shopSettings.id, 1));
});
afterAll(() => t?.close());

const MOVE = `mutation M($token: String!, $country: CountryCode!, $remove: Boolean) {
  checkoutCountryUpdate(token: $token, country: $country, removeUnavailable: $remove) {
    checkout { ${CHECKOUT_FIELDS} } errors { code field message } removedLines { sku name quantity isFreeItemLine } } }`;
type Moved = { checkout: CheckoutAnswer | null; errors: Array<{ code: string; field: string | null; message: string }>; removedLines: Array<{ sku: string; name: string; quantity: number; isFreeItemLine: boolean }> };
const move = async (token: string, country: string, remove?: boolean) =>
  (await t.gql<{ checkoutCountryUpdate: Moved }>(MOVE, { token, country, remove })).body.data!.checkoutCountryUpdate;
const skus = (c: CheckoutAnswer | null) => c!.lines.map((l) => [l.variant.sku, l.quantity]);
const TABLES = ['checkouts', 'checkout_lines'];

describe('switching country keeps the cart', () => {
  it('every line sold there: all kept, repriced in the new currency, the old country\'s shipping address dropped', async () => {
    const { checkout: us } = await readyCheckout(t, { lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }, { sku: 'ACC-USBC-1M', quantity: 2 }] });
    const moved = await move(us.token, 'DE');
    expect(moved.errors).toEqual([]);
    expect(moved.removedLines).toEqual([]);
    expect(moved.checkout!.currency).toBe('EUR');
    expect(skus(moved.checkout)).toEqual(skus(us));
    expect(moved.checkout!.totalPrice.gross.fractionalAmount).not.toBe(us.totalPrice.gross.fractionalAmount);
    expect(moved.checkout!.shippingAddress).toBeNull();
  });

  it('a line not sold there is named and the move refused: the cart stays where it was, unchanged', async () => {
    const { checkout: us } = await readyCheckout(t, { lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }, { sku: 'ACC-USBC-1M', quantity: 2 }] });
    const before = await tableFingerprint(t.database.db, TABLES);
    const refused = await move(us.token, 'GB');
    expect(refused.errors).toEqual([{ code: 'COUNTRY_NOT_AVAILABLE', field: 'lines', message: expect.stringContaining('IQ3-USBC-HUMAN') }]);
    expect(refused.removedLines).toEqual([]);
    expect(refused.checkout!.currency).toBe('USD');
    expect(skus(refused.checkout)).toEqual(skus(us));
    expect(await tableFingerprint(t.database.db, TABLES)).toBe(before);
  });

  it('the buyer agreeing to leave it behind: the rest moves, repriced, and what stayed behind is reported by name', async () => {
    const { checkout: us } = await readyCheckout(t, { lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }, { sku: 'ACC-USBC-1M', quantity: 2 }] });
    const moved = await move(us.token, 'GB', true);
    expect(moved.errors).toEqual([]);
    expect(moved.removedLines).toEqual([{ sku: 'IQ3-USBC-HUMAN', name: expect.stringContaining('IQ3'), quantity: 1, isFreeItemLine: false }]);
    expect(moved.checkout!.currency).toBe('GBP');
    expect(skus(moved.checkout)).toEqual([['ACC-USBC-1M', 2]]);
    expect(moved.checkout!.problems).toEqual([]);
  });

  it('a country the store does not sell in is refused, nothing changed', async () => {
    const { checkout: us } = await readyCheckout(t, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    const before = await tableFingerprint(t.database.db, TABLES);
    const refused = await move(us.token, 'MX', true);
    expect(refused.errors.map((e) => [e.code, e.field])).toEqual([['COUNTRY_NOT_AVAILABLE', 'country']]);
    expect(await tableFingerprint(t.database.db, TABLES)).toBe(before);
  });
});
