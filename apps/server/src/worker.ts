import { openDatabase } from '@probe/db';
import { pino } from 'pino';
import { loadConfig } from './config.ts';
import { privateLoggerOptions } from './logging/private-logs.ts';
import { startJobRunner } from './jobs/index.ts';
import { observeDatabase, observeStatement, startMetricsListener } from './metrics/index.ts';
import { startTracing, statementSpan, traceIdMixin } from './tracing/index.ts';

/**
 * `npm run worker`: the job runner alone (no HTTP), for running jobs beside servers started with
 * JOBS_IN_PROCESS=false. Needs DATABASE_URL: the embedded database's files belong to one process, and
 * there the server runs the jobs itself.
 */
const config = loadConfig();
// Spans over OTLP when an endpoint is configured (tracing/): each job a trace, its trace id in its log lines.
const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT ? await startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME ?? 'probe-store-worker' }) : null;
const log = pino({ level: config.LOG_LEVEL, base: { pid: process.pid, role: 'worker' }, ...(tracing ? { mixin: traceIdMixin } : {}), ...privateLoggerOptions });
if (!config.DATABASE_URL) {
  log.fatal('the worker needs DATABASE_URL (PostgreSQL); on the embedded database the server runs the jobs (JOBS_IN_PROCESS=true)');
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  poolSize: 2,
  onConnectionError: (error) => log.error({ err: error.message }, 'database connection lost; the pool reconnects on demand'),
  ...(config.METRICS_PORT !== undefined ? { onStatement: observeStatement } : {}),
  ...(tracing ? { traceStatement: statementSpan } : {}),
});
// The jobs it runs, the queue it drains and the process, for Prometheus (METRICS_PORT: one port per process on a host).
const metrics = config.METRICS_PORT === undefined ? null : await startMetricsListener({ host: config.METRICS_HOST, port: config.METRICS_PORT, token: config.METRICS_TOKEN });
if (metrics) {
  observeDatabase(database);
  log.info({ url: metrics.url }, 'metrics listening');
}
const jobs = startJobRunner({ config, db: database.db, log });

/** Finish the job in hand, stop polling, close the database; give up after the timeout. */
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'worker shutting down');
  const force = setTimeout(() => {
    log.error('worker shutdown timed out; exiting');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  try {
    await Promise.all([jobs.stop(), metrics?.close()]);
    await database.close();
    await tracing?.shutdown().catch(() => {});
    log.info('worker stopped');
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'worker shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
