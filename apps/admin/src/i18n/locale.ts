/** The console's two languages. English is the source and the fallback. */
export const CONSOLE_LANGUAGES = ['en', 'de'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

/**
 * The locale each language formats dates, numbers and money in. The console's English has always been
 * en-GB: day month year, and a currency's own sign ("US$", "CA$", "A$") where en-US writes "$" for three of
 * the store's currencies.
 */
export const FORMAT_LOCALE: Record<ConsoleLanguage, string> = { en: 'en-GB', de: 'de-DE' };

/** The staff member's language: the first of their browser's languages (navigator.languages) the console speaks, else English. */
export function consoleLanguage(preferred: readonly string[]): ConsoleLanguage {
  for (const tag of preferred) {
    const language = tag.split('-')[0]!.toLowerCase();
    if ((CONSOLE_LANGUAGES as readonly string[]).includes(language)) return language as ConsoleLanguage;
  }
  return 'en';
}
