import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own on the PostgreSQL server for one benchmark run, dropped at the end. The server is
 * BENCH_POSTGRES_URL's (default the one every machine here runs, postgres://postgres@127.0.0.1:5432/test).
 */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * Refreshes the planner's statistics of a database a server has just migrated and seeded. Until autovacuum
 * gets to them (a minute or more), a fresh database's tables have none and PostgreSQL may plan the store's
 * statements on guesses: two fresh databases measured side by side then differ by half their throughput
 * depending on which one autovacuum reached first. A store's database in use has them.
 */
export async function analyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}
