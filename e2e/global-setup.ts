import type { TestProject } from 'vitest/node';
import { startParentPages } from './support/parent-page.ts';
import { rmSync } from 'node:fs';
import { makeDataTemplate, startServer } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The port of the partner pages that embed the marketing forms (forms.test.ts). */
    formsParentPort: number;
  }
}

/**
 * One built server for the browser tests, on its own fresh embedded database. Bank payments settle 5 s
 * after the buyer authorises them, so a page can be seen while one is still processing on a loaded machine.
 */
export default async function setup(project: TestProject) {
  // Every server of the run starts with V8's and glibc's own memory sizes (apps/server/scripts/start.sh): the
  // embedded database's lean heap tripled the servers' CPU per page, and two groups of browser tests on two
  // cores waited on it (45 minutes of CI on a slow machine). Memory is the soak's and the reliability suite's.
  process.env.SERVER_TUNING ??= 'none';
  // Every server of the run (this one, and those a test file starts) opens a copy of one migrated, seeded
  // database instead of migrating and seeding its own (about 10 s each).
  const template = await makeDataTemplate();
  process.env.E2E_DATA_TEMPLATE = template;
  // The marketing forms may be framed by the store and by parent.localhost:{port} (a partner site).
  const parent = await startParentPages();
  const server = await startServer({ TEST_GATEWAY_SETTLE_MS: '5000', FORMS_PARENT_ORIGINS: `http://parent.localhost:${parent.port}`, FORMS_MIN_FILL_MS: '300' });
  project.provide('baseUrl', server.url);
  project.provide('formsParentPort', parent.port);
  return async () => {
    await server.stop();
    await new Promise((resolve) => parent.server.close(resolve));
    rmSync(template, { recursive: true, force: true });
    // The server renders with react-intl, which reports a message it has no text for on stderr outside production
    // (the servers here run with vitest's NODE_ENV=test): a page rendered with a message id instead of its text fails
    // the run, even when the browser's copy of the page put the text back (a catalogue part lost on the server did).
    const missing = [...new Set(server.output().match(/Missing message: .*/g) ?? [])];
    if (missing.length) {
      process.exitCode = 1; // vitest prints an error thrown here but exits 0 for it
      throw new Error(`the server rendered ${missing.length} message id(s) instead of text:\n${missing.slice(0, 20).join('\n')}`);
    }
  };
}
