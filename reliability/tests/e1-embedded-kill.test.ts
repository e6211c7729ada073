import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../apps/server/test/built-server.ts';
import { recordScenario } from '../support/report.ts';
import { freePort, killStarted, sleep, startBuiltServer } from '../support/processes.ts';
import { gql, placeOrder, prepareCheckouts, type ReadyCheckout } from '../support/http-store.ts';

const CONCURRENCY = 4;
const KILLS = 2;

/**
 * E1: the server on the embedded database (PGlite, files in DATA_DIR) SIGKILLed while buyers place
 * orders, twice; after each kill it is started again on the same folder. The folder must open
 * every time and every order the server acknowledged before the kill must be there.
 */
describe.runIf(process.env.RELIABILITY_LONG)('E1 embedded database: SIGKILL under place-order load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'probe-e1-'));
  afterAll(async () => {
    await killStarted();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the data directory opens after each kill and keeps every acknowledged order', { timeout: 240_000 }, async () => {
    ensureBuilt();
    const port = await freePort();
    const env = { DATABASE_URL: '', DATA_DIR: dataDir, JOBS_IN_PROCESS: 'true' };
    let server = await startBuiltServer(env, port);
    const acknowledged: string[] = [];
    const rounds: Array<{ acknowledged: number; failed: number; opened: boolean; startMs: number }> = [];
    for (let round = 0; round < KILLS; round++) {
      const ready = await prepareCheckouts(server.url, 24);
      let next = 0;
      let killed = false;
      let ok = 0;
      let failed = 0;
      const buyers = Array.from({ length: CONCURRENCY }, async () => {
        while (!killed && next < ready.length) {
          const checkout: ReadyCheckout = ready[next++]!;
          const outcome = await placeOrder(server.url, checkout, `e1-${checkout.token}`);
          if (outcome.orderToken) {
            acknowledged.push(outcome.orderToken);
            ok++;
          } else failed++;
        }
      });
      // Kill once some orders are in, while others are in flight.
      const until = Date.now() + 20_000;
      while (ok < 8 && Date.now() < until) await sleep(20);
      killed = true;
      server.kill('SIGKILL');
      await server.exited();
      await Promise.all(buyers);
      const t0 = Date.now();
      let opened = true;
      try {
        server = await startBuiltServer(env, port);
      } catch (err) {
        opened = false;
        console.error(String(err).slice(0, 3000));
      }
      rounds.push({ acknowledged: ok, failed, opened, startMs: Date.now() - t0 });
      if (!opened) break;
    }

    let missing = acknowledged.length;
    if (rounds.every((r) => r.opened)) {
      missing = 0;
      for (const token of acknowledged) {
        const r = await gql<{ orderByToken: { token: string } | null }>(server.url, 'query O($t: String!) { orderByToken(token: $t) { token } }', { t: token });
        if (r.body.data?.orderByToken?.token !== token) missing++;
      }
      server.kill('SIGTERM');
      await server.exited();
    }
    // What PGlite promises beyond a process kill: it runs with fsync off (README says what that means).
    const pglite = new PGlite(dataDir);
    const fsync = (await pglite.query<{ fsync: string }>('show fsync')).rows[0]?.fsync;
    const stored = (await pglite.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]?.n ?? 0;
    await pglite.close();
    const opened = rounds.filter((r) => r.opened).length;
    const pass = opened === KILLS && missing === 0 && stored >= acknowledged.length;
    recordScenario({
      id: 'E1',
      done: `built server on PGlite (DATA_DIR), ${CONCURRENCY} buyers placing orders; SIGKILL once ${rounds.map((r) => r.acknowledged).join('/')} orders were acknowledged (others in flight), restarted on the same folder, ${KILLS} times`,
      figure: `data directory opened ${opened}/${rounds.length} times (restart ${rounds.map((r) => `${(r.startMs / 1000).toFixed(1)} s`).join(', ')}); ${acknowledged.length - missing}/${acknowledged.length} acknowledged orders there, ${missing} missing (${stored} orders in the folder); PGlite runs with fsync=${fsync}: a process kill is survived, an OS crash or power loss is not promised`,
      pass,
    });
    expect(opened).toBe(KILLS);
    expect(missing).toBe(0);
  });
});
