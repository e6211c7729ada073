import { testWalletProfile, TEST_WALLET_CARDS } from '@probe/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_FIELDS, mutate, PLACE, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const create = async (country: string, lines: Array<{ sku: string; quantity: number }>, voucherCode?: string) => {
  const created = await mutate(t, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines, country, ...(voucherCode ? { voucherCode } : {}) } }, `${CHECKOUT_FIELDS} expressWallets`);
  expect(created.errors).toEqual([]);
  return created.checkout as unknown as { token: string; expressWallets: string[] };
};

describe('express checkout (issue 14): wallets through the gateway', () => {
  it('offers the wallets the gateway offers in the country whose method the checkout accepts; none with nothing to pay', async () => {
    expect((await create('US', [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }])).expressWallets).toEqual(['APPLE_PAY', 'GOOGLE_PAY', 'PAYPAL']);
    // The test gateway's wallet holds no profile for Ireland: it offers no wallet there.
    expect((await create('IE', [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }])).expressWallets).toEqual([]);
    // PayPal is not offered where the checkout does not take it (Hong Kong: cards and quotes only).
    const hk = await create('HK', [{ sku: 'ACC-USBC-1M', quantity: 1 }]);
    expect(hk.expressWallets.includes('PAYPAL')).toBe(false);
    // A cart that costs nothing is not paid with a wallet.
    expect((await create('US', [{ sku: 'ACC-USBC-1M', quantity: 1 }], 'SAMPLE100')).expressWallets).toEqual([]);
  });

  it('a wallet payment: the sheet\'s partial address prices tax, its full details complete the checkout, its card pays once; a declined card keeps the cart', async () => {
    const wallet = testWalletProfile('US')!;
    const { token } = await create('US', [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }]);
    const { city, postalCode, countryArea, country } = wallet.address;
    const partial = await mutate(t, 'checkoutExpressShippingAddressUpdate', '$token: String!, $shippingAddress: AddressInput!', { token, shippingAddress: { city, postalCode, countryArea, country } });
    expect(partial.checkout!.totalPrice.tax.fractionalAmount).toBeGreaterThan(0);
    const full = await mutate(t, 'checkoutExpressAddressesAdd', '$token: String!, $shippingAddress: AddressInput!, $email: String', { token, shippingAddress: { ...wallet.address, phone: wallet.phone }, email: wallet.email });
    expect(full.errors).toEqual([]);
    const before = await t.gql<{ checkoutBeforePlaceOrder: { checkout: { totalPrice: { gross: { fractionalAmount: number } } }; errors: unknown[] } }>(
      'mutation B($token: String!) { checkoutBeforePlaceOrder(token: $token, paymentMethod: CREDIT_CARD, attestations: ["TERMS_AND_CONDITIONS", "LICENSED"]) { checkout { totalPrice { gross { fractionalAmount } } } errors { code } } }', { token });
    expect(before.body.data!.checkoutBeforePlaceOrder.errors).toEqual([]);
    const total = before.body.data!.checkoutBeforePlaceOrder.checkout.totalPrice.gross.fractionalAmount;
    const card = (i: 0 | 1) => ({ number: TEST_WALLET_CARDS[i].number, expMonth: TEST_WALLET_CARDS[i].expMonth, expYear: TEST_WALLET_CARDS[i].expYear, cvc: TEST_WALLET_CARDS[i].cvc });

    const declined = (await t.gql<PlaceAnswer>(PLACE, { token, key: `wallet-declined-${token}`, total, card: card(1) })).body.data!.checkoutPlaceOrder;
    expect(declined.errors.map((e) => e.code)).toEqual(['CARD_DECLINED']);
    const placed = (await t.gql<PlaceAnswer>(PLACE, { token, key: `wallet-${token}`, total, card: card(0) })).body.data!.checkoutPlaceOrder;
    expect(placed.errors).toEqual([]);
    expect([placed.order!.paymentStatus, placed.order!.total.gross.fractionalAmount, placed.order!.payments[0]!.ccLastDigits]).toEqual(['FULLY_CHARGED', total, '4242']);
    const again = (await t.gql<PlaceAnswer>(PLACE, { token, key: `wallet-${token}`, total, card: card(0) })).body.data!.checkoutPlaceOrder;
    expect(again.order!.token).toBe(placed.order!.token);
  });
});
