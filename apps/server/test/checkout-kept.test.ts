import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, mutate, PLACE, readyCheckout, variantIds, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/**
 * Issue 37, decision 0050: a cart's change starts from the checkout as its process last left it (one
 * statement, the conditional write). Two instances of the store on one database, each keeping its own
 * copies: a copy the other instance made stale never overwrites what that instance wrote, never refuses on
 * stale rules, and never changes an ordered checkout.
 */
describe(`checkout changes on a kept checkout, two instances (${DB})`, () => {
  let a: TestApp;
  let b: TestApp;
  let ids: Record<string, string>;
  const ADD = '$token: String!, $lines: [CheckoutLineInput!]!, $expectedVersion: Int';
  const lines = (c: { lines: Array<{ quantity: number; variant: { sku: string } | null }> } | null) => Object.fromEntries((c?.lines ?? []).map((l) => [l.variant!.sku, l.quantity]));

  beforeAll(async () => {
    a = await startTestApp();
    // The second instance shares the first one's database (and is closed without closing it).
    b = await startTestApp({ database: a.database });
    ids = await variantIds(a, ['ACC-USBC-1M', 'ACC-USBC-3M', 'ACC-LIGHTNING-1M']);
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
  });

  const create = async (app: TestApp) => (await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ variantId: ids['ACC-USBC-1M'], quantity: 1 }], country: 'US' } })).checkout!;

  it('a line another instance added is kept when this one adds, and a change made on the version this one last saw is refused as a conflict', async () => {
    const created = await create(a);
    const added = await mutate(b, 'checkoutLinesAdd', ADD, { token: created.token, lines: [{ variantId: ids['ACC-USBC-3M'], quantity: 1 }] });
    expect(added.errors).toEqual([]);
    // Instance a still holds the checkout as it created it: its change is written on the newer version, not over it.
    const again = await mutate(a, 'checkoutLinesAdd', ADD, { token: created.token, lines: [{ variantId: ids['ACC-LIGHTNING-1M'], quantity: 1 }] });
    expect(again.errors).toEqual([]);
    expect(lines(again.checkout)).toEqual({ 'ACC-USBC-1M': 1, 'ACC-USBC-3M': 1, 'ACC-LIGHTNING-1M': 1 });
    expect(again.checkout!.version).toBe(created.version + 2);
    // A buyer who saw the cart before b's change (the version a created) is told it changed, and nothing is added.
    const stale = await mutate(b, 'checkoutLinesAdd', ADD, { token: created.token, lines: [{ variantId: ids['ACC-USBC-1M'], quantity: 1 }], expectedVersion: created.version });
    expect(stale.errors.map((e) => e.code)).toEqual(['VERSION_CONFLICT']);
    expect(lines(stale.checkout)).toEqual(lines(again.checkout));
  });

  it('a change refused on the kept copy is worked out again on the database\'s: the line the other instance removed is added afresh', async () => {
    const created = await create(a);
    const line = created.lines[0]!.id;
    const full = await mutate(a, 'checkoutLineUpdate', '$token: String!, $lineId: ID!, $quantity: Int!', { token: created.token, lineId: line, quantity: 100 });
    expect(full.errors).toEqual([]);
    // b removes the line; a's copy still has 100 of it, where one more would be over the limit.
    expect((await mutate(b, 'checkoutLineDelete', '$token: String!, $lineId: ID!', { token: created.token, lineId: line })).errors).toEqual([]);
    const added = await mutate(a, 'checkoutLinesAdd', ADD, { token: created.token, lines: [{ variantId: ids['ACC-USBC-1M'], quantity: 1 }] });
    expect(added.errors).toEqual([]);
    expect(lines(added.checkout)).toEqual({ 'ACC-USBC-1M': 1 });
  });

  it('a checkout ordered through the other instance is not changed by this one', async () => {
    const ready = await readyCheckout(a, { lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 1 }] });
    const placed = (await b.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `kept-${ready.token}`, total: ready.total, card: CARD_OK })).body.data!.checkoutPlaceOrder;
    expect(placed.errors).toEqual([]);
    const after = await mutate(a, 'checkoutLinesAdd', ADD, { token: ready.token, lines: [{ variantId: ids['ACC-USBC-3M'], quantity: 1 }] });
    expect(after.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    expect(lines(after.checkout)).toEqual({ 'ACC-USBC-1M': 1 });
  });
});
