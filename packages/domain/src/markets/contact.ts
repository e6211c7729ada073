import type { KnownCountry } from './countries.ts';
import type { Language } from './languages.ts';

/** Spec §2: regional contact pages; every other country gets the default page. DE and AT share one. */
export const REGIONAL_CONTACT_PAGES: Partial<Record<KnownCountry, string>> = {
  GB: 'gb', DE: 'de-at', AT: 'de-at', FR: 'fr', BE: 'be', DK: 'dk', IT: 'it', NL: 'nl', NO: 'no', PL: 'pl', PT: 'pt', SE: 'se', CH: 'ch', FI: 'fi',
};

export function contactPage(country: KnownCountry): string {
  return REGIONAL_CONTACT_PAGES[country] ?? 'default';
}

/** Where support and return policies live (configuration of the store's help centre). */
export const SUPPORT_BASE_URL = 'https://support.probe-medical.example';

/** Spec §2: support links are keyed by country for the Netherlands and Portugal, else by language. */
const SUPPORT_BY_COUNTRY: Partial<Record<KnownCountry, string>> = { NL: 'nl-nl', PT: 'pt-pt' };
const SUPPORT_BY_LANGUAGE: Record<Language, string> = {
  ar: 'ar', da: 'da', de: 'de', en: 'en-gb', 'en-US': 'en-us', es: 'es', fi: 'fi', fr: 'fr', it: 'it', no: 'no', nl: 'nl-be', pl: 'pl', pt: 'pt-br', sv: 'sv', tr: 'tr',
};

export function supportLink(country: KnownCountry, language: Language): string {
  return `${SUPPORT_BASE_URL}/${SUPPORT_BY_COUNTRY[country] ?? SUPPORT_BY_LANGUAGE[language]}`;
}

/** Return-policy links per language and country: the country's own policy where it has one, in the language. */
const RETURN_POLICY_COUNTRIES: readonly KnownCountry[] = ['US', 'CA', 'GB', 'AU', 'NZ', 'DE', 'AT', 'CH', 'FR', 'BE', 'NL', 'IT', 'ES', 'PT', 'PL', 'SE', 'DK', 'FI', 'NO', 'IE'];

export function returnPolicyLink(country: KnownCountry, language: Language): string {
  const region = RETURN_POLICY_COUNTRIES.includes(country) ? country.toLowerCase() : 'intl';
  return `${SUPPORT_BASE_URL}/${SUPPORT_BY_LANGUAGE[language]}/returns/${region}`;
}

/** Spec §1: countries named in the Academy-courses wording. */
export const ACADEMY_COUNTRIES: readonly KnownCountry[] = ['US', 'GB', 'CA', 'AU', 'NZ', 'FI', 'DK', 'NO', 'SE', 'PL', 'BE', 'NL', 'DE', 'IT', 'PT', 'AT', 'CH'];

export function offersAcademyCourses(country: KnownCountry): boolean {
  return ACADEMY_COUNTRIES.includes(country);
}

/**
 * Spec §1: the note that courses are in English is hidden in the English-speaking countries (US, GB, CA,
 * NZ, AU) — but shown to Canadian French readers.
 */
export function showsEnglishOnlyCourseNote(country: KnownCountry, locale: string): boolean {
  if (locale === 'fr-CA') return true;
  return !(['US', 'GB', 'CA', 'NZ', 'AU'] as KnownCountry[]).includes(country);
}
