/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { messageCatalogues } from './scripts/message-catalogues.ts';
import { precompiledOperations } from './scripts/precompiled-operations.ts';

/**
 * Two applications from one codebase (docs/decisions/0018): the store (index.html, entry-server.tsx)
 * and the marketing forms (forms.html, entry-forms-server.tsx), each with its own entry chunk; shared
 * code (React, the router, Apollo, the shell) lands in shared chunks both load.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...messageCatalogues(), precompiledOperations()],
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
