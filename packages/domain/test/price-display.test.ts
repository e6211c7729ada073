import { describe, expect, it } from 'vitest';
import { displayPrice } from '../src/pricing/price-display.ts';

const nbsp = (s: string | null) => s?.replace(/\s/g, ' ') ?? null;
const eur = (net: number, gross: number) => ({ currency: 'EUR', net, gross });
const usd = (amount: number) => ({ currency: 'USD', net: amount, gross: amount });

describe('displayPrice: one rule for every screen', () => {
  it('shows gross with the VAT flag on and net with it off, in the route locale', () => {
    expect(nbsp(displayPrice(eur(3587_39, 4269_00), null, { displayGross: true, locale: 'de-DE' }).current)).toBe('4.269,00 €');
    expect(nbsp(displayPrice(eur(3587_39, 4269_00), null, { displayGross: false, locale: 'de-DE' }).current)).toBe('3.587,39 €');
    expect(displayPrice(usd(3899_00), null, { displayGross: false, locale: 'en-US' }).current).toBe('$3,899.00');
    expect(nbsp(displayPrice({ currency: 'PLN', net: 100_00, gross: 123_00 }, null, { displayGross: true, locale: 'pl-PL' }).current)).toBe('123,00 zł');
  });

  it('strikes the previous price through only when it is greater than the current one, and highlights then', () => {
    const sale = displayPrice(usd(2399_00), usd(2699_00), { displayGross: false, locale: 'en-US' });
    expect(sale).toMatchObject({ current: '$2,399.00', previous: '$2,699.00', highlighted: true });
    expect(displayPrice(usd(2399_00), usd(2399_00), { displayGross: false, locale: 'en-US' })).toMatchObject({ previous: null, highlighted: false });
    expect(displayPrice(usd(2399_00), usd(2000_00), { displayGross: false, locale: 'en-US' })).toMatchObject({ previous: null, highlighted: false });
  });

  it('divides by 12 per month, with 0 fraction digits when there are no cents, otherwise 2', () => {
    expect(displayPrice(usd(420_00), null, { displayGross: false, perMonth: true, locale: 'en-US' })).toMatchObject({ current: '$35', amount: 35_00 });
    expect(displayPrice(usd(450_00), null, { displayGross: false, perMonth: true, locale: 'en-US' })).toMatchObject({ current: '$37.50', amount: 37_50 });
    expect(displayPrice(usd(100_00), null, { displayGross: false, perMonth: true, locale: 'en-US' })).toMatchObject({ current: '$8.33', amount: 8_33 });
  });

  it('shows 0 fraction digits with a suffix "mo" or "yr"', () => {
    expect(displayPrice(usd(420_00), usd(504_00), { displayGross: false, suffix: 'yr', locale: 'en-US' })).toMatchObject({ current: '$420', previous: '$504', suffix: 'yr' });
    expect(nbsp(displayPrice(eur(29_41, 35_00), null, { displayGross: true, perMonth: false, suffix: 'mo', locale: 'fr-FR' }).current)).toBe('35 €');
  });

});
