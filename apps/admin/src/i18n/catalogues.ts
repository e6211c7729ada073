import en from './messages/en.json';
import type { ConsoleLanguage } from './locale.ts';

/** A whole catalogue: every English key. */
export type Messages = typeof en;

/**
 * The console's catalogues. English, the source and the fallback, is in the main bundle; another language
 * is a chunk of its own, loaded before the first render and laid over English key by key (habit 8), so a
 * key it lacked would show in English, not as its id. In the build, each message is already react-intl's
 * syntax tree (vite.config.ts); in the dev server, the ICU string.
 */
const others = import.meta.glob<{ default: Partial<Messages> }>(['./messages/*.json', '!./messages/en.json']);

/** The messages of a language, and the language they are in: English when its chunk did not load. */
export async function loadMessages(language: ConsoleLanguage): Promise<{ language: ConsoleLanguage; messages: Messages }> {
  if (language === 'en') return { language, messages: en };
  try {
    const own = (await others[`./messages/${language}.json`]!()).default;
    return { language, messages: { ...en, ...own } };
  } catch {
    return { language: 'en', messages: en };
  }
}
