import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../apps/server/test/built-server.ts';
import { recordScenario } from '../support/report.ts';
import { count, createDatabase, query } from '../support/postgres.ts';
import { killStarted, sleep, startBuiltServer, startBuiltWorker } from '../support/processes.ts';
import { CARD_DECLINED, placeOrder, prepareCheckouts } from '../support/http-store.ts';

const COMMITTED = 16;
const DECLINED = 4;

/**
 * D2: the order e-mail goes through the outbox. The built server (JOBS_IN_PROCESS=false) takes orders:
 * every committed one writes exactly one `order.placed` row in its transaction, a declined one (rolled
 * back) none. The built worker then sends them into the mail sink and is SIGKILLed while it holds a
 * claimed batch (mid-send); a second worker takes the rows over when their lease ends. In the end every
 * row is processed and the sink holds exactly one message per order. Fast: runs in `npm run test:reliability`
 * without RELIABILITY_LONG.
 */
describe('D2 outbox: one row per committed order, worker SIGKILLed mid-send, no duplicate delivery', () => {
  const work = mkdtempSync(join(tmpdir(), 'probe-d2-'));
  const mailDir = join(work, 'mail');
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await killStarted();
    await drop?.().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  });

  it('drains everything after the kill, one message per order at the sink', { timeout: 120_000 }, async () => {
    ensureBuilt();
    const db = await createDatabase('probe_d2');
    drop = db.drop;
    const env = { DATABASE_URL: db.url, MAIL_SINK_DIR: mailDir, JOBS_POLL_INTERVAL_MS: '100', JOBS_LEASE_MS: '1500' };
    const server = await startBuiltServer({ ...env, JOBS_IN_PROCESS: 'false' });
    const ready = await prepareCheckouts(server.url, COMMITTED + DECLINED);
    const outcomes = await Promise.all(ready.map((c, i) => placeOrder(server.url, c, `d2-${i}-${c.token.slice(0, 12)}`, i < DECLINED ? CARD_DECLINED : undefined)));
    const committed = outcomes.filter((o) => o.orderToken).map((o) => o.orderToken!);
    const declined = outcomes.filter((o) => o.errorCodes.length > 0);
    expect(committed.length).toBe(COMMITTED);
    expect(declined.length).toBe(DECLINED);

    const rows = await query<{ id: number; token: string }>(db.url, "select id, payload->>'orderToken' as token from outbox where topic = 'order.placed' order by id");
    const orders = await query<{ token: string; number: string }>(db.url, 'select token, number from orders');
    const rowsPerOrder = new Map<string, number>();
    for (const r of rows) rowsPerOrder.set(r.token, (rowsPerOrder.get(r.token) ?? 0) + 1);
    const declinedTokens = ready.slice(0, DECLINED).map((c) => c.token);
    const declinedRows = await count(db.url, "select count(*)::int as n from outbox o where topic = 'order.placed' and not exists (select 1 from orders where token::text = o.payload->>'orderToken')");
    const declinedOrders = await count(db.url, 'select count(*)::int as n from orders where checkout_token::text = any($1)', [declinedTokens]);

    // The worker sends; once the first message is in the sink (the rest of its batch claimed), SIGKILL.
    const first = await startBuiltWorker(env);
    const eml = () => { try { return readdirSync(mailDir).filter((f) => /^\d+\.eml$/.test(f)); } catch { return []; } };
    const until = Date.now() + 30_000;
    while (eml().length === 0 && Date.now() < until) await sleep(20);
    first.kill('SIGKILL');
    await first.exited();
    const atKill = eml().length;
    const claimedUnsent = await count(db.url, "select count(*)::int as n from outbox where topic = 'order.placed' and locked_by is not null and processed_at is null");

    const second = await startBuiltWorker(env);
    const drainUntil = Date.now() + 40_000;
    let pending = -1;
    while (Date.now() < drainUntil) {
      pending = await count(db.url, "select count(*)::int as n from outbox where topic = 'order.placed' and processed_at is null");
      if (pending === 0) break;
      await sleep(200);
    }
    const redelivered = await count(db.url, "select count(*)::int as n from outbox where topic = 'order.placed' and attempts > 1");
    second.kill('SIGTERM');
    await second.exited();
    server.kill('SIGTERM');
    await server.exited();

    // Each order's number in the subject of exactly one message; one file per outbox row, none for anything else.
    const files = eml();
    const bodies = files.map((f) => readFileSync(join(mailDir, f), 'utf8'));
    const subjects = bodies.map((b) => /^Subject: (.*)$/m.exec(b)?.[1] ?? '');
    const perOrder = orders.map((o) => subjects.filter((s) => new RegExp(`\\b${o.number}\\b`).test(s)).length);
    const duplicates = perOrder.filter((n) => n > 1).length;
    const missing = perOrder.filter((n) => n === 0).length;
    const orderRowIds = new Set(rows.map((r) => `${r.id}.eml`));
    const orderFiles = files.filter((f) => orderRowIds.has(f)).length;
    const pass = rows.length === COMMITTED && [...rowsPerOrder.values()].every((n) => n === 1) && orders.length === COMMITTED && declinedRows === 0 && declinedOrders === 0
      && claimedUnsent > 0 && redelivered > 0 && pending === 0 && orderFiles === COMMITTED && duplicates === 0 && missing === 0;
    recordScenario({
      id: 'D2',
      done: `${COMMITTED} orders committed and ${DECLINED} declined (rolled back) over HTTP with the worker stopped; the worker SIGKILLed after its first message with ${claimedUnsent} claimed rows unsent; a new worker drained after the 1.5 s lease`,
      figure: `${rows.length} outbox rows for ${orders.length} committed orders, ${declinedRows} for rolled-back ones; ${atKill} written before the kill, ${redelivered} rows run twice (the killed worker's claims), ${pending} pending at the end; ${orderFiles} messages at the sink, ${duplicates} duplicates, ${missing} missing`,
      pass,
    });
    expect(rows.length).toBe(COMMITTED);
    expect(orders.length).toBe(COMMITTED);
    expect([...rowsPerOrder.keys()].sort()).toEqual(committed.sort());
    expect(declinedRows).toBe(0);
    expect(declinedOrders).toBe(0);
    expect(claimedUnsent).toBeGreaterThan(0);
    expect(redelivered).toBeGreaterThan(0);
    expect(pending).toBe(0);
    expect(orderFiles).toBe(COMMITTED);
    expect(duplicates).toBe(0);
    expect(missing).toBe(0);
  });
});
