import type { Database } from '@probe/db';
import type { Config } from '../config.ts';
import { createMailer, MAIL_TOPIC } from '../mail/index.ts';
import { JobRunner } from './runner.ts';
import type { JobHandlers, JobLogger } from './types.ts';

export interface ServerRunner {
  runner: JobRunner;
  /** Finishes the job in hand, then stops polling and closes the handlers' connections. */
  stop(): Promise<void>;
}

/** The store's handlers by topic. Topics not listed here (order.placed, …) wait for their handler. */
export function storeHandlers(config: Config, log: JobLogger, now?: () => Date): { handlers: JobHandlers; close(): void } {
  const mailer = createMailer(config, { log, ...(now ? { now } : {}) });
  return { handlers: { [MAIL_TOPIC]: mailer.handler }, close: () => mailer.close() };
}

/** The runner the server (JOBS_IN_PROCESS) and the worker command start, configured from the environment. */
export function startJobRunner(options: { config: Config; db: Database; log: JobLogger; now?: () => Date }): ServerRunner {
  const { config, db, log, now } = options;
  const { handlers, close } = storeHandlers(config, log, now);
  const runner = new JobRunner({
    db,
    handlers,
    log,
    ...(now ? { now } : {}),
    leaseMs: config.JOBS_LEASE_MS,
    pollIntervalMs: config.JOBS_POLL_INTERVAL_MS,
    maxAttempts: config.JOBS_MAX_ATTEMPTS,
  });
  runner.start();
  return {
    runner,
    stop: async () => {
      await runner.stop();
      close();
    },
  };
}
