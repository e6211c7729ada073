import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../apps/server/test/built-server.ts';
import { recordScenario } from '../support/report.ts';
import { count, createDatabase, query } from '../support/postgres.ts';
import { freePort, killStarted, sleep, startBuiltServer, type ServerProc } from '../support/processes.ts';
import { startHaproxy } from '../support/haproxy.ts';
import { CARD_OK, PLACE } from '../support/http-store.ts';

const CONCURRENCY = 10;
const LOAD_MS = 60_000;
const RESTART_EVERY_MS = 10_000;
/** Pause between one buyer's requests: about 100 requests a second in all, at most. */
const PACE_MS = 60;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Hit { name: string; at: number; status: number; failure?: string; ms: number }

/**
 * D3: two built server instances on one PostgreSQL database and one Redis, behind haproxy (started here,
 * its configuration generated: health checks on /readyz). Ten buyers walk the whole purchase for 60 s
 * (create a checkout, addresses, review, read it back, the catalogue's shop query, place the order) while
 * one instance gets SIGTERM every 10 s and is started again once it has exited. No request may see a
 * connection reset or a 5xx, every acknowledged order must be stored, each instance must exit (0) well
 * within SHUTDOWN_TIMEOUT_MS (after its 3 s drain), and an unanswered placement retried with its key gives at most one order.
 */
describe.runIf(process.env.RELIABILITY_LONG)('D3 rolling restart behind haproxy', () => {
  let drop: (() => Promise<void>) | null = null;
  let lb: Awaited<ReturnType<typeof startHaproxy>> | null = null;
  afterAll(async () => {
    await killStarted();
    lb?.dispose();
    await drop?.().catch(() => {});
  });

  it('zero resets and zero 5xx through the restarts; every acknowledged order stored', { timeout: 200_000 }, async () => {
    ensureBuilt();
    const db = await createDatabase('probe_d3');
    drop = db.drop;
    const lbPort = await freePort();
    const base = `http://127.0.0.1:${lbPort}`;
    const env = { DATABASE_URL: db.url, REDIS_URL, JOBS_IN_PROCESS: 'false', TRUST_PROXY: 'true', PUBLIC_URL: base };
    // The first start migrates and seeds; the second instance starts on the ready database.
    const instances: ServerProc[] = [await startBuiltServer(env)];
    instances.push(await startBuiltServer(env));
    lb = await startHaproxy(lbPort, instances.map((s, i) => ({ name: `s${i}`, port: s.port })));

    const hits: Hit[] = [];
    const t0 = Date.now();
    const call = async <T,>(name: string, queryText: string, variables: Record<string, unknown>): Promise<T | null> => {
      const at = Date.now() - t0;
      try {
        const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query: queryText, variables }), signal: AbortSignal.timeout(15_000) });
        const body = (await res.json().catch(() => null)) as { data?: T } | null;
        hits.push({ name, at, status: res.status, ms: Date.now() - t0 - at });
        return res.status === 200 && body?.data ? body.data : null;
      } catch (err) {
        const e = err as Error & { cause?: { code?: string } };
        hits.push({ name, at, status: 0, failure: e.cause?.code ?? e.name, ms: Date.now() - t0 - at });
        return null;
      } finally {
        await sleep(PACE_MS);
      }
    };
    const address = { firstName: 'Ada', lastName: 'Lovelace', streetAddress1: '1 Market St', city: 'San Francisco', postalCode: '94105', country: 'US', countryArea: 'CA' };
    const acknowledged: string[] = [];
    const unanswered: Array<{ token: string; key: string; total: number }> = [];
    const buyer = async () => {
      while (Date.now() - t0 < LOAD_MS) {
        const created = await call<{ checkoutCreate: { checkout: { token: string } | null } }>('create', 'mutation C($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { token } errors { code } } }', { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], country: 'US', email: 'rolling@example.com' } });
        const token = created?.checkoutCreate.checkout?.token;
        if (!token) continue;
        if (!(await call('addresses', 'mutation A($t: String!, $a: AddressInput!) { s: checkoutShippingAddressUpdate(token: $t, shippingAddress: $a) { errors { code } } b: checkoutBillingAddressUpdate(token: $t, billingAddress: $a) { errors { code } } }', { t: token, a: address }))) continue;
        const reviewed = await call<{ checkoutBeforePlaceOrder: { checkout: { totalPrice: { gross: { fractionalAmount: number } } } | null } }>('review', 'mutation R($t: String!) { checkoutBeforePlaceOrder(token: $t, paymentMethod: CREDIT_CARD, attestations: ["TERMS_AND_CONDITIONS", "LICENSED"]) { checkout { totalPrice { gross { fractionalAmount } } } errors { code } } }', { t: token });
        const total = reviewed?.checkoutBeforePlaceOrder.checkout?.totalPrice.gross.fractionalAmount;
        if (total === undefined) continue;
        await call('read checkout', 'query Q($t: String!) { checkout(token: $t) { token lines { quantity } totalPrice { gross { fractionalAmount } } } }', { t: token });
        await call('read shop', '{ shop { __typename } }', {});
        const key = `d3-${token}`;
        const placed = await call<{ checkoutPlaceOrder: { order: { token: string } | null } }>('place order', PLACE, { token, key, total, card: CARD_OK });
        const orderToken = placed?.checkoutPlaceOrder.order?.token;
        if (orderToken) acknowledged.push(orderToken);
        else unanswered.push({ token, key, total });
      }
    };

    // Every 10 s one instance (in turn) gets SIGTERM; once it has exited it is started again on its port.
    // As in any rolling restart, the next one waits until its peer is back in the balancer (ready, and
    // haproxy's two checks passed): stopping both at once would leave nothing to serve.
    const restarts: Array<{ at: number; exitMs: number; code: number | null; signal: string | null; backMs: number }> = [];
    const upAgain = async (s: ServerProc) => {
      while ((await fetch(`${s.url}/readyz`).then((r) => r.status, () => 0)) !== 200) await sleep(100);
      await sleep(1_200);
    };
    const roll = async () => {
      let previous: ServerProc | null = null;
      for (let i = 1; ; i++) {
        await sleep(t0 + i * RESTART_EVERY_MS - Date.now());
        if (previous) await upAgain(previous);
        if (Date.now() - t0 > LOAD_MS - 3_000) break;
        const which = (i - 1) % instances.length;
        const victim = instances[which]!;
        const at = Date.now();
        victim.kill('SIGTERM');
        const { code, signal } = await victim.exited();
        const exitMs = Date.now() - at;
        instances[which] = previous = await startBuiltServer(env, victim.port);
        restarts.push({ at: at - t0, exitMs, code, signal, backMs: Date.now() - at });
      }
    };
    await Promise.all([...Array.from({ length: CONCURRENCY }, buyer), roll()]);

    // An unanswered placement, retried with its key once the rolling is over.
    const retried: string[] = [];
    for (const u of unanswered) {
      const r = await call<{ checkoutPlaceOrder: { order: { token: string } | null } }>('retry', PLACE, { token: u.token, key: u.key, total: u.total, card: CARD_OK });
      if (r?.checkoutPlaceOrder.order) retried.push(r.checkoutPlaceOrder.order.token);
    }
    const stored = new Set((await query<{ token: string }>(db.url, 'select token::text as token from orders')).map((r) => r.token));
    const doubled = await count(db.url, 'select count(*)::int as n from (select checkout_token from orders group by checkout_token having count(*) > 1) x');
    for (const s of instances) s.kill('SIGTERM');
    await Promise.all(instances.map((s) => s.exited()));
    lb.kill('SIGTERM');

    const duringLoad = hits.filter((h) => h.name !== 'retry');
    const bad = duringLoad.filter((h) => h.status === 0 || h.status >= 500);
    const lost = acknowledged.filter((t) => !stored.has(t)).length;
    const badExits = restarts.filter((r) => r.code !== 0 || r.exitMs >= 10_000).length;
    const kinds = [...new Set(bad.map((b) => `${b.name}: ${b.status || b.failure}`))].slice(0, 6).join('; ');
    if (bad.length) console.error('failed requests:', JSON.stringify(bad.slice(0, 20)));
    const pass = bad.length === 0 && lost === 0 && doubled === 0 && badExits === 0 && restarts.length >= 4;
    const slowestExit = Math.max(...restarts.map((r) => r.exitMs));
    recordScenario({
      id: 'D3',
      done: `2 built instances (one PostgreSQL database, Redis) behind haproxy 2.6 (/readyz checked every 500 ms); ${CONCURRENCY} buyers for ${LOAD_MS / 1000} s (create, addresses, review, 2 reads, place order): ${duringLoad.length} requests, ${acknowledged.length + unanswered.length} placements; SIGTERM to one instance every 10 s (at ${restarts.map((r) => (r.at / 1000).toFixed(0)).join(', ')} s, each once its peer was back) and restarted`,
      figure: `${bad.length} resets or 5xx${kinds ? ` (${kinds})` : ''}; ${acknowledged.length} orders acknowledged, ${lost} lost; ${unanswered.length} unanswered, retried: ${retried.length} placed, ${doubled} checkouts with 2 orders; exits ${restarts.map((r) => r.code).join('/')} in at most ${slowestExit} ms, back in ${Math.max(...restarts.map((r) => r.backMs))} ms at most`,
      pass,
    });
    expect(bad).toEqual([]);
    expect(lost).toBe(0);
    expect(doubled).toBe(0);
    expect(badExits).toBe(0);
    expect(restarts.length).toBeGreaterThanOrEqual(4);
  });
});
