import { describe, expect, it } from 'vitest';
import { currencyOf, STORE_COUNTRIES } from '../src/markets/countries.ts';
import { catalogueLanguage, localeEntry, LOCALE_ENTRIES } from '../src/markets/locales.ts';
import { LANGUAGES, textDirection } from '../src/markets/languages.ts';

describe('locale entries', () => {
  it('gives each of the 32 store countries its own currency or usd', () => {
    expect(STORE_COUNTRIES).toHaveLength(32);
    expect(currencyOf('PL')).toBe('pln');
    expect(currencyOf('AT')).toBe('eur');
    expect(currencyOf('KE')).toBe('usd');
  });

  it('formats with the locale of the path', () => {
    const entry = localeEntry('CA', 'fr');
    expect(entry).toMatchObject({ code: 'ca', currency: 'cad', locale: 'fr-CA', languageCode: 'fr', longWords: true, flag: '🇨🇦' });
    expect(entry.displayName).toBe('Canada (Français)');
    const amount = new Intl.NumberFormat(entry.locale, { style: 'currency', currency: entry.currency }).format(1234.5);
    expect(amount.replace(/\s/g, ' ')).toBe('1 234,50 $');
  });

  it('uses American English for the United States and reaches every catalogue language', () => {
    expect(catalogueLanguage('US', 'en')).toBe('en-US');
    expect(catalogueLanguage('GB', 'en')).toBe('en');
    const reached = new Set(LOCALE_ENTRIES.map((e) => e.languageCode));
    expect([...reached].sort()).toEqual([...LANGUAGES].sort());
  });

  it('writes Arabic right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('de')).toBe('ltr');
  });
});
