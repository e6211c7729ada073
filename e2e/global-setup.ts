import type { TestProject } from 'vitest/node';
import { startServer } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * One built server for the browser tests, on its own fresh embedded database. Bank payments settle 5 s
 * after the buyer authorises them, so a page can be seen while one is still processing on a loaded machine.
 */
export default async function setup(project: TestProject) {
  const server = await startServer({ TEST_GATEWAY_SETTLE_MS: '5000' });
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
  };
}
