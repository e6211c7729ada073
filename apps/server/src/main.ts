import { demoDataIsCurrent, ensureDemoData, openDatabase } from '@probe/db';
import { loadConfig } from './config.ts';
import { buildApp } from './http/app.ts';
import { startJobRunner } from './jobs/index.ts';
import { ensureDemoIdentityUsers, retireDemoIdentityUsers } from './identity/index.ts';
import { loadStorefrontBundles } from './http/storefront-bundle.ts';
import { mailSinkPageEnabled } from './mail/index.ts';
import { saturation } from './http/in-flight.ts';
import { loadGeoLookup } from './modules/shop/index.ts';
import { isPreparing, prepareDemoData, prepareEmbeddedDatabase } from './first-start.ts';
import { observeStatement, startMetricsListener } from './metrics/index.ts';
import { startTracing, statementSpan } from './tracing/index.ts';

const config = loadConfig();
// Spans over OTLP when an endpoint is configured (tracing/); none otherwise.
const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT ? await startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME ?? 'probe-store' }) : null;
if (!config.DATABASE_URL) await prepareEmbeddedDatabase(config.DATA_DIR);
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  poolSize: config.DATABASE_POOL_SIZE,
  onConnectionError: (error) => console.error(JSON.stringify({ level: 50, msg: 'database connection lost; the pool reconnects on demand', err: error.message })),
  ...(config.METRICS_PORT !== undefined ? { onStatement: observeStatement } : {}),
  ...(tracing ? { traceStatement: statementSpan } : {}),
});
// The store's data always; the demo accounts (published passwords, the console's owner among them) only
// for the embedded demo or DEMO_DATA=true. Without them, accounts an earlier start made stop working.
const demo = { accounts: config.DEMO_DATA };
if (config.DATABASE_URL) await prepareDemoData(() => demoDataIsCurrent(database.db, demo));
const seeded = await ensureDemoData(database.db, demo);
const builtInIdentity = !config.AUTH_ISSUER_URL && !config.AUTH_JWT_PUBLIC_KEY;
const demoUsers = config.DEMO_DATA
  ? { created: builtInIdentity ? await ensureDemoIdentityUsers(database.db) : 0, retired: 0 }
  : { created: 0, retired: await retireDemoIdentityUsers(database.db) };
if (isPreparing()) {
  await database.close();
  process.exit(0);
}
const { app, lifecycle, gateway } = await buildApp({
  config,
  database,
  geoLookup: await loadGeoLookup(config.GEOIP_DATABASE),
  storefront: await loadStorefrontBundles(),
});
const saturated = saturation(app.server);
app.log.info({ database: database.kind, dataDir: database.kind === 'pglite' ? config.DATA_DIR : undefined, demoData: seeded, demoAccounts: config.DEMO_DATA, demoUsersCreated: demoUsers.created, demoUsersRetired: demoUsers.retired }, 'database ready');

const address = await app.listen({ host: config.HOST, port: config.PORT });
// Prometheus metrics on a listener of their own (METRICS_PORT), never on the store's port.
const metrics = config.METRICS_PORT === undefined ? null : await startMetricsListener({ host: config.METRICS_HOST, port: config.METRICS_PORT, token: config.METRICS_TOKEN });
if (metrics) app.log.info({ url: metrics.url }, 'metrics listening');
// Outbox and scheduled jobs; JOBS_IN_PROCESS=false leaves them to `npm run worker`. In the server, a job
// waits while the server is saturated, up to 5 s each: buyers first, their e-mails when the burst is over.
const jobs = config.JOBS_IN_PROCESS ? startJobRunner({ config, db: database.db, log: app.log, gateway, busy: saturated, yieldMs: 5000 }) : null;

/**
 * Tell the load balancer (readiness 503, every answer closing its connection), keep serving while it
 * moves traffic elsewhere, then stop accepting, let in-flight requests and the job in hand finish, close
 * the database; give up after the timeout. Closing at once dropped requests behind a load balancer: a
 * connection it had kept alive was cut, or a request arriving during the close got a 503 (D3).
 */
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  lifecycle.accepting = false;
  const drainMs = signal === 'SIGTERM' && lifecycle.readinessPolled ? Math.min(config.SHUTDOWN_DRAIN_MS, config.SHUTDOWN_TIMEOUT_MS / 2) : 0;
  app.log.info({ signal, drainMs }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  try {
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await Promise.all([app.close(), jobs?.stop(), metrics?.close()]);
    await database.close();
    await tracing?.shutdown().catch(() => {});
    app.log.info('shutdown complete');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// Announced once the signal handlers are in place: a supervisor (or a test) that stops the server as soon
// as it says it runs gets a graceful shutdown.
const url = address.replace('[::1]', 'localhost');
console.log(`\n  Probe Store is running at ${url}/  (GraphQL at ${url}/graphql)\n`);
if (mailSinkPageEnabled(config)) console.log(`  The e-mails it sends: ${url}/dev/mail/\n`);
