import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { prepareFrequentStatements, preparedStatements } from './prepared-statements.ts';
import { timeStatements } from './statement-timing.ts';
import { tracePglite, tracePool, type StatementTracer } from './statement-tracing.ts';

export type { StatementTracer } from './statement-tracing.ts';

export type Schema = typeof schema;
/** The common type of both drivers' databases: code above this layer never knows which one it has. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Where the embedded database keeps its files (DATA_DIR); unset in memory and on PostgreSQL. */
  dataDir?: string;
  /**
   * How many SQL statements this handle has sent (tests assert query counts with it). While `log` is an
   * array, each statement's text is appended to it too (a test shows which statements went over a budget).
   */
  stats: { statements: number; log?: string[] | undefined };
  /** PostgreSQL's pool now: connections open, those checked out, requests waiting for one (unset on the embedded database). */
  pool?: () => { total: number; inUse: number; waiting: number };
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** packages/db/migrations; in the server's bundle (apps/server/dist/*.js) the build copies them to dist/migrations. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../migrations' : './migrations', import.meta.url));

export interface OpenOptions {
  /** postgres://… — when set, PostgreSQL is used. */
  databaseUrl?: string | undefined;
  /** Directory for the embedded database's files; omitted means in memory. */
  dataDir?: string | undefined;
  /** An in-memory embedded database starts as a copy of this dump (PGlite's dumpDataDir) instead of empty. */
  template?: Blob | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * Called when an idle PostgreSQL connection fails (server restart, connection killed). The pool drops
   * that connection and opens a new one on demand; without a listener the process would crash.
   */
  onConnectionError?: (error: Error) => void;
  /** Called with each PostgreSQL statement's time until its answer, in seconds (the metrics' statement latency). */
  onStatement?: (seconds: number) => void;
  /** Called as each statement is sent (in the caller's context); the function it returns when the answer comes (the traces' statement spans). */
  traceStatement?: StatementTracer;
}

/**
 * The embedded database runs inside this process, so its memory is the store's: PostgreSQL's defaults
 * (160 MB of shared buffers in PGlite's build, 64 MB for maintenance) took the server to 420 MB idle.
 * A store's catalogue, carts and orders fit in a few megabytes of buffers; measured in docs/decisions/0022.
 */
export const EMBEDDED_SETTINGS = ['shared_buffers=8MB', 'work_mem=2MB', 'temp_buffers=1MB', 'wal_buffers=512kB', 'maintenance_work_mem=16MB'];

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const stats: DatabaseHandle['stats'] = { statements: 0 };
  const logger = {
    logQuery: (query: string) => {
      stats.statements++;
      stats.log?.push(query);
    },
  };
  // Each driver is loaded only when it is used: a store on one database does not hold the other's code.
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'), import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator'),
    ]);
    // int8 (count(*), sums of minor units) as a JS number, as PGlite returns it; amounts stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const onConnectionError = options.onConnectionError ?? ((error: Error) => console.error('database connection lost:', error.message));
    pool.on('error', onConnectionError);
    // The pool listens for errors only on idle connections. A connection checked out (a transaction between
    // two statements) that the server ends (restart, crash, terminated backend) emits 'error' on its client,
    // and an unheard 'error' event ends the process. Heard here, the transaction's next statement fails,
    // the connection is released as broken and the pool opens a new one.
    const prepared = preparedStatements();
    pool.on('connect', (client) => {
      client.on('error', onConnectionError);
      prepareFrequentStatements(client, prepared);
      if (options.onStatement) timeStatements(client, options.onStatement);
    });
    if (options.traceStatement) tracePool(pool as never, options.traceStatement);
    const db = drizzlePg(pool, { schema, logger }) as unknown as Database;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      kind: 'postgres',
      stats,
      pool: () => ({ total: pool.totalCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'), import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator'),
  ]);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({ ...(options.dataDir ? { dataDir: options.dataDir } : {}), ...(options.template ? { loadDataDir: options.template } : {}), postgresqlconf: EMBEDDED_SETTINGS });
  if (options.traceStatement) tracePglite(client as never, options.traceStatement);
  const db = drizzlePglite(client, { schema, logger }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    stats,
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
