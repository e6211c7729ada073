import { describe, expect, it } from 'vitest';
import { DUTY_RATES, shippingMethodsFor } from '../src/checkout/shipping.ts';
import { currencyOf, EXPORT_COUNTRIES, isExportCountry, STORE_COUNTRIES } from '../src/markets/countries.ts';
import { COUNTRY_LANGUAGES, intlLocale } from '../src/markets/locales.ts';

/** Issue 35, docs/decisions/0049: the 12 store countries sold as exports, in usd. */
describe('export countries', () => {
  it('are the spec\'s 12 store countries without a currency of their own; every other store country has one', () => {
    expect([...EXPORT_COUNTRIES].sort()).toEqual(['AE', 'AR', 'CL', 'CO', 'HK', 'IL', 'IN', 'KE', 'PK', 'SG', 'TR', 'ZA']);
    for (const country of STORE_COUNTRIES) {
      expect(isExportCountry(country), country).toBe(currencyOf(country) === 'usd' && country !== 'US');
    }
  });

  it('each ships in usd (two methods, the standard one the cheaper) and has an import duty rate the checkout estimates', () => {
    for (const country of EXPORT_COUNTRIES) {
      const methods = shippingMethodsFor(country, 'usd');
      expect(methods.map((m) => m.id), country).toEqual(['STANDARD', 'EXPRESS']);
      expect(methods[0]!.price, country).toBeLessThan(methods[1]!.price);
      expect(DUTY_RATES[country], country).toBeTypeOf('number');
    }
    expect(shippingMethodsFor('SG', 'usd').map((m) => [m.price, m.days])).toEqual([[0, [5, 8]], [39_00, [2, 4]]]);
    expect(shippingMethodsFor('AE', 'usd').map((m) => [m.price, m.days])).toEqual([[49_00, [7, 12]], [99_00, [3, 5]]]);
  });

  it('speak English, and Spanish, Turkish or Arabic where the store has the language; money and dates in the spec\'s regional locales', () => {
    for (const country of ['CL', 'CO', 'AR'] as const) expect(COUNTRY_LANGUAGES[country]).toEqual(['es', 'en']);
    expect(COUNTRY_LANGUAGES.TR).toEqual(['tr', 'en']);
    expect(COUNTRY_LANGUAGES.AE).toEqual(['en', 'ar']);
    for (const country of ['HK', 'KE', 'SG', 'PK', 'IL', 'IN', 'ZA'] as const) expect(COUNTRY_LANGUAGES[country]).toEqual(['en']);
    expect(['HK', 'KE', 'SG', 'PK', 'IL', 'ZA', 'IN', 'AE'].map((c) => intlLocale(c as 'SG', 'en'))).toEqual(['en-HK', 'en-KE', 'en-SG', 'en-PK', 'en-IL', 'en-ZA', 'en-IN', 'en-AE']);
    expect(['CL', 'CO', 'AR'].map((c) => intlLocale(c as 'CL', 'es'))).toEqual(['es-CL', 'es-CO', 'es-AR']);
    // The dollar is told apart from the local one: US$ in Singapore and Chile.
    expect(new Intl.NumberFormat(intlLocale('SG', 'en'), { style: 'currency', currency: 'USD' }).format(3899)).toBe('US$3,899.00');
    expect(new Intl.NumberFormat(intlLocale('CL', 'es'), { style: 'currency', currency: 'USD' }).format(3899)).toBe('US$3.899,00');
  });
});
