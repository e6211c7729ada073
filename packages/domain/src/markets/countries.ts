/** Spec §9: the 32 store countries, in the spec's order (the first is the default). */
export const STORE_COUNTRIES = [
  'US', 'GB', 'IE', 'AU', 'NZ', 'DE', 'FR', 'IT', 'ES', 'NL', 'BE', 'PT', 'AT', 'PL', 'NO', 'DK',
  'FI', 'SE', 'CH', 'CA', 'HK', 'KE', 'SG', 'PK', 'CL', 'AE', 'AR', 'CO', 'IL', 'IN', 'TR', 'ZA',
] as const;

/**
 * Spec §9: the "extra countries with no currency". They are export markets (docs/decisions/0049): sold in
 * usd at the US list prices, shipped from the home country with no VAT, GST or sales tax charged at
 * checkout; the buyer pays import duty and taxes on delivery.
 */
export const EXPORT_COUNTRIES = ['CL', 'HK', 'KE', 'SG', 'PK', 'CO', 'AR', 'IL', 'ZA', 'TR', 'AE', 'IN'] as const satisfies readonly (typeof STORE_COUNTRIES)[number][];

export function isExportCountry(code: string): boolean {
  return (EXPORT_COUNTRIES as readonly string[]).includes(code);
}

/** Spec §9: further countries priced in usd (they may lack device pricing and then redirect). */
export const EXTRA_USD_COUNTRIES = ['MX', 'OM', 'EG', 'KW', 'MA', 'QA', 'SA', 'TN', 'LB'] as const;

/** The combined country list: every country a store path may name. Its first entry is the default. */
export const KNOWN_COUNTRIES = [...STORE_COUNTRIES, ...EXTRA_USD_COUNTRIES] as const;

export type StoreCountry = (typeof STORE_COUNTRIES)[number];
export type KnownCountry = (typeof KNOWN_COUNTRIES)[number];

export const DEFAULT_COUNTRY: KnownCountry = KNOWN_COUNTRIES[0];

/** Spec §9: the 27 EU member states, listed for tax purposes. */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV',
  'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const;

/** Spec §9: the further country lists and feature-check groups, named for what they are used for. */
export const COUNTRY_GROUPS = {
  nonEuVatCountries: ['CH', 'GB'],
  spain: ['ES'],
  specialPropertyCountries: ['CA', 'CH', 'GB', 'NZ', 'US'],
  featureUsCaDeGb: ['US', 'CA', 'DE', 'GB'],
  featureAuNz: ['AU', 'NZ'],
  featureUsCa: ['US', 'CA'],
  featureGbDe: ['GB', 'DE'],
} as const satisfies Record<string, readonly string[]>;

/** Spec §9: storefront currencies; countries without a currency of their own are priced in usd. */
export const CURRENCIES = ['usd', 'cad', 'gbp', 'eur', 'aud', 'nzd', 'pln', 'sek', 'dkk', 'nok', 'chf'] as const;
export type Currency = (typeof CURRENCIES)[number];

const COUNTRY_CURRENCY: Partial<Record<KnownCountry, Currency>> = {
  US: 'usd', CA: 'cad', GB: 'gbp', AU: 'aud', NZ: 'nzd', PL: 'pln', SE: 'sek', DK: 'dkk', NO: 'nok', CH: 'chf',
  IE: 'eur', DE: 'eur', FR: 'eur', IT: 'eur', ES: 'eur', NL: 'eur', BE: 'eur', PT: 'eur', AT: 'eur', FI: 'eur',
};

export function currencyOf(country: KnownCountry): Currency {
  return COUNTRY_CURRENCY[country] ?? 'usd';
}

export function isKnownCountry(code: string): code is KnownCountry {
  return (KNOWN_COUNTRIES as readonly string[]).includes(code);
}

export function isStoreCountry(code: string): code is StoreCountry {
  return (STORE_COUNTRIES as readonly string[]).includes(code);
}
