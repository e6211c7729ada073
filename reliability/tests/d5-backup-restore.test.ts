import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../apps/server/test/built-server.ts';
import { recordScenario } from '../support/report.ts';
import { ADMIN_URL, createDatabase, query } from '../support/postgres.ts';
import { killStarted, startBuiltServer } from '../support/processes.ts';
import { placeOrder, prepareCheckouts } from '../support/http-store.ts';

const ORDERS = 40;
const execFileAsync = promisify(execFile);

/**
 * D5: the backup and restore drill README documents. A store database (migrated, the demo catalogue and
 * users, ORDERS orders placed over HTTP with their outbox rows and payments) is dumped with pg_dump
 * (custom format) while the server runs, restored with pg_restore into a new database, and every table
 * compared: row count and a hash of its rows.
 */
describe.runIf(process.env.RELIABILITY_LONG)('D5 backup and restore drill (pg_dump / pg_restore)', () => {
  const dbs: Array<{ drop: () => Promise<void> }> = [];
  const work = mkdtempSync(join(tmpdir(), 'probe-d5-'));
  afterAll(async () => {
    await killStarted();
    for (const db of dbs) await db.drop().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  });

  it('restores every table with equal row counts and contents; the time is measured', { timeout: 240_000 }, async () => {
    ensureBuilt();
    const source = await createDatabase('probe_d5_src');
    dbs.push(source);
    const server = await startBuiltServer({ DATABASE_URL: source.url, JOBS_IN_PROCESS: 'true', JOBS_POLL_INTERVAL_MS: '200', MAIL_SINK_DIR: join(work, 'mail') });
    const ready = await prepareCheckouts(server.url, ORDERS);
    const placed = await Promise.all(ready.map((c, i) => placeOrder(server.url, c, `d5-order-${i}-${c.token.slice(0, 8)}`)));
    expect(placed.filter((p) => p.orderToken).length).toBe(ORDERS);

    // The dump is taken from the running store (its job runner still writing): pg_dump reads one snapshot,
    // exported here so the source's fingerprint is taken from the very same snapshot.
    const tables = (await query<{ t: string }>(source.url, "select schemaname || '.' || tablename as t from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1")).map((r) => r.t);
    const fingerprint = async (client: pg.Client) => {
      const out: Record<string, string> = {};
      for (const t of tables) {
        const { rows: [row] } = await client.query<{ n: number; h: string }>(`select count(*)::int as n, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as h from ${t} x`);
        out[t] = `${row!.n}:${row!.h}`;
      }
      return out;
    };
    const held = new pg.Client({ connectionString: source.url });
    await held.connect();
    await held.query('begin isolation level repeatable read');
    const snapshot = (await held.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows[0]!.snapshot;
    const file = join(work, 'store.dump');
    const t0 = Date.now();
    await execFileAsync('pg_dump', ['--format=custom', '--no-owner', `--snapshot=${snapshot}`, '--file', file, source.url]);
    const dumpMs = Date.now() - t0;
    const before = await fingerprint(held);
    await held.query('commit');
    await held.end();
    server.kill('SIGTERM');
    await server.exited();

    const target = await createDatabase('probe_d5_restored');
    dbs.push(target);
    const t1 = Date.now();
    await execFileAsync('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', target.url, file]);
    const restoreMs = Date.now() - t1;

    const restored = new pg.Client({ connectionString: target.url });
    await restored.connect();
    const after = await fingerprint(restored);
    await restored.end();
    const rows = Object.values(before).reduce((n, v) => n + Number(v.split(':')[0]), 0);
    const orders = Number(before['public.orders']?.split(':')[0]);
    const differing = tables.filter((t) => before[t] !== after[t]);
    // The sequences come back too: the next order number continues after the last one.
    const [src] = await query<{ v: string }>(source.url, 'select last_value::text as v from order_number_seq');
    const [dst] = await query<{ v: string }>(target.url, 'select last_value::text as v from order_number_seq');
    const size = statSync(file).size;
    const pass = differing.length === 0 && orders >= ORDERS && src!.v === dst!.v;
    recordScenario({
      id: 'D5',
      done: `pg_dump -Fc of a running store database (job runner writing) (demo catalogue, ${orders} orders placed over HTTP; ${tables.length} tables, ${rows} rows, dump ${(size / 1024 / 1024).toFixed(1)} MB), pg_restore --single-transaction into a new database on ${new URL(ADMIN_URL).host}`,
      figure: `dump ${(dumpMs / 1000).toFixed(1)} s, restore ${(restoreMs / 1000).toFixed(1)} s; ${tables.length - differing.length}/${tables.length} tables equal in row count and md5 of rows; order number sequence kept`,
      pass,
    });
    expect(differing).toEqual([]);
    expect(dst!.v).toBe(src!.v);
  });
});
