import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../apps/server/test/built-server.ts';
import { recordScenario } from '../support/report.ts';
import { count, createDatabase, query } from '../support/postgres.ts';
import { killStarted, sleep, startBuiltServer, startBuiltWorker } from '../support/processes.ts';
import { placeOrder, prepareCheckouts } from '../support/http-store.ts';

const EMAIL = 'member@demo.probe.store';
const MEMBER = '7d1f0b52-0c1a-4b7e-9a51-000000000003';

/**
 * D6 (issue 38): an erasure is a durable job. The built worker runs one with the test-only
 * FAULT_POINT=erasure-after-orders, which SIGKILLs it after the `orders` step has committed; a second
 * worker takes the row over when its lease ends and finishes the steps left. In the end the request is
 * DONE and no text or jsonb column of any table, nor any file of the mail sink, holds the person's e-mail;
 * their order is still there (anonymised). Fast.
 */
describe('D6 erasure: worker SIGKILLed half-way, finished after restart', () => {
  const work = mkdtempSync(join(tmpdir(), 'probe-d6-'));
  const mailDir = join(work, 'mail');
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await killStarted();
    await drop?.().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  });

  it('resumes after the last committed step and leaves nothing of the person', { timeout: 120_000 }, async () => {
    ensureBuilt();
    const db = await createDatabase('probe_d6');
    drop = db.drop;
    const env = { DATABASE_URL: db.url, MAIL_SINK_DIR: mailDir, JOBS_POLL_INTERVAL_MS: '100', JOBS_LEASE_MS: '1500' };
    const server = await startBuiltServer({ ...env, JOBS_IN_PROCESS: 'false' });
    // An order placed with their e-mail, and its confirmation sent (the sink holds a message to them).
    const [ready] = await prepareCheckouts(server.url, 1);
    const placed = await placeOrder(server.url, ready!, `d6-${ready!.token}`);
    expect(placed.orderToken).toBeTruthy();
    await query(db.url, 'update orders set email = $1, user_id = $2', [EMAIL, MEMBER]);
    server.kill('SIGTERM');
    await server.exited();
    const sender = await startBuiltWorker(env);
    for (let i = 0; i < 100 && (await count(db.url, 'select count(*)::int as n from outbox where processed_at is null')) > 0; i++) await sleep(100);
    sender.kill('SIGTERM');
    await sender.exited();
    const mailToThem = (() => { try { return readdirSync(mailDir); } catch { return []; } })().filter((f) => readFileSync(join(mailDir, f), 'latin1').toLowerCase().includes(EMAIL)).length;

    // The request and its job, as requestErasure writes them; a worker that dies after the orders step.
    const [request] = await query<{ id: string }>(db.url, "insert into data_requests (kind, user_id, subject_email, source) values ('ERASURE', $1, $2, 'STAFF') returning id", [MEMBER, EMAIL]);
    const dying = await startBuiltWorker({ ...env, FAULT_POINT: 'erasure-after-orders' });
    await query(db.url, "insert into outbox (topic, payload) values ('privacy.erase', $1)", [JSON.stringify({ requestId: request!.id })]);
    const { signal } = await dying.exited();
    const [half] = await query<{ state: string; steps: string[] }>(db.url, 'select state, steps from data_requests where id = $1', [request!.id]);
    const userRowsAtKill = await count(db.url, 'select count(*)::int as n from users where id = $1', [MEMBER]);

    const second = await startBuiltWorker(env);
    let state = '';
    for (let i = 0; i < 200 && state !== 'DONE'; i++) {
      state = (await query<{ state: string }>(db.url, 'select state from data_requests where id = $1', [request!.id]))[0]!.state;
      if (state !== 'DONE') await sleep(100);
    }
    second.kill('SIGTERM');
    await second.exited();

    const columns = await query<{ table_name: string; column_name: string }>(db.url, "select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')");
    const hits: string[] = [];
    for (const c of columns) {
      if ((await count(db.url, `select count(*)::int as n from "${c.table_name}" where "${c.column_name}"::text ilike $1`, [`%${EMAIL}%`])) > 0) hits.push(`${c.table_name}.${c.column_name}`);
    }
    const files = (() => { try { return readdirSync(mailDir); } catch { return []; } })();
    const sinkHits = files.filter((f) => readFileSync(join(mailDir, f), 'latin1').toLowerCase().includes(EMAIL));
    const orders = await count(db.url, 'select count(*)::int as n from orders');
    const pass = signal === 'SIGKILL' && half!.state === 'RUNNING' && half!.steps.at(-1) === 'orders' && userRowsAtKill === 1 && state === 'DONE' && hits.length === 0 && mailToThem > 0 && sinkHits.length === 0 && orders === 1;
    recordScenario({
      id: 'D6',
      done: 'an erasure job run by the built worker SIGKILLed (FAULT_POINT=erasure-after-orders) after its orders step committed; a new worker took the row after the 1.5 s lease; then every text/jsonb column of every table and every mail sink file scanned for the e-mail',
      figure: `killed by ${signal} with steps [${half!.steps.join(', ')}] (${half!.state}); finished ${state}; ${hits.length} columns and ${sinkHits.length} of the ${mailToThem} mail files to them left; ${orders} order kept`,
      pass,
    });
    expect(signal).toBe('SIGKILL');
    expect(half).toMatchObject({ state: 'RUNNING' });
    expect(half!.steps.at(-1)).toBe('orders');
    expect(userRowsAtKill).toBe(1);
    expect(state).toBe('DONE');
    expect(hits).toEqual([]);
    expect(mailToThem).toBeGreaterThan(0);
    expect(sinkHits).toEqual([]);
    expect(orders).toBe(1);
  });
});
