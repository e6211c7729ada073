import { readFileSync } from 'node:fs';
import { REPO_ROOT } from './server.ts';

/** A language's interface messages merged over English, as the storefront shows them. */
export function uiMessages(language: string): Record<string, string> {
  const read = (l: string) => JSON.parse(readFileSync(`${REPO_ROOT}/apps/storefront/src/i18n/messages/${l}.json`, 'utf8')) as Record<string, string>;
  return { ...read('en'), ...read(language) };
}

/** A language's catalogue texts (product names), as seeded. */
export function catalogueTexts(language: string): { products: Record<string, { name: string }> } {
  return JSON.parse(readFileSync(`${REPO_ROOT}/packages/db/src/seed/catalogue/translations/${language}.json`, 'utf8'));
}

/** Text with its whitespace (including the no-break spaces of money formats) made plain. */
export const plainText = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
