import { catalogues, type Language, type MessageKey } from './messages/index.ts';

export type { Language, MessageKey };
export const LANGUAGES = Object.keys(catalogues) as Language[];

/** Other tags that name one of our languages (Norwegian Bokmål and Nynorsk share `no`). */
const ALIASES: Record<string, Language> = { nb: 'no', nn: 'no' };

/**
 * The first of the requested languages (`ui_locales`: space-separated BCP 47 tags, as the storefront
 * sends its route's language) that the pages speak; English otherwise. `en-US` → en, `pt-BR` → pt.
 */
export function pickLanguage(requested: unknown): Language {
  const tags = typeof requested === 'string' ? requested.split(/[\s,]+/) : [];
  for (const tag of tags) {
    const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if (base in catalogues) return base as Language;
    if (ALIASES[base]) return ALIASES[base];
  }
  return 'en';
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && value in catalogues;
}

export function direction(lang: Language): 'rtl' | 'ltr' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/** A message in the language, with `{name}` placeholders filled (values are not escaped here). */
export function translate(lang: Language, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const text = catalogues[lang][key] ?? catalogues.en[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
