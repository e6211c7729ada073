import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The console's catalogues, built as the storefront builds its own (apps/storefront/scripts/message-catalogues.ts):
 * each ICU message becomes the syntax tree react-intl would make of it, and the bundle takes react-intl without
 * its parser. The dev server keeps the strings and the parser. (Merging over English is done when a catalogue
 * loads, src/i18n/catalogues.ts.)
 */
function precompiledMessages(): Plugin[] {
  return [
    {
      name: 'console:precompiled-messages',
      apply: 'build',
      enforce: 'pre',
      load(id) {
        if (!/[\\/]src[\\/]i18n[\\/]messages[\\/][\w-]+\.json$/.test(id)) return null;
        const messages = JSON.parse(readFileSync(id, 'utf8')) as Record<string, string>;
        return JSON.stringify(Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)])));
      },
    },
    {
      name: 'console:no-message-parser',
      apply: 'build',
      config: () => ({ resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] } }),
    },
  ];
}

/** The operator console: served by the store's server under /admin/ (its API at /admin/graphql). */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), ...precompiledMessages()],
  build: { target: 'es2022', outDir: 'dist', assetsDir: 'assets' },
  server: { proxy: { '/admin/graphql': 'http://127.0.0.1:3000', '/oidc': 'http://127.0.0.1:3000' } },
});
