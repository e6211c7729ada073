import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './processes.ts';

/** The shared PostgreSQL the suite runs on (never restarted by a test: others use it). */
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function databaseUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A database of the test's own on `adminUrl`'s server; `drop` removes it (connections and all). */
export async function createDatabase(prefix: string, adminUrl = ADMIN_URL): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  return { name, url: databaseUrl(adminUrl, name), drop: async () => void (await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)) };
}

export async function adminQuery(adminUrl: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** One query on a short-lived connection. */
export async function query<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The `n` column of a one-row query (a count). */
export async function count(url: string, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await query<{ n: number }>(url, sql, params);
  return Number(row?.n ?? 0);
}

function binDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return join('/usr/lib/postgresql', versions[0]!, 'bin');
}

export interface OwnPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:{port}/postgres */
  adminUrl: string;
  dir: string;
  restart(mode: 'fast' | 'immediate'): Promise<number>;
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): void;
}

/**
 * A throwaway PostgreSQL cluster of the test's own (initdb into a temp folder, its own port, socket in
 * /tmp), so it can be restarted and killed without touching the shared one. fsync and synchronous_commit
 * stay at their (durable) defaults. As root, the cluster runs as the `postgres` user.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const port = await freePort();
  const parent = mkdtempSync(join(tmpdir(), 'probe-pg-'));
  const dir = join(parent, 'data');
  const asRoot = userInfo().uid === 0;
  const pgUid = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString().trim()) : 0;
  const pgGid = asRoot ? Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) : 0;
  if (asRoot) {
    chownSync(parent, pgUid, pgGid);
    chmodSync(parent, 0o700);
  }
  const bin = binDir();
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const full = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    return execFileSync(command, full, { stdio: ['ignore', 'pipe', 'pipe'], cwd: tmpdir() }).toString();
  };
  run('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const log = join(parent, 'log');
  const options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=60 -c shared_buffers=32MB`;
  const ctl = (args: string[]) => run('pg_ctl', ['-D', dir, '-l', log, '-w', '-t', '60', ...args]);
  // Restarts run while the test's own load keeps going: never block its event loop.
  const ctlAsync = async (args: string[]) => {
    const full = ['-D', dir, '-l', log, '-w', '-t', '60', ...args];
    if (asRoot) await promisify(execFile)('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...full], { cwd: tmpdir() });
    else await promisify(execFile)(join(bin, 'pg_ctl'), full, { cwd: tmpdir() });
  };
  ctl(['-o', options, 'start']);
  return {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    async restart(mode) {
      const t0 = Date.now();
      await ctlAsync(['-m', mode, '-o', options, 'restart']);
      return Date.now() - t0;
    },
    stop: (mode) => ctlAsync(['-m', mode, 'stop']),
    start: () => ctlAsync(['-o', options, 'start']),
    destroy() {
      try {
        ctl(['-m', 'immediate', 'stop']);
      } catch {}
      rmSync(parent, { recursive: true, force: true });
    },
  };
}
