import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '@probe/db';
import { DEFAULT_BACKOFF, retryDelayMs } from './backoff.ts';
import { claim, markFailed, markProcessed, release, unhandledTopics, type OutboxRow } from './queue.ts';
import type { BackoffOptions, Job, JobHandlers, JobLogger } from './types.ts';
import { jobsRun } from '../metrics/index.ts';
import { inSpan } from '../tracing/index.ts';

export interface RunnerOptions {
  db: Database;
  handlers: JobHandlers;
  log: JobLogger;
  /** The clock: due times, leases and backoff are computed from it (tests move it). */
  now?: () => Date;
  /** For the backoff's jitter. */
  random?: () => number;
  /** Names this runner in `locked_by` and in logs. */
  id?: string;
  /** How long a claimed row belongs to this runner; a runner that dies leaves the row for this long. */
  leaseMs?: number;
  /** Pause between polls when nothing is due. */
  pollIntervalMs?: number;
  /** Rows claimed per statement. */
  batchSize?: number;
  /** After this many attempts a failing row is marked dead. */
  maxAttempts?: number;
  /** Topics that may be tried more often than `maxAttempts` (a lead waits out a CRM outage of a day). */
  maxAttemptsByTopic?: Readonly<Record<string, number>>;
  backoff?: Partial<BackoffOptions>;
  /** How often pending rows of topics without a handler are looked for (each topic is logged once). */
  unhandledCheckMs?: number;
  /**
   * Inside the server: true while it answers requests. Each row then waits until it is false, but only
   * until it has been due for `yieldMs`: the runner's handlers (an e-mail with its PDF) share the requests'
   * thread and their cores. A row already due that long runs at once, so under a steady load the queue's
   * delay stays about yieldMs instead of growing by yieldMs with every row ahead of it.
   */
  busy?: () => boolean;
  yieldMs?: number;
}

const MAX_ERROR_LENGTH = 4000;

/**
 * Drains the outbox: claims due rows, runs each topic's handler, records the outcome. At-least-once: a
 * handler may see a row again (after a crash, or a lease that ran out), with the same idempotency key.
 * Rows of one batch run one after another; run more runners for more throughput.
 */
export class JobRunner {
  readonly id: string;
  readonly #db: Database;
  readonly #handlers: JobHandlers;
  readonly #topics: string[];
  readonly #log: JobLogger;
  readonly #now: () => Date;
  readonly #random: () => number;
  readonly #leaseMs: number;
  readonly #pollIntervalMs: number;
  readonly #batchSize: number;
  readonly #maxAttempts: number;
  readonly #maxAttemptsByTopic: Readonly<Record<string, number>>;
  readonly #backoff: BackoffOptions;
  readonly #unhandledCheckMs: number;
  readonly #busy: () => boolean;
  readonly #yieldMs: number;
  readonly #reported = new Set<string>();
  #lastUnhandledCheck = Number.NEGATIVE_INFINITY;
  #loop: Promise<void> | null = null;
  #stopping = false;
  #wake: (() => void) | null = null;

  constructor(options: RunnerOptions) {
    this.id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.#db = options.db;
    this.#handlers = options.handlers;
    this.#topics = Object.keys(options.handlers);
    this.#log = options.log;
    this.#now = options.now ?? (() => new Date());
    this.#random = options.random ?? Math.random;
    this.#leaseMs = options.leaseMs ?? 5 * 60_000;
    this.#pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.#batchSize = options.batchSize ?? 10;
    this.#maxAttempts = options.maxAttempts ?? 10;
    this.#maxAttemptsByTopic = options.maxAttemptsByTopic ?? {};
    this.#backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.#unhandledCheckMs = options.unhandledCheckMs ?? 60_000;
    this.#busy = options.busy ?? (() => false);
    this.#yieldMs = options.yieldMs ?? 1000;
  }

  /** Polls until stop(). */
  start(): void {
    if (this.#loop) return;
    this.#stopping = false;
    this.#loop = this.#run();
    this.#log.info({ runner: this.id, topics: this.#topics }, 'job runner started');
  }

  /** Lets the job in hand finish, gives back the rest of its batch, and resolves when the loop has ended. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#wake?.();
    await this.#loop;
    this.#loop = null;
  }

  /** Polls now instead of at the end of the current pause (e.g. after writing a job). */
  poke(): void {
    this.#wake?.();
  }

  /** Runs due rows until none is left; the number of rows run. */
  async drain(): Promise<number> {
    let total = 0;
    for (let n = await this.runOnce(); n > 0; n = await this.runOnce()) total += n;
    return total;
  }

  /** Claims one batch of due rows and runs it; the number of rows run. */
  async runOnce(): Promise<number> {
    await this.#reportUnhandledTopics();
    const rows = await claim(this.#db, { topics: this.#topics, now: this.#now(), leaseMs: this.#leaseMs, limit: this.#batchSize, runnerId: this.id });
    let ran = 0;
    for (const row of rows) {
      if (!this.#stopping) await this.#yieldToRequests(row);
      if (this.#stopping) {
        await release(this.#db, row);
        continue;
      }
      // Each job a trace of its own (a no-op without OTEL_EXPORTER_OTLP_ENDPOINT): its statements and calls inside.
      await inSpan(`job ${row.topic}`, { 'job.id': row.id, 'job.topic': row.topic, 'job.attempt': row.attempts }, () => this.#runRow(row));
      ran++;
    }
    return ran;
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      let ran = 0;
      try {
        ran = await this.runOnce();
      } catch (err) {
        // The database went away for a moment: keep polling; claimed rows come back after their lease.
        this.#log.error({ runner: this.id, err: describe(err) }, 'job runner poll failed');
      }
      if (ran === 0 && !this.#stopping) await this.#sleep(this.#pollIntervalMs);
    }
  }

  /** Waits while the server is busy (polled every 10 ms), until the row has been due for yieldMs, so that rows still run under a steady load. */
  async #yieldToRequests(row: OutboxRow): Promise<void> {
    const dueFor = Math.max(0, this.#now().getTime() - row.runAt.getTime());
    const until = Date.now() + Math.max(0, this.#yieldMs - dueFor);
    while (this.#busy() && !this.#stopping && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  #sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    }).finally(() => (this.#wake = null));
  }

  async #runRow(row: OutboxRow): Promise<void> {
    const log = { runner: this.id, jobId: row.id, topic: row.topic, attempt: row.attempts };
    const maxAttempts = Math.max(this.#maxAttempts, this.#maxAttemptsByTopic[row.topic] ?? 0);
    if (row.attempts > maxAttempts) {
      // Its last attempt's runner died (a lease ran out): a row that kills its runner stops here.
      const error = `attempt ${row.attempts - 1} did not finish (its runner stopped before the lease of ${this.#leaseMs} ms ran out)`;
      await markFailed(this.#db, row, this.#now(), error, null);
      jobsRun.inc({ topic: row.topic, outcome: 'dead' });
      this.#log.error({ ...log, error }, 'job dead');
      return;
    }
    const handler = this.#handlers[row.topic]!;
    const job: Job = { id: row.id, topic: row.topic, payload: row.payload, attempt: row.attempts, idempotencyKey: String(row.id), runAt: row.runAt, createdAt: row.createdAt };
    try {
      await handler(job);
    } catch (err) {
      const error = describe(err).slice(0, MAX_ERROR_LENGTH);
      const now = this.#now();
      const retryAt = row.attempts >= maxAttempts ? null : new Date(now.getTime() + retryDelayMs(row.attempts, this.#backoff, this.#random));
      const recorded = await markFailed(this.#db, row, now, error, retryAt);
      jobsRun.inc({ topic: row.topic, outcome: retryAt ? 'retry' : 'dead' });
      if (!recorded) this.#log.warn(log, 'job failed after its lease ran out; another runner has it');
      else if (retryAt) this.#log.warn({ ...log, error, retryAt }, 'job failed; will retry');
      else this.#log.error({ ...log, error }, 'job dead');
      return;
    }
    jobsRun.inc({ topic: row.topic, outcome: 'done' });
    if (!(await markProcessed(this.#db, row, this.#now()))) this.#log.warn(log, 'job finished after its lease ran out; another runner has it');
  }

  async #reportUnhandledTopics(): Promise<void> {
    const now = this.#now().getTime();
    if (now - this.#lastUnhandledCheck < this.#unhandledCheckMs) return;
    this.#lastUnhandledCheck = now;
    for (const { topic, rows } of await unhandledTopics(this.#db, this.#topics)) {
      if (this.#reported.has(topic)) continue;
      this.#reported.add(topic);
      this.#log.warn({ runner: this.id, topic, rows }, 'outbox rows wait for a topic no handler takes; they stay pending');
    }
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.stack ?? `${err.name}: ${err.message}`;
  return String(err);
}
