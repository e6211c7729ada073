import type { UrlLanguage } from '@probe/domain';
import { messages, type MessageKey } from './i18n/catalogues.ts';

/** The pages' languages: the store's (en-US reads English). */
export type Language = UrlLanguage;
export type { MessageKey };
export const LANGUAGES = messages.languages;

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
    if (isLanguage(base)) return base;
    if (ALIASES[base]) return ALIASES[base];
  }
  return 'en';
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function direction(lang: Language): 'rtl' | 'ltr' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/** A message of the pages' catalogues (i18n/messages) in the language, its ICU arguments filled (not escaped here). */
export function translate(lang: Language, key: MessageKey, vars: Record<string, string | number> = {}): string {
  return messages.format(lang, key, vars);
}
