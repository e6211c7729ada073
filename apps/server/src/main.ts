import { ensureDemoData, openDatabase } from '@probe/db';
import { loadConfig } from './config.ts';
import { buildApp } from './http/app.ts';
import { startJobRunner } from './jobs/index.ts';
import { ensureDemoIdentityUsers } from './identity/index.ts';
import { loadStorefrontBundles } from './http/storefront-bundle.ts';
import { loadGeoLookup } from './modules/shop/index.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  poolSize: config.DATABASE_POOL_SIZE,
  onConnectionError: (error) => console.error(JSON.stringify({ level: 50, msg: 'database connection lost; the pool reconnects on demand', err: error.message })),
});
const seeded = await ensureDemoData(database.db);
const demoUsers = config.AUTH_ISSUER_URL || config.AUTH_JWT_PUBLIC_KEY ? 0 : await ensureDemoIdentityUsers(database.db);
const { app, lifecycle, gateway } = await buildApp({
  config,
  database,
  geoLookup: await loadGeoLookup(config.GEOIP_DATABASE),
  storefront: await loadStorefrontBundles(),
});
app.log.info({ database: database.kind, dataDir: database.kind === 'pglite' ? config.DATA_DIR : undefined, demoData: seeded, demoUsersCreated: demoUsers }, 'database ready');

const address = await app.listen({ host: config.HOST, port: config.PORT });
// Outbox and scheduled jobs; JOBS_IN_PROCESS=false leaves them to `npm run worker`.
const jobs = config.JOBS_IN_PROCESS ? startJobRunner({ config, db: database.db, log: app.log, gateway }) : null;

/** Stop accepting, let in-flight requests and the job in hand finish, close the database; give up after the timeout. */
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  lifecycle.accepting = false;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  try {
    await Promise.all([app.close(), jobs?.stop()]);
    await database.close();
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
