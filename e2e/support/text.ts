import { readFileSync } from 'node:fs';
import { REPO_ROOT } from './server.ts';

/** A language's interface messages merged over English, as the storefront shows them. */
export function uiMessages(language: string): Record<string, string> {
  const read = (file: string) => JSON.parse(readFileSync(`${REPO_ROOT}/apps/storefront/src/i18n/messages/${file}.json`, 'utf8')) as Record<string, string>;
  // Each language has a core catalogue, a screens catalogue and the forms' catalogue (three chunks in the apps).
  return { ...read('en'), ...read('screens/en'), ...read('forms/en'), ...read(language), ...read(`screens/${language}`), ...read(`forms/${language}`) };
}

/** A language's catalogue texts (product names), as seeded. */
export function catalogueTexts(language: string): { products: Record<string, { name: string }> } {
  return JSON.parse(readFileSync(`${REPO_ROOT}/packages/db/src/seed/catalogue/translations/${language}.json`, 'utf8'));
}

/** Text with its whitespace (including the no-break spaces of money formats) made plain. */
export const plainText = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
