/** Spec §9: the 15 store languages (catalogue codes). */
export const LANGUAGES = ['ar', 'da', 'de', 'en', 'en-US', 'es', 'fi', 'fr', 'it', 'no', 'nl', 'pl', 'pt', 'sv', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The two-letter codes a store path may carry (en-US is reached as /us/en/). */
export const URL_LANGUAGES = ['ar', 'da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'no', 'nl', 'pl', 'pt', 'sv', 'tr'] as const;
export type UrlLanguage = (typeof URL_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: UrlLanguage = 'en';

/** Spec §9: right-to-left languages. */
export const RTL_LANGUAGES: readonly UrlLanguage[] = ['ar'];

export function isUrlLanguage(code: string): code is UrlLanguage {
  return (URL_LANGUAGES as readonly string[]).includes(code);
}

export function textDirection(language: UrlLanguage): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

/** Each language's name in itself, for the language switcher (fixed text: never differs between server and browser). */
export const LANGUAGE_ENDONYMS: Record<UrlLanguage, string> = {
  ar: 'العربية', da: 'Dansk', de: 'Deutsch', en: 'English', es: 'Español', fi: 'Suomi', fr: 'Français',
  it: 'Italiano', no: 'Norsk', nl: 'Nederlands', pl: 'Polski', pt: 'Português', sv: 'Svenska', tr: 'Türkçe',
};

/** The GraphQL LanguageCodeEnum value of a catalogue language (en-US → EN_US). */
type EnumValueOf<L extends string> = L extends `${infer A}-${infer B}` ? `${Uppercase<A>}_${Uppercase<B>}` : Uppercase<L>;
/** A store language as the GraphQL LanguageCodeEnum spells it (EN_US, DE, AR …). */
export type LanguageCodeValue = EnumValueOf<Language>;

export function languageCodeEnum(language: Language): LanguageCodeValue {
  return language.replace('-', '_').toUpperCase() as LanguageCodeValue;
}
