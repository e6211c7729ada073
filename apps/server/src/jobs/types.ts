/** One outbox row as its handler sees it. */
export interface Job<P = unknown> {
  id: number;
  topic: string;
  payload: P;
  /** 1 on the first run; counts every claim, including one whose runner died. */
  attempt: number;
  /** The row id as text: the same on every redelivery, so a handler can make its effect happen once. */
  idempotencyKey: string;
  runAt: Date;
  createdAt: Date;
}

/** Runs a job; throwing schedules a retry (or marks the row dead after the last attempt). */
export type JobHandler = (job: Job) => Promise<void>;

/** Handlers by topic. A topic without one stays pending. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** The subset of pino's (and Fastify's) logger the runner writes to. */
export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface BackoffOptions {
  /** Delay before the second attempt. */
  baseMs: number;
  /** Each further attempt waits this many times longer. */
  factor: number;
  /** Upper bound of a delay. */
  maxMs: number;
  /** Share of the delay taken off at random (0 = none, 1 = "full jitter"): spreads retries of a burst. */
  jitter: number;
}
