import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../apps/server/test/built-server.ts';
import { startServer, type RunningServer } from '../../e2e/support/server.ts';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.ts';
import { placeOrder, prepareCheckouts } from '../support/http-store.ts';
import { createDatabase, query } from '../support/postgres.ts';
import { recordScenario } from '../support/report.ts';

const BUYERS = 50;
const STOCK = 5;
const SKU = 'ACC-USBC-1M';
/** Added to every database round trip: half on the way to PostgreSQL, half on the way back. */
const ROUND_TRIP_MS = 50;

/** Charges the test gateway's ledger holds (JSON lines), less the refunded ones. */
function ledgerCharges(file: string): Array<{ reference: string; checkoutToken: string }> {
  if (!existsSync(file)) return [];
  const charges = new Map<string, { reference: string; checkoutToken: string }>();
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const e = JSON.parse(line) as { type: string; reference: string; checkoutToken: string; kind?: string };
    if (e.type === 'charge' && e.kind !== 'saved') charges.set(e.reference, { reference: e.reference, checkoutToken: e.checkoutToken });
    if (e.type === 'refund') charges.delete(e.reference);
  }
  return [...charges.values()];
}

/**
 * I2: oversell with the database far away. The built server talks to PostgreSQL (a database of the
 * test's own) through a TCP proxy that holds every chunk 25 ms each way, so every statement's round trip
 * takes 50 ms more and every window between reading the stock and writing it is wide. 50 buyers place
 * at once for an item with 5 in stock: exactly 5 orders, the stock ends at 0 and is never seen below it,
 * the 45 others are refused with INSUFFICIENT_STOCK, and no charge stands without its order (the test
 * gateway's ledger file is read, as the provider's dashboard would be). About 30 s (the server's start
 * on an empty database and 50 checkouts made ready take most of it): long part only.
 */
describe.runIf(process.env.RELIABILITY_LONG)('I2 oversell with 50 ms added to every database round trip', () => {
  const work = mkdtempSync(join(tmpdir(), 'probe-i2-'));
  let proxy: FaultProxy | null = null;
  let server: RunningServer | null = null;
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await server?.stop('SIGKILL').catch(() => {});
    await proxy?.close();
    await drop?.().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  });

  it(`${BUYERS} concurrent buyers for ${STOCK} units: ${STOCK} orders, stock 0 and never below, the rest refused uncharged`, { timeout: 120_000 }, async () => {
    ensureBuilt();
    const db = await createDatabase('probe_i2');
    drop = db.drop;
    const direct = new URL(db.url);
    proxy = await startFaultProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(db.url);
    proxied.port = String(proxy.port);
    const ledger = join(work, 'gateway-ledger.jsonl');
    // Migrations, seeding and the buyers' checkouts go through the proxy without delay; the placements with it.
    server = await startServer({ DATABASE_URL: proxied.toString(), NODE_ENV: 'test', TEST_GATEWAY_LEDGER_FILE: ledger, MAIL_SINK_DIR: join(work, 'mail') });
    await query(db.url, 'update product_variants set stock = $1, track_inventory = true where sku = $2', [STOCK, SKU]);
    const ready = await prepareCheckouts(server.url, BUYERS, 8);

    // The proxy's latency, measured on a connection of the test's own through it.
    proxy.setDelay(ROUND_TRIP_MS / 2);
    const probe = new pg.Client({ connectionString: proxied.toString() });
    await probe.connect();
    const t = performance.now();
    for (let i = 0; i < 5; i++) await probe.query('select 1');
    const measuredRoundTrip = (performance.now() - t) / 5;
    await probe.end();

    // The stock, sampled directly (not through the proxy) all through the placements.
    const watcher = new pg.Client({ connectionString: db.url });
    await watcher.connect();
    let lowest = STOCK;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await watcher.query<{ stock: number }>('select stock from product_variants where sku = $1', [SKU]);
        lowest = Math.min(lowest, rows[0]!.stock);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();

    const t0 = Date.now();
    const outcomes = await Promise.all(ready.map((c, i) => placeOrder(server!.url, c, `i2-${i}-${c.token}`, undefined, 60_000)));
    const placementMs = Date.now() - t0;
    sampling = false;
    await sampler;
    await watcher.end();
    proxy.setDelay(0);

    const placed = outcomes.filter((o) => o.orderToken);
    const refused = outcomes.filter((o) => !o.orderToken);
    const refusalCodes = [...new Set(refused.flatMap((o) => o.errorCodes))];
    const clean = refused.filter((o) => o.status === 200 && o.errorCodes.length === 1 && o.errorCodes[0] === 'INSUFFICIENT_STOCK').length;
    const [{ stock }] = await query<{ stock: number }>(db.url, 'select stock from product_variants where sku = $1', [SKU]) as [{ stock: number }];
    // The database is this test's own: every order in it is one of these placements.
    const orders = await query<{ checkout_token: string }>(db.url, 'select checkout_token::text from orders');
    const ordered = new Set(orders.map((o) => o.checkout_token));
    const charges = ledgerCharges(ledger);
    const chargedWithoutOrder = charges.filter((c) => !ordered.has(c.checkoutToken)).length;
    const paymentsWithoutOrder = (await query<{ n: number }>(db.url, "select count(*)::int as n from payments where status = 'SUCCEEDED' and order_id is null"))[0]!.n;
    const slowest = Math.max(...outcomes.map((o) => o.ms));

    const pass = placed.length === STOCK && orders.length === STOCK && stock === 0 && lowest >= 0 && clean === BUYERS - STOCK && chargedWithoutOrder === 0 && paymentsWithoutOrder === 0 && charges.length === STOCK;
    recordScenario({
      id: 'I2',
      done: `built server → TCP proxy (+${ROUND_TRIP_MS / 2} ms each way, measured round trip ${measuredRoundTrip.toFixed(0)} ms for select 1) → PostgreSQL; ${BUYERS} concurrent placements of 1 × ${SKU}, stock set to ${STOCK} with SQL`,
      figure: `${placed.length} orders (${orders.length} stored), stock ${stock} at the end, lowest seen ${lowest}; ${clean} refused INSUFFICIENT_STOCK (codes: ${refusalCodes.join(', ') || 'none'}); ${charges.length} charges standing, ${chargedWithoutOrder} without an order; all answered in ${(placementMs / 1000).toFixed(1)} s (slowest ${slowest} ms)`,
      pass,
    });
    expect(measuredRoundTrip).toBeGreaterThanOrEqual(ROUND_TRIP_MS);
    expect(placed).toHaveLength(STOCK);
    expect(orders).toHaveLength(STOCK);
    expect(stock).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(refusalCodes).toEqual(['INSUFFICIENT_STOCK']);
    expect(clean).toBe(BUYERS - STOCK);
    expect(chargedWithoutOrder).toBe(0);
    expect(paymentsWithoutOrder).toBe(0);
    expect(charges).toHaveLength(STOCK);
  });
});
