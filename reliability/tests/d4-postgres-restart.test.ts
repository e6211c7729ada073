import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../apps/server/test/built-server.ts';
import { recordScenario } from '../support/report.ts';
import { adminQuery, count, databaseUrl, query, startOwnPostgres, type OwnPostgres } from '../support/postgres.ts';
import { killStarted, sleep, startBuiltServer } from '../support/processes.ts';
import { placeOrder, prepareCheckouts, type PlaceOutcome, type ReadyCheckout } from '../support/http-store.ts';

const CONCURRENCY = 6;
const LOAD_MS = 16_000;
/** Each buyer places at most one order this often (bounded load: about 15 placements a second). */
const PACE_MS = 400;
/** A request answered later than this counts as a hang (the client gives up at 15 s). */
const FAST_MS = 5_000;
/** How long PostgreSQL stays down after the immediate stop. */
const OUTAGE_MS = 3_000;

/**
 * D4: PostgreSQL (a throwaway cluster of the test's own, fsync on) restarted under place-order load, once
 * with `pg_ctl restart -m fast` and once with `stop -m immediate` (a crash: recovery replays the WAL) and three seconds down before the start. While it
 * is down the server must fail fast (no request hanging), recover by itself (the pool reconnects), keep
 * every order it acknowledged, and a retry with the same key of an unanswered placement gives at most one
 * order.
 */
describe.runIf(process.env.RELIABILITY_LONG)('D4 PostgreSQL restarted under load', () => {
  let cluster: OwnPostgres | null = null;
  afterAll(async () => {
    await killStarted();
    cluster?.destroy();
  });

  it('fast errors during the outage, self-recovery, every acknowledged order kept', { timeout: 180_000 }, async () => {
    ensureBuilt();
    cluster = await startOwnPostgres();
    await adminQuery(cluster.adminUrl, 'create database store');
    const url = databaseUrl(cluster.adminUrl, 'store');
    const server = await startBuiltServer({ DATABASE_URL: url, JOBS_IN_PROCESS: 'false' });
    const ready = await prepareCheckouts(server.url, Math.ceil((LOAD_MS / PACE_MS) * CONCURRENCY) + 10);

    type Tried = PlaceOutcome & { at: number; checkout: ReadyCheckout; key: string };
    const tried: Tried[] = [];
    const t0 = Date.now();
    let next = 0;
    const stopAt = t0 + LOAD_MS;
    const loops = Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < stopAt && next < ready.length) {
        const checkout = ready[next++]!;
        const key = `d4-${checkout.token}`;
        const at = Date.now() - t0;
        const outcome = await placeOrder(server.url, checkout, key);
        tried.push({ ...outcome, at, checkout, key });
        await sleep(Math.max(0, PACE_MS - outcome.ms));
      }
    });
    const restarts: Array<{ mode: string; at: number; ms: number }> = [];
    const faults = (async () => {
      await sleep(t0 + 3_000 - Date.now());
      restarts.push({ mode: 'fast', at: 3_000, ms: await cluster!.restart('fast') });
      // A crash (immediate: no checkpoint, recovery replays the WAL) and OUTAGE_MS down before it starts again.
      await sleep(t0 + 8_000 - Date.now());
      const down = Date.now();
      await cluster!.stop('immediate');
      await sleep(OUTAGE_MS);
      await cluster!.start();
      restarts.push({ mode: 'immediate', at: 8_000, ms: Date.now() - down });
    })();
    await Promise.all([...loops, faults]);
    const serverAlive = server.child.exitCode === null && server.child.signalCode === null;
    if (!serverAlive) console.error(`server exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.output().slice(-4000)}`);

    // Unanswered or failed placements retried once with the same key, after the recovery.
    const unacknowledged = tried.filter((t) => !t.orderToken);
    const retried = await Promise.all(unacknowledged.map((t) => placeOrder(server.url, t.checkout, t.key)));
    server.kill('SIGTERM');
    await server.exited();

    const acknowledged = tried.filter((t) => t.orderToken).map((t) => t.orderToken!);
    const stored = new Set((await query<{ token: string }>(url, 'select token::text as token from orders')).map((r) => r.token));
    const lost = acknowledged.filter((t) => !stored.has(t)).length;
    const doubled = await count(url, 'select count(*)::int as n from (select checkout_token from orders group by checkout_token having count(*) > 1) x');
    const failures = tried.filter((t) => !t.orderToken);
    const slowestFailure = Math.max(0, ...failures.map((f) => f.ms));
    const hangs = tried.filter((t) => t.ms > FAST_MS || t.failure === 'TimeoutError').length;
    // Recovery: from the end of each restart to the first order acknowledged after it.
    const recoveries = restarts.map((r) => {
      const end = r.at + r.ms;
      const firstOk = tried.filter((t) => t.orderToken && t.at >= end).sort((a, b) => a.at - b.at)[0];
      return firstOk ? firstOk.at + firstOk.ms - end : Number.POSITIVE_INFINITY;
    });
    const retriedOk = retried.filter((r) => r.orderToken).length;
    const statuses = [...new Set(failures.map((f) => f.status || f.failure))].join(', ');
    const pass = serverAlive && lost === 0 && doubled === 0 && hangs === 0 && recoveries.every((r) => r < 10_000) && retriedOk === unacknowledged.length;
    recordScenario({
      id: 'D4',
      done: `${CONCURRENCY} buyers placing orders for ${LOAD_MS / 1000} s (${tried.length} placements) on a throwaway PostgreSQL 15 (fsync on); pg_ctl restart -m fast at 3 s (${restarts[0]?.ms} ms), pg_ctl stop -m immediate at 8 s, down ${OUTAGE_MS / 1000} s, start (${restarts[1]?.ms} ms in all); unanswered placements retried with their key`,
      figure: `${acknowledged.length} acknowledged, ${lost} lost; ${failures.length} failed (${statuses || 'none'}), slowest failure ${slowestFailure} ms, ${hangs} over ${FAST_MS / 1000} s; first order ${recoveries.map((r) => `${r} ms`).join(' / ')} after each restart; retries ${retriedOk}/${unacknowledged.length} placed, ${doubled} checkouts with 2 orders`,
      pass,
    });
    expect(serverAlive).toBe(true);
    expect(lost).toBe(0);
    expect(doubled).toBe(0);
    expect(hangs).toBe(0);
    for (const r of recoveries) expect(r).toBeLessThan(10_000);
    expect(retriedOk).toBe(unacknowledged.length);
  });
});
