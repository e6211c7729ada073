export { JobRunner, type RunnerOptions } from './runner.ts';
export { enqueue, type NewJob, type Writer } from './enqueue.ts';
export { retryDelayMs, DEFAULT_BACKOFF } from './backoff.ts';
export { startJobRunner, storeHandlers, LEAD_MAX_ATTEMPTS, type ServerRunner } from './server-runner.ts';
export type { Job, JobHandler, JobHandlers, JobLogger, BackoffOptions } from './types.ts';
