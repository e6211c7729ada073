/**
 * npm run bench:checkout — add-to-cart and place-order throughput and latency at 20 connections, beside a
 * bare node:http server answering the same bytes in the same run (ratios, not absolutes: these machines
 * are noisy). Place-order runs on checkouts prepared beforehand (lines, contact, addresses, card chosen),
 * each placed once with its own idempotency key, with a stock-tracked item, so every request takes stock,
 * charges the test gateway and writes the order, its lines, payment and outbox row in one transaction.
 * With DATABASE_URL set the server runs on that PostgreSQL database (the budget is for PostgreSQL).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1500);

const CREATE = `mutation CheckoutCreateWithOrganization($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { token totalPrice { gross { fractionalAmount } } } errors { code } } }`;
const address = { firstName: 'Ada', lastName: 'Lovelace', streetAddress1: '1 Market St', city: 'San Francisco', postalCode: '94105', country: 'US', countryArea: 'CA' };

async function gql(url: string, query: string, variables: Record<string, unknown>): Promise<Record<string, { errors?: Array<{ code: string }> } & Record<string, unknown>>> {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: Record<string, { errors?: Array<{ code: string }> }>; errors?: unknown };
  if (body.errors || !body.data) throw new Error(JSON.stringify(body.errors));
  for (const [name, payload] of Object.entries(body.data)) if (payload.errors?.length) throw new Error(`${name}: ${JSON.stringify(payload.errors)}`);
  return body.data as never;
}

/** BENCH_SKUS: the stock-tracked items buyers take, round robin (default one: every order competes for one stock row). */
const SKUS = (process.env.BENCH_SKUS ?? 'ACC-USBC-1M').split(',');
let prepared = 0;

async function prepare(url: string): Promise<{ token: string; total: number }> {
  const sku = SKUS[prepared++ % SKUS.length]!;
  const created = await gql(url, CREATE, { input: { lines: [{ sku, quantity: 1 }], country: 'US', email: 'bench@example.com' } });
  const token = (created.checkoutCreate as unknown as { checkout: { token: string } }).checkout.token;
  await gql(url, 'mutation($t: String!, $a: AddressInput!) { s: checkoutShippingAddressUpdate(token: $t, shippingAddress: $a) { errors { code } } b: checkoutBillingAddressUpdate(token: $t, billingAddress: $a) { errors { code } } }', { t: token, a: address });
  const before = await gql(url, 'mutation($t: String!) { checkoutBeforePlaceOrder(token: $t, paymentMethod: CREDIT_CARD, attestations: ["TERMS_AND_CONDITIONS", "LICENSED"]) { checkout { totalPrice { gross { fractionalAmount } } } errors { code } } }', { t: token });
  return { token, total: (before.checkoutBeforePlaceOrder as unknown as { checkout: { totalPrice: { gross: { fractionalAmount: number } } } }).checkout.totalPrice.gross.fractionalAmount };
}

interface Result { name: string; rps: number; p50: number; p99: number; non2xx: number; count: number }
const summary = (name: string, r: autocannon.Result): Result => ({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors, count: r.requests.total });

async function bare(answer: string): Promise<{ url: string; stop: () => void }> {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-')), 'body.json');
  writeFileSync(file, answer);
  const child = spawn(process.execPath, [new URL('./bare-server.mjs', import.meta.url).pathname, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout!.on('data', (d: Buffer) => resolve(/listening (\d+)/.exec(d.toString())![1]!)));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

// BENCH_URL: measure a server started elsewhere (for example under a profiler).
const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL, stop: async () => {} }
  : await startServer({ LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL ?? '' });
const rows: Array<Result & { ratio: number | null }> = [];
try {
  // Add to cart: a new checkout with one line per request (the first add of a visit).
  const addBody = JSON.stringify({ operationName: 'CheckoutCreateWithOrganization', query: CREATE, variables: { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], country: 'US' } } });
  const sample = await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: addBody })).text();
  const baseline = await bare(sample);
  try {
    const b = summary('add to cart — bare node:http', await autocannon({ url: baseline.url, connections: CONNECTIONS, duration: DURATION, method: 'POST', body: addBody }));
    const a = summary('add to cart (CheckoutCreate)', await autocannon({ url: `${server.url}/graphql`, connections: CONNECTIONS, duration: DURATION, method: 'POST', headers: { 'content-type': 'application/json' }, body: addBody }));
    rows.push({ ...b, ratio: null }, { ...a, ratio: a.rps / b.rps });
  } finally {
    baseline.stop();
  }

  // Place order: each prepared checkout placed once.
  const ready: Array<{ token: string; total: number }> = [];
  for (let i = 0; i < ORDERS; i += CONNECTIONS) {
    ready.push(...(await Promise.all(Array.from({ length: Math.min(CONNECTIONS, ORDERS - i) }, () => prepare(server.url)))));
  }
  let next = 0;
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
  const PLACE = 'mutation CheckoutPlaceOrder($token: String!, $key: String!, $total: Int, $card: TestCardInput) { checkoutPlaceOrder(token: $token, idempotencyKey: $key, expectedTotal: $total, card: $card) { order { number paymentStatus } errors { code } } }';
  let failed = 0;
  const placed = await autocannon({
    url: `${server.url}/graphql`, connections: CONNECTIONS, amount: ready.length, method: 'POST', headers: { 'content-type': 'application/json' },
    requests: [{
      setupRequest: (req) => {
        const c = ready[next++ % ready.length]!;
        return { ...req, body: JSON.stringify({ operationName: 'CheckoutPlaceOrder', query: PLACE, variables: { token: c.token, key: `bench-${c.token}`, total: c.total, card } }) };
      },
      onResponse: (_status, body) => {
        if (!body.includes('"FULLY_CHARGED"')) failed++;
      },
    }],
  });
  rows.push({ ...summary(`place order (${ready.length} orders)`, placed), ratio: null, non2xx: placed.non2xx + placed.errors + failed });
} finally {
  await server.stop();
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
console.log(`\nCheckout benchmark on ${database}: ${CONNECTIONS} connections, orders for ${SKUS.join(', ')}\n`);
console.log('| scenario | requests | req/s | p50 ms | p99 ms | failed | ratio to bare |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.name} | ${r.count} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.ratio === null ? (r.name.includes('bare') ? '1.00 (baseline)' : '—') : r.ratio.toFixed(2)} |`);
console.log('\nBudget: place-order p99 under 150 ms at 20 concurrent buyers on PostgreSQL, with no oversell.');
