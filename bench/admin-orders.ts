/**
 * npm run bench:admin-orders — the console's order list over 1,000,000 orders on PostgreSQL (issue 16):
 * p95 per page under 100 ms at 10 connections, for the first page, each filter, a text search and a deep
 * page, beside a bare node:http server answering the same bytes in the same run. The orders are written
 * straight into a database of its own (generate_series), then the built server answers the console's API.
 * ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is where that database is made.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { openDatabase, ensureDemoData, DEMO_USERS } from '@probe/db';
import { startServer } from '../e2e/support/server.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const BUDGET_MS = 100;
const admin = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `probe_bench_orders_${randomBytes(4).toString('hex')}`;

const adminClient = new pg.Client({ connectionString: admin });
await adminClient.connect();
await adminClient.query(`create database ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;

try {
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await ensureDemoData(database.db);
  await database.close();
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const started = Date.now();
  // A year of orders across eight countries, their currencies, four payment states and five methods.
  await db.query(`
    insert into orders (number, checkout_token, idempotency_key, email, country, language, currency, bundle_type, payment_method, charge_status,
      subtotal_net, subtotal_gross, discount, shipping_net, shipping_gross, total_net, total_tax, total_gross, total_savings, billing_address, created_at)
    select (200000 + i)::text, gen_random_uuid(), 'bench-' || i, 'buyer' || i || '@clinic' || (i % 997) || '.example',
      (array['US','DE','GB','FR','PL','NL','CA','AU'])[1 + i % 8], 'en', (array['usd','eur','gbp','eur','pln','eur','cad','aud'])[1 + i % 8],
      'INDIVIDUAL_CHECKOUT', (array['CREDIT_CARD','SEPA','KLARNA','ELECTRONIC_QUOTE','PAYPAL_ONE_TIME'])[1 + i % 5],
      (array['FULLY_CHARGED','FULLY_CHARGED','FULLY_CHARGED','ASYNC_PROCESSING','NOT_CHARGED'])[1 + (i / 5) % 5],
      10000, 11900, 0, 0, 0, 10000, 1900, 11900, 0, '{"country":"US"}'::jsonb,
      now() - (i * interval '31 seconds')
    from generate_series(1, ${ORDERS}) as i`);
  await db.query('analyze orders');
  console.log(`${ORDERS.toLocaleString('en')} orders written in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await db.end();

  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const operator = DEMO_USERS.find((u) => u.email === 'operator@demo.probe.store')!;
  const token = await new SignJWT({ email: operator.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-admin')
    .setSubject(operator.id).setIssuedAt().setExpirationTime('1h').sign(pair.privateKey);
  const server = await startServer({ DATABASE_URL: url.toString(), AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey), LOG_LEVEL: 'warn', JOBS_IN_PROCESS: 'false' });
  const QUERY = 'query O($f: StaffOrderFilter, $after: String) { orders(filter: $f, first: 25, after: $after) { orders { number email country currency paymentMethod chargeStatus total createdAt } next } }';
  const call = async (variables: Record<string, unknown>) => (await (await fetch(`${server.url}/admin/graphql`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `JWT ${token}` }, body: JSON.stringify({ query: QUERY, variables }),
  })).json()) as { data: { orders: { next: string | null } } };
  // A page deep in the list: 40 pages on.
  let after: string | null = null;
  for (let i = 0; i < 40; i++) after = (await call({ f: {}, after })).data.orders.next;
  const SCENARIOS: Record<string, Record<string, unknown>> = {
    'first page': { f: {} },
    'country DE': { f: { country: 'DE' } },
    'payment state NOT_CHARGED': { f: { chargeStatus: 'NOT_CHARGED' } },
    'method SEPA, DE': { f: { paymentMethod: 'SEPA', country: 'DE' } },
    'last 7 days': { f: { from: new Date(Date.now() - 7 * 86_400_000).toISOString() } },
    'e-mail search': { f: { search: 'buyer12345' } },
    'order number': { f: { search: '612345' } },
    'page 41': { f: {}, after },
  };
  const rows: Array<{ name: string; rps: number; p975: number; ratio: number; ok: boolean }> = [];
  for (const [scenario, variables] of Object.entries(SCENARIOS)) {
    const body = JSON.stringify({ query: QUERY, variables });
    const sample = await (await fetch(`${server.url}/admin/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `JWT ${token}` }, body })).text();
    if (!sample.includes('"orders"') || sample.includes('"errors"')) throw new Error(`${scenario}: ${sample.slice(0, 300)}`);
    const bodyFile = join(tmpdir(), `bench-orders-${randomBytes(4).toString('hex')}.json`);
    writeFileSync(bodyFile, sample);
    const bare = spawn(process.execPath, [new URL('./bare-server.mjs', import.meta.url).pathname, bodyFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<string>((resolve) => bare.stdout!.on('data', (d: Buffer) => resolve(/listening (\d+)/.exec(d.toString())![1]!)));
    const options = { connections: CONNECTIONS, method: 'POST' as const, headers: { 'content-type': 'application/json', authorization: `JWT ${token}` }, body };
    await autocannon({ ...options, url: `${server.url}/admin/graphql`, duration: 2 });
    const r = await autocannon({ ...options, url: `${server.url}/admin/graphql`, duration: DURATION });
    const b = await autocannon({ ...options, url: `http://127.0.0.1:${port}/`, duration: DURATION });
    bare.kill();
    if (r.non2xx + r.errors) throw new Error(`${scenario}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    rows.push({ name: scenario, rps: r.requests.average, p975: r.latency.p97_5, ratio: r.requests.average / b.requests.average, ok: r.latency.p97_5 < BUDGET_MS });
  }
  await server.stop();
  console.log(`\nConsole order list, ${ORDERS.toLocaleString('en')} orders on PostgreSQL, ${CONNECTIONS} connections, ${DURATION} s each`);
  console.log('| scenario | req/s | p97.5 ms (≥ p95) | budget p95 | vs bare node:http | result |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p975} | < ${BUDGET_MS} ms | ${(r.ratio * 100).toFixed(1)} % | ${r.ok ? 'PASS' : 'FAIL'} |`);
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
} finally {
  await adminClient.query(`drop database if exists ${name} with (force)`);
  await adminClient.end();
}
