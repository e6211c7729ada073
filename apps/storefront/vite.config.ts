/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { manifest: true, target: 'es2022', outDir: 'dist/client' },
  server: { proxy: { '/graphql': 'http://127.0.0.1:3000' } },
});
