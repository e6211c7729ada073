import { builder } from './builder.ts';

/**
 * Interface languages (spec §3: 46 values including regional variants). The value's BCP 47 tag is
 * its name with "_" as "-" (EN_US → en-US, ZH_HANS → zh-Hans).
 */
const LANGUAGE_CODES = [
  'AR', 'BG', 'CS', 'DA', 'DE', 'DE_AT', 'DE_CH', 'EL', 'EN', 'EN_AU', 'EN_CA', 'EN_GB', 'EN_IE', 'EN_NZ', 'EN_US',
  'ES', 'ES_AR', 'ES_CL', 'ES_CO', 'ES_MX', 'ET', 'FI', 'FR', 'FR_BE', 'FR_CA', 'FR_CH', 'HE', 'HR', 'HU', 'IT',
  'JA', 'KO', 'LT', 'LV', 'NB', 'NL', 'NL_BE', 'NO', 'PL', 'PT', 'PT_BR', 'RO', 'SK', 'SV', 'TR', 'ZH_HANS', 'ZH_HANT',
] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const LanguageCodeEnum = builder.enumType('LanguageCodeEnum', { values: LANGUAGE_CODES });

export function bcp47(code: LanguageCode): string {
  const [lang, region] = code.split('_');
  if (!region) return lang!.toLowerCase();
  return region.length === 4 ? `${lang!.toLowerCase()}-${region[0]}${region.slice(1).toLowerCase()}` : `${lang!.toLowerCase()}-${region}`;
}

/** Languages the catalogue is translated into (besides English, the source). */
const CATALOGUE_LANGUAGES = ['ar', 'da', 'de', 'es', 'fi', 'fr', 'it', 'no', 'nl', 'pl', 'pt', 'sv', 'tr'];

/** The catalogue translation for an interface language: its base language (NB → no), else English. */
export function catalogueLanguage(code: string): string {
  const base = code.split('_')[0]!.toLowerCase();
  const language = base === 'nb' ? 'no' : base;
  return CATALOGUE_LANGUAGES.includes(language) ? language : 'en';
}
