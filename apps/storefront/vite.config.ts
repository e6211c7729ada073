/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The message catalogues are parsed when the store is built, not in the buyer's browser: each ICU message
 * becomes the syntax tree react-intl would make of it (about 0.2 KB more for English), and the runtime
 * takes react-intl's build without its parser (about 8 KB gzip less on every first visit).
 * Tests and the dev server keep the strings and the parser.
 */
function precompiledMessages(): Plugin[] {
  return [
    {
      name: 'probe:precompiled-messages',
      apply: 'build',
      enforce: 'pre',
      load(id) {
        if (!/[\\/]src[\\/]i18n[\\/]messages[\\/].*\.json$/.test(id)) return null;
        const messages = JSON.parse(readFileSync(id, 'utf8')) as Record<string, string>;
        return JSON.stringify(Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)])));
      },
    },
    {
      name: 'probe:no-message-parser',
      apply: 'build',
      config: () => ({ resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] } }),
    },
  ];
}

/**
 * Two applications from one codebase (docs/decisions/0018): the store (index.html, entry-server.tsx)
 * and the marketing forms (forms.html, entry-forms-server.tsx), each with its own entry chunk; shared
 * code (React, the router, Apollo, the shell) lands in shared chunks both load.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...precompiledMessages()],
  build: {
    manifest: !isSsrBuild,
    // One stylesheet for the whole store (about 11 KB brotli): a first page waited on eight small
    // render-blocking ones, two round trips on a slow mobile network; the browser caches it for every page after.
    cssCodeSplit: false,
    target: 'es2022',
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    rollupOptions: {
      input: (isSsrBuild
        ? { 'entry-server': 'src/entry-server.tsx', 'entry-forms-server': 'src/entry-forms-server.tsx' }
        : { index: 'index.html', forms: 'forms.html' }) as Record<string, string>,
    },
  },
  server: { proxy: { '/graphql': 'http://127.0.0.1:3000' } },
}));
