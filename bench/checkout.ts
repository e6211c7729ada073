/**
 * npm run bench:checkout — the write path, beside a bare node:http server answering the same bytes in the
 * same run (ratios, not absolutes: these machines are noisy). Issue 37's lines, with the storefront's own
 * documents: the cart (a line added and removed again, one checkout per connection, CART_CONNECTIONS 50) on
 * PostgreSQL and on the embedded database, and whole purchases (create, contact, addresses, review, place) by
 * BUYERS (20) concurrent buyers on PostgreSQL, each order then checked charged once. Before them, add to cart
 * (a new checkout per request) and place-order at 20 connections. Place-order runs on checkouts prepared beforehand (lines, contact, addresses, card chosen),
 * each placed once with its own idempotency key, with a stock-tracked item, so every request takes stock,
 * charges the test gateway and writes the order, its lines, payment and outbox row in one transaction.
 * The store runs on a database of its own on PostgreSQL (BENCH_POSTGRES_URL's server, default the local
 * one), as the budget is for PostgreSQL; afterwards the stock of every item sold is read from the database
 * (no oversell: never below zero, and down by exactly the number of orders placed).
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../e2e/support/server.ts';
import { bareServer as bare } from './support/bare.ts';
import { cartLoad, purchaseLoad, type LoadResult, type PurchaseResult } from './support/checkout-load.ts';
import { sampleRss } from './support/memory.ts';
import { scratchDatabase } from './support/postgres.ts';
import { printVerdicts } from './support/verdict.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1500);
const CART_CONNECTIONS = Number(process.env.CART_CONNECTIONS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const BUYERS = Number(process.env.BUYERS ?? 20);
const PURCHASES = Number(process.env.PURCHASES ?? 300);

const CREATE = `mutation CheckoutCreateWithOrganization($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { token totalPrice { gross { fractionalAmount } } } errors { code } } }`;
/** Add to cart: a new checkout with one line (the first add of a visit). */
const ADD_BODY = JSON.stringify({ operationName: 'CheckoutCreateWithOrganization', query: CREATE, variables: { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], country: 'US' } } });
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

const postgres = await scratchDatabase('probe_bench_checkout');
const server = await startServer({ LOG_LEVEL: 'warn', DATABASE_URL: postgres.url });
const rss = sampleRss(server.process.pid!);
const rows: Array<Result & { ratio: number | null }> = [];
const stockOf = async () => {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows: stock } = await client.query<{ sku: string; stock: number }>('select sku, stock from product_variants where sku = any($1)', [SKUS]);
    return new Map(stock.map((r) => [r.sku, Number(r.stock)]));
  } finally {
    await client.end();
  }
};
let placedOrders = 0;
let stockBefore = new Map<string, number>();
let stockAfter = new Map<string, number>();
let placeP99 = Infinity;
let baselineP99 = 0;
let cartBare: autocannon.Result | null = null;
let cartPg: LoadResult | null = null;
let purchases: PurchaseResult | null = null;
let chargedOnce = { orders: 0, paidOnce: 0 };
try {
  // Add to cart: a new checkout with one line per request (the first add of a visit).
  const sample = await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ADD_BODY })).text();
  const baseline = await bare(sample);
  try {
    const b = summary('add to cart — bare node:http', await autocannon({ url: baseline.url, connections: CONNECTIONS, duration: DURATION, method: 'POST', body: ADD_BODY }));
    const a = summary('add to cart (CheckoutCreate)', await autocannon({ url: `${server.url}/graphql`, connections: CONNECTIONS, duration: DURATION, method: 'POST', headers: { 'content-type': 'application/json' }, body: ADD_BODY }));
    rows.push({ ...b, ratio: null }, { ...a, ratio: a.rps / b.rps });
    baselineP99 = b.p99;
  } finally {
    baseline.stop();
  }

  // The cart (issue 37): a line added and removed again, 50 connections, beside the bare server at 50.
  const cartSample = await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ADD_BODY })).text();
  const cartBaseline = await bare(cartSample);
  try {
    cartBare = await autocannon({ url: cartBaseline.url, connections: CART_CONNECTIONS, duration: DURATION, method: 'POST', body: ADD_BODY });
  } finally {
    cartBaseline.stop();
  }
  cartPg = await cartLoad(server.url, { connections: CART_CONNECTIONS, seconds: DURATION, warmupSeconds: WARMUP, skuA: 'ACC-USBC-1M', skuB: 'ACC-LIGHTNING-1M' });

  // Whole purchases by concurrent buyers, then each of their orders checked: paid, with one payment.
  purchases = await purchaseLoad(server.url, { buyers: BUYERS, orders: PURCHASES, warmup: BUYERS, sku: 'ACC-USBC-1M' });
  chargedOnce = await ordersChargedOnce(purchases.tokens);

  // Place order: each prepared checkout placed once.
  const ready: Array<{ token: string; total: number }> = [];
  for (let i = 0; i < ORDERS; i += CONNECTIONS) {
    ready.push(...(await Promise.all(Array.from({ length: Math.min(CONNECTIONS, ORDERS - i) }, () => prepare(server.url)))));
  }
  stockBefore = await stockOf();
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
        if (body.includes('"FULLY_CHARGED"')) placedOrders++;
        else failed++;
      },
    }],
  });
  rows.push({ ...summary(`place order (${ready.length} orders)`, placed), ratio: null, non2xx: placed.non2xx + placed.errors + failed });
  placeP99 = placed.latency.p99;
  stockAfter = await stockOf();
} finally {
  rss.stop();
  await server.stop();
}

async function ordersChargedOnce(tokens: string[]): Promise<{ orders: number; paidOnce: number }> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows: found } = await client.query<{ charged: boolean; payments: string }>(
      `select o.charge_status = 'FULLY_CHARGED' as charged, (select count(*) from payments p where p.order_id = o.id and p.status = 'SUCCEEDED') as payments
       from orders o where o.token = any($1::uuid[])`, [tokens]);
    return { orders: found.length, paidOnce: found.filter((r) => r.charged && Number(r.payments) === 1).length };
  } finally {
    await client.end();
  }
}

// The cart on the embedded database: a server of its own on a fresh data folder, measured after the same
// add-to-cart traffic the PostgreSQL server had before its cart (DURATION seconds): just started, its
// WebAssembly and JavaScript still run their first, slower compilations (3 s of warm-up alone: 266 req/s, p99
// 304 ms; after 12 s: 404 req/s, p99 211 ms, the same build on a quiet machine).
let cartLite: LoadResult | null = null;
const lite = await startServer({ LOG_LEVEL: 'warn', DATABASE_URL: '' });
try {
  await autocannon({ url: `${lite.url}/graphql`, connections: CONNECTIONS, duration: DURATION, method: 'POST', headers: { 'content-type': 'application/json' }, body: ADD_BODY });
  cartLite = await cartLoad(lite.url, { connections: CART_CONNECTIONS, seconds: DURATION, warmupSeconds: WARMUP, skuA: 'ACC-USBC-1M', skuB: 'ACC-LIGHTNING-1M' });
} finally {
  await lite.stop();
  await postgres.drop();
}

console.log(`\nCheckout benchmark on PostgreSQL: ${CONNECTIONS} connections, orders for ${SKUS.join(', ')}\n`);
console.log('| scenario | requests | req/s | p50 ms | p99 ms | failed | ratio to bare |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.name} | ${r.count} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.ratio === null ? (r.name.includes('bare') ? '1.00 (baseline)' : '—') : r.ratio.toFixed(2)} |`);
const bareCart = cartBare!;
for (const [name, r] of [[`cart: add / remove a line, PostgreSQL, ${CART_CONNECTIONS} connections`, cartPg!], [`cart: add / remove a line, embedded database, ${CART_CONNECTIONS} connections`, cartLite!]] as const) {
  console.log(`| ${name} | ${r.count} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.failed} (${r.timeouts} unanswered) | ${(r.rps / bareCart.requests.average).toFixed(3)} |`);
  if (r.firstError) console.log(`|  first failure: ${r.firstError.replace(/\|/g, '/').slice(0, 200)} | | | | | | |`);
}
const bought = purchases!;
console.log(`| whole purchase (6 calls), ${BUYERS} buyers, PostgreSQL | ${bought.orders} orders in ${bought.seconds.toFixed(1)} s | ${bought.ordersPerSecond.toFixed(1)} orders/s | placement ${Math.round(bought.placeP50)} | placement ${Math.round(bought.placeP99)}, whole ${Math.round(bought.wholeP99)} | ${bought.failed} | — |`);
if (bought.firstError) console.log(`|  first failure: ${bought.firstError.replace(/\|/g, '/').slice(0, 200)} | | | | | | |`);
const place = rows.at(-1)!;
const taken = SKUS.reduce((sum, sku) => sum + (stockBefore.get(sku)! - stockAfter.get(sku)!), 0);
const lowest = Math.min(...stockAfter.values());
const bareLine = `${Math.round(bareCart.requests.average)} req/s, p99 ${bareCart.latency.p99} ms at ${CART_CONNECTIONS} connections`;
printVerdicts('Budgets (ARCHITECTURE §7, issue 37)', [
  { check: `cart: add / remove a line, PostgreSQL, ${CART_CONNECTIONS} connections`, budget: '≥ 1,100 req/s, p99 < 100 ms, 0 failed', figure: `${Math.round(cartPg!.rps)} req/s, p99 ${cartPg!.p99} ms, ${cartPg!.failed} failed`, baseline: bareLine, pass: cartPg!.rps >= 1100 && cartPg!.p99 < 100 && cartPg!.failed === 0 },
  { check: `cart: add / remove a line, embedded database, ${CART_CONNECTIONS} connections`, budget: 'p99 < 300 ms, none unanswered, 0 failed', figure: `${Math.round(cartLite!.rps)} req/s, p99 ${cartLite!.p99} ms, ${cartLite!.timeouts} unanswered, ${cartLite!.failed} failed`, baseline: bareLine, pass: cartLite!.count > 0 && cartLite!.p99 < 300 && cartLite!.timeouts === 0 && cartLite!.failed === 0 },
  { check: `whole purchase (6 calls), ${BUYERS} buyers, PostgreSQL`, budget: '≥ 150 orders/s, 0 failed', figure: `${bought.ordersPerSecond.toFixed(1)} orders/s (${bought.orders} orders), ${bought.failed} failed`, baseline: '—', pass: bought.orders > 0 && bought.ordersPerSecond >= 150 && bought.failed === 0 },
  { check: `whole purchase: the placement call, p99`, budget: '< 100 ms', figure: `${Math.round(bought.placeP99)} ms (p50 ${Math.round(bought.placeP50)} ms)`, baseline: `${bareCart.latency.p99} ms`, pass: bought.placeP99 < 100 },
  { check: 'whole purchase: every order paid, charged once', budget: `${bought.orders} of ${bought.orders}`, figure: `${chargedOnce.paidOnce} of ${chargedOnce.orders} found`, baseline: '—', pass: bought.orders > 0 && chargedOnce.orders === bought.orders && chargedOnce.paidOnce === bought.orders },
  { check: 'PostgreSQL server: peak resident memory over the whole run', budget: '≤ 200 MB', figure: `${Math.round(rss.peak())} MB`, baseline: '—', pass: rss.peak() <= 200 },
  { check: `place order, ${CONNECTIONS} concurrent buyers, PostgreSQL: p99`, budget: '< 150 ms', figure: `${place.p99} ms (p50 ${place.p50} ms, ${Math.round(place.rps)} orders/s)`, baseline: `${baselineP99} ms (bare answering add to cart's bytes)`, pass: placeP99 < 150 },
  { check: 'every placement charged and stored', budget: '0 failed', figure: `${place.non2xx} failed of ${place.count}`, baseline: '—', pass: place.non2xx === 0 && placedOrders === place.count },
  { check: 'no oversell: stock taken = orders placed, never below 0', budget: `taken = ${placedOrders}, lowest ≥ 0`, figure: `taken ${taken}, lowest ${lowest}`, baseline: '—', pass: taken === placedOrders && lowest >= 0 },
]);
