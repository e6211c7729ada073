import { currencyOf, KNOWN_COUNTRIES, type Currency, type KnownCountry } from './countries.ts';
import type { Language, UrlLanguage } from './languages.ts';

/** Spec §3 "Locale entry": one per country and language a store path can name. */
export interface LocaleEntry {
  /** lowercase country code, as in the path */
  code: string;
  currency: Currency;
  /** the country's flag, as an emoji */
  flag: string;
  languageInUrl: UrlLanguage;
  /** BCP 47 tag used for Intl formatting of money and dates */
  locale: string;
  /** the message-catalogue language */
  languageCode: Language;
  name: string;
  /** spec: Canada shows a display name that names the language */
  displayName?: string;
  /** spec §9: fr-CA, fr and de carry a special flag: their words run long, so tight controls shrink text */
  longWords: boolean;
}

/** Languages offered per country, the default first (spec §9 "English or local storefronts"). */
export const COUNTRY_LANGUAGES: Record<KnownCountry, readonly UrlLanguage[]> = {
  US: ['en'], GB: ['en'], IE: ['en'], AU: ['en'], NZ: ['en'],
  DE: ['de', 'en'], AT: ['de', 'en'], CH: ['en', 'fr', 'it'],
  FR: ['fr', 'en'], BE: ['nl', 'en'], IT: ['it', 'en'], ES: ['es', 'en'], PT: ['pt', 'en'],
  PL: ['pl', 'en'], NL: ['nl', 'en'], SE: ['sv', 'en'], DK: ['da', 'en'], FI: ['fi', 'en'], NO: ['no', 'en'],
  CA: ['en', 'fr'], TR: ['tr', 'en'], AE: ['en', 'ar'],
  CL: ['es', 'en'], CO: ['es', 'en'], AR: ['es', 'en'],
  HK: ['en'], KE: ['en'], SG: ['en'], PK: ['en'], IL: ['en'], IN: ['en'], ZA: ['en'],
  MX: ['es', 'en'], OM: ['ar', 'en'], EG: ['ar', 'en'], KW: ['ar', 'en'], QA: ['ar', 'en'], SA: ['ar', 'en'],
  LB: ['ar', 'en'], MA: ['fr', 'ar', 'en'], TN: ['fr', 'ar', 'en'],
};

/** Spec §9 redirect overrides: Belgium in French and Switzerland in German are served in English. */
export const LANGUAGE_OVERRIDES: ReadonlyArray<{ country: KnownCountry; from: UrlLanguage; to: UrlLanguage }> = [
  { country: 'BE', from: 'fr', to: 'en' },
  { country: 'CH', from: 'de', to: 'en' },
];

export function defaultLanguageOf(country: KnownCountry): UrlLanguage {
  return COUNTRY_LANGUAGES[country][0]!;
}

/** The catalogue language for a path: English in the United States is American English. */
export function catalogueLanguage(country: KnownCountry, language: UrlLanguage): Language {
  return country === 'US' && language === 'en' ? 'en-US' : language;
}

/** The Intl locale for a path, e.g. de-AT, fr-CA, en-IE. */
export function intlLocale(country: KnownCountry, language: UrlLanguage): string {
  const lang = language === 'no' ? 'nb' : language;
  return `${lang}-${country}`;
}

function flagEmoji(country: string): string {
  return String.fromCodePoint(...[...country].map((c) => 0x1f1a5 + c.charCodeAt(0)));
}

const englishNames = new Intl.DisplayNames(['en'], { type: 'region' });

export function localeEntry(country: KnownCountry, language: UrlLanguage): LocaleEntry {
  const locale = intlLocale(country, language);
  const name = englishNames.of(country) ?? country;
  return {
    code: country.toLowerCase(),
    currency: currencyOf(country),
    flag: flagEmoji(country),
    languageInUrl: language,
    locale,
    languageCode: catalogueLanguage(country, language),
    name,
    ...(country === 'CA' ? { displayName: `${name} (${language === 'fr' ? 'Français' : 'English'})` } : {}),
    longWords: locale === 'fr-CA' || language === 'fr' || language === 'de',
  };
}

/** Every locale entry of the store: each known country in each of its languages. */
export const LOCALE_ENTRIES: readonly LocaleEntry[] = KNOWN_COUNTRIES.flatMap((country) =>
  COUNTRY_LANGUAGES[country].map((language) => localeEntry(country, language)),
);
