import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The operator console: served by the store's server under /admin/ (its API at /admin/graphql). */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { target: 'es2022', outDir: 'dist', assetsDir: 'assets' },
  server: { proxy: { '/admin/graphql': 'http://127.0.0.1:3000', '/oidc': 'http://127.0.0.1:3000' } },
});
