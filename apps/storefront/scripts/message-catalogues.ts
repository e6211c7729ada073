import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const MESSAGE_CATALOGUE = /[\\/]src[\\/]i18n[\\/]messages[\\/](?:[a-z]+[\\/])?([\w-]+)\.json$/;
const readMessages = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

/**
 * The message catalogues. Each language's file gets English's messages for the keys it lacks (key by key, in
 * every mode): a page loads its language's catalogue alone, not English's beside it (the German home page's
 * scripts carried both). When the store is built, each ICU message also becomes the syntax tree react-intl
 * would make of it, and the runtime takes react-intl's build without its parser (about 8 KB gzip less on every
 * first visit). Tests and the dev server keep the strings and the parser.
 */
export function messageCatalogues(): Plugin[] {
  let building = false;
  return [
    {
      name: 'probe:message-catalogues',
      enforce: 'pre',
      configResolved(config) {
        building = config.command === 'build';
      },
      load(id) {
        const match = MESSAGE_CATALOGUE.exec(id);
        if (!match) return null;
        const english = join(dirname(id), 'en.json');
        this.addWatchFile(english);
        const messages = match[1] === 'en' ? readMessages(id) : { ...readMessages(english), ...readMessages(id) };
        return JSON.stringify(building ? Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)])) : messages);
      },
    },
    {
      name: 'probe:no-message-parser',
      apply: 'build',
      config: () => ({ resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] } }),
    },
  ];
}
