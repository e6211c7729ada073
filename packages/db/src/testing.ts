import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type OpenOptions } from './client.ts';
import { ensureDemoData } from './seed/index.ts';

/** Where a test run keeps its migrated, seeded embedded database for every file to start from (see writePgliteTemplate). */
export const PGLITE_TEMPLATE_ENV = 'PGLITE_TEMPLATE';

/**
 * Migrates and seeds one embedded database and writes its dump to `file`: each test file then loads a
 * copy in about a second instead of migrating and seeding its own (about four).
 */
export async function writePgliteTemplate(file: string): Promise<void> {
  const handle = await openDatabase({});
  await ensureDemoData(handle.db);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await handle.close();
}

/**
 * A fresh, migrated and seeded database for one test file. With TEST_DATABASE_URL set
 * (postgres://postgres@127.0.0.1:5432/test in CI) it creates its own database on that server and drops
 * it on close, so test files never see each other's rows; otherwise it is an in-memory PGlite (a copy of
 * the run's template when there is one). `observe` passes the metrics' and traces' statement hooks on.
 */
export async function openTestDatabase(observe: Pick<OpenOptions, 'onStatement' | 'traceStatement'> = {}): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    const handle = await openDatabase({ ...observe, ...(template && existsSync(template) ? { template: new Blob([readFileSync(template)]) } : {}) });
    // Migrations and demo data are checked either way: a copy of an up-to-date template needs nothing.
    await ensureDemoData(handle.db);
    return handle;
  }
  const name = `probe_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Dropping the database at the end terminates idle connections (57P01): expected, so not reported.
  const handle = await openDatabase({ ...observe, databaseUrl: url.toString(), poolSize: 20, onConnectionError: () => {} });
  await ensureDemoData(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
