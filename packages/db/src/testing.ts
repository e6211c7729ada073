import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { ensureDemoData } from './seed/index.ts';

/**
 * A fresh, migrated and seeded database for one test file. With TEST_DATABASE_URL set
 * (postgres://postgres@127.0.0.1:5432/test in CI) it creates its own database on that server and drops
 * it on close, so test files never see each other's rows; otherwise it is an in-memory PGlite.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({});
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
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 20, onConnectionError: () => {} });
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
