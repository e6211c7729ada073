import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, mutate, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

/** Issue 35, docs/decisions/0049: the 12 export countries buy in usd at US list prices, with no tax at checkout. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const SG_ADDRESS = { firstName: 'Wei', lastName: 'Tan', streetAddress1: '1 Raffles Place', city: 'Singapore', postalCode: '048616', country: 'SG', phone: '+65 6123 4567' };
const AE_ADDRESS = { firstName: 'Omar', lastName: 'Haddad', streetAddress1: 'Sheikh Zayed Road 1', city: 'Dubai', countryArea: 'Dubai', country: 'AE', phone: '+971 4 123 4567' };
const IQ3 = [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }];

const place = async (token: string, total: number) =>
  (await t.gql<PlaceAnswer>(PLACE, { token, key: `export-${token}`, total, card: CARD_OK })).body.data!.checkoutPlaceOrder;

describe('export countries (issue 35)', () => {
  it('Singapore: the US list price in USD, no tax, free standard shipping, no duty; the order is placed and paid', async () => {
    const us = (await mutate(t, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: IQ3, country: 'US' } })).checkout!;
    const { token, total, checkout } = await readyCheckout(t, { country: 'SG', lines: IQ3, address: SG_ADDRESS });
    expect(checkout.currency).toBe('USD');
    expect(checkout.subtotalPrice.gross.fractionalAmount).toBe(us.subtotalPrice.gross.fractionalAmount);
    expect(checkout.availableShippingMethods).toEqual([{ id: 'STANDARD', price: { fractionalAmount: 0 } }, { id: 'EXPRESS', price: { fractionalAmount: 39_00 } }]);
    expect(checkout.totalPrice.tax.fractionalAmount).toBe(0);
    expect(checkout.estimatedDuty?.fractionalAmount).toBe(0);
    expect(total).toBe(us.subtotalPrice.gross.fractionalAmount);
    const placed = await place(token, total);
    expect(placed.errors).toEqual([]);
    expect([placed.order!.paymentStatus, placed.order!.total.gross.fractionalAmount, placed.order!.total.tax.fractionalAmount]).toEqual(['FULLY_CHARGED', total, 0]);
  });

  it('United Arab Emirates: the emirate named in English is accepted, international shipping in USD, no VAT, the 5 % duty estimated; placed', async () => {
    const { token, total, checkout } = await readyCheckout(t, { country: 'AE', lines: IQ3, address: AE_ADDRESS });
    const goods = checkout.subtotalPrice.gross.fractionalAmount;
    expect(checkout.currency).toBe('USD');
    expect(checkout.shippingAddress?.countryArea).toBe('إمارة دبيّ');
    expect(checkout.availableShippingMethods.map((m) => [m.id, m.price.fractionalAmount])).toEqual([['STANDARD', 49_00], ['EXPRESS', 99_00]]);
    expect(checkout.shippingMethod?.id).toBe('STANDARD');
    expect(checkout.totalPrice.tax.fractionalAmount).toBe(0);
    expect(total).toBe(goods + 49_00);
    expect(checkout.estimatedDuty?.fractionalAmount).toBe(Math.round(goods * 0.05));
    const placed = await place(token, total);
    expect(placed.errors).toEqual([]);
    expect([placed.order!.paymentStatus, placed.order!.total.gross.fractionalAmount, placed.order!.total.tax.fractionalAmount]).toEqual(['FULLY_CHARGED', total, 0]);
  });

  it('names areas in the reader\'s script: the emirates in Latin letters in English and in Arabic in Arabic; Hong Kong\'s areas beside their own names', async () => {
    const Q = 'query V($countryCode: CountryCode!, $languageCode: LanguageCodeEnum) { addressValidator(countryCode: $countryCode, languageCode: $languageCode) { countryAreaType countryAreaChoices { raw verbose } } }';
    type Rules = { addressValidator: { countryAreaType: string; countryAreaChoices: Array<{ raw: string; verbose: string }> } };
    const rules = async (countryCode: string, languageCode: string) => (await t.gql<Rules>(Q, { countryCode, languageCode })).body.data!.addressValidator;
    const english = await rules('AE', 'EN');
    expect(english.countryAreaType).toBe('emirate');
    expect(english.countryAreaChoices).toContainEqual({ raw: 'إمارة دبيّ', verbose: 'Dubai' });
    expect((await rules('AE', 'AR')).countryAreaChoices).toContainEqual({ raw: 'إمارة دبيّ', verbose: 'دبي' });
    const hk = await rules('HK', 'EN');
    expect(hk.countryAreaChoices.every((c) => c.raw === c.verbose)).toBe(true);
    expect(hk.countryAreaChoices.map((c) => c.raw)).toContain('Kowloon');
  });
});
