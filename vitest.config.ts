import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

/**
 * graphql 16 ships CJS (main) and ESM (module) builds without an exports map: Node (and so Pothos and
 * Yoga, loaded unbundled) gets the CJS one, while Vite would hand our sources the ESM one, and two
 * graphql instances cannot share a schema. Server tests resolve it the way the running server does.
 */
const nodeGraphql = createRequire(import.meta.url).resolve('graphql');

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/test/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias: [{ find: /^graphql$/, replacement: nodeGraphql }] },
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'packages/db/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Each file builds its own app on its own database; sharing the imported modules within a worker
          // halves the suite (most of a file's time was importing the server again).
          isolate: false,
        },
      },
      './apps/storefront/vitest.config.ts',
      {
        resolve: { alias: [{ find: /^graphql$/, replacement: nodeGraphql }] },
        test: {
          // npm run test:reliability: the reliability and security scenarios (reliability/), each recording its figure
          // for test-results/reliability.md. On PostgreSQL (TEST_DATABASE_URL, 127.0.0.1:5432/test by default);
          // the long ones (soak, restarts) only with RELIABILITY_LONG=1.
          name: 'reliability',
          include: ['reliability/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One import of the server for every file (each still builds its own app on its own database).
          isolate: false,
          globalSetup: ['reliability/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          environment: 'node',
          // A test that waits for an e-mail may wait 45 s for it (e2e/support/mail.ts) after its pages.
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // expect.poll waits 1 s by default: a page's query on a loaded CI machine can take longer, and a poll that
          // ends before the page has its data fails a test that would pass (CI: the orders list after a seat upgrade).
          expect: { poll: { timeout: 10_000 } },
          // One file at a time within a run, on that run's server; npm run test:e2e (e2e/run.mjs) runs two such runs side by side.
          fileParallelism: false,
          // The test files share their imported modules (playwright-core's client, axe, the support files), as the
          // server tests do: each file imported them again (43 s of a browser group's 21 minutes in CI). The files
          // keep no state in modules: each launches its own browser and contexts.
          isolate: false,
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
    ],
  },
});
