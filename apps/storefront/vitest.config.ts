import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { messageCatalogues } from './scripts/message-catalogues.ts';

export default defineProject({
  // The catalogues as the app gets them (each language completed with English's messages).
  plugins: [react(), ...messageCatalogues()],
  test: { name: 'storefront', include: ['test/**/*.test.{ts,tsx}'], environment: 'happy-dom', root: import.meta.dirname },
});
