import { schema } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestGateway } from '../src/modules/payments/index.ts';
import { CARD_OK, mutate, PLACE, US_ADDRESS, variantIds, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { tableFingerprint } from './table-fingerprint.ts';

/**
 * Issue 34: a Team or Clinic plan is bought with the Shop's minimum to maximum seats (teamConfiguration,
 * clinicConfiguration; the demo Shop sells a clinic plan with 5 to 100). Fewer or more are refused by the
 * server, on the field `seats`, before anything is written or charged.
 */
const gateway = new TestGateway();
let t: TestApp;
let clinic: string;

beforeAll(async () => {
  t = await startTestApp({ gateway });
  clinic = (await variantIds(t, ['CLINIC-ANNUAL-HUMAN']))['CLINIC-ANNUAL-HUMAN']!;
});
afterAll(() => t?.close());

const FIELDS = 'token version lines { id quantity seatLimits { minSeats maxSeats } } totalPrice { gross { fractionalAmount } } problems { code field }';
type Answer = { token: string; version: number; lines: Array<{ id: string; quantity: number; seatLimits: { minSeats: number; maxSeats: number } | null }>; totalPrice: { gross: { fractionalAmount: number } }; problems: Array<{ code: string; field: string | null }> };
const carts = () => tableFingerprint(t.database.db, ['checkouts', 'checkout_lines']);
const ledger = () => tableFingerprint(t.database.db, ['orders', 'order_lines', 'payments', 'subscriptions']);

async function clinicCart(seats: number): Promise<Answer> {
  const created = await mutate(t, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ variantId: clinic, quantity: seats }], country: 'US', languageCode: 'EN', email: 'clinic@example.com' } }, FIELDS);
  return created.checkout as unknown as Answer;
}
const setSeats = async (cart: Answer, quantity: number) => mutate(t, 'checkoutLineUpdate', '$token: String!, $lineId: ID!, $quantity: Int!', { token: cart.token, lineId: cart.lines[0]!.id, quantity }, FIELDS);

describe('seats of a clinic plan within the Shop\'s limits', () => {
  it('a cart of 2 seats says so (INVALID on seats) and shows the limits on the line', async () => {
    const cart = await clinicCart(2);
    expect(cart.lines[0]).toMatchObject({ quantity: 2, seatLimits: { minSeats: 5, maxSeats: 100 } });
    expect(cart.problems).toContainEqual({ code: 'INVALID', field: 'seats' });
  });

  it('changing to 3 or to 101 seats is refused and leaves the cart as it was; 5 is taken and the problem goes', async () => {
    const cart = await clinicCart(5);
    expect(cart.problems).toEqual([]);
    const before = await carts();
    const fewer = await setSeats(cart, 3);
    expect(fewer.errors).toEqual([expect.objectContaining({ code: 'INVALID', field: 'seats' })]);
    expect((fewer.checkout as unknown as Answer).lines[0]!.quantity).toBe(5);
    const more = await setSeats(cart, 101);
    expect(more.errors).toEqual([expect.objectContaining({ code: 'QUANTITY_GREATER_THAN_LIMIT', field: 'seats' })]);
    expect(await carts()).toBe(before);
    const six = await setSeats(cart, 6);
    expect(six.errors).toEqual([]);
    expect((six.checkout as unknown as Answer).lines[0]!.quantity).toBe(6);
  });

  it('an order of a clinic plan below the minimum is refused before any charge: no order, no payment, no subscription', async () => {
    const cart = await clinicCart(5);
    expect((await mutate(t, 'checkoutBillingAddressUpdate', '$token: String!, $billingAddress: AddressInput!', { token: cart.token, billingAddress: US_ADDRESS }, FIELDS)).errors).toEqual([]);
    const BEFORE = 'mutation B($token: String!) { checkoutBeforePlaceOrder(token: $token, paymentMethod: CREDIT_CARD, attestations: ["TERMS_AND_CONDITIONS", "LICENSED"]) { errors { code field } } }';
    expect((await t.gql<{ checkoutBeforePlaceOrder: { errors: unknown[] } }>(BEFORE, { token: cart.token })).body.data!.checkoutBeforePlaceOrder.errors).toEqual([]);
    // The Shop raises its minimum while the buyer is paying: the placement is checked again and refused.
    await t.database.db.update(schema.shopSettings).set({ clinicMinSeats: 6 });
    try {
      const unchanged = await ledger();
      const charges = gateway.charges.length;
      const placed = await t.gql<PlaceAnswer>(PLACE, { token: cart.token, key: `seats-${cart.token}`, total: cart.totalPrice.gross.fractionalAmount, card: CARD_OK });
      expect(placed.body.data!.checkoutPlaceOrder.order).toBeNull();
      expect(placed.body.data!.checkoutPlaceOrder.errors).toContainEqual(expect.objectContaining({ code: 'INVALID', field: 'seats' }));
      expect(await ledger()).toBe(unchanged);
      expect(gateway.charges.length).toBe(charges);
      const again = await t.gql<{ checkoutBeforePlaceOrder: { errors: unknown[] } }>(BEFORE, { token: cart.token });
      expect(again.body.data!.checkoutBeforePlaceOrder.errors).toContainEqual({ code: 'INVALID', field: 'seats' });
    } finally {
      await t.database.db.update(schema.shopSettings).set({ clinicMinSeats: 5 });
    }
  });
});
