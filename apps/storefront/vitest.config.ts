import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: { name: 'storefront', include: ['test/**/*.test.{ts,tsx}'], environment: 'happy-dom', root: import.meta.dirname },
});
