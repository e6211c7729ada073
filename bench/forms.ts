/**
 * npm run bench:forms — marketing-form submissions per second at 50 connections (issue 15), on the
 * embedded PGlite database and on PostgreSQL, beside a bare node:http server answering the same bytes,
 * measured in the same run (these machines are noisy: compare ratios, not absolutes). Every request is
 * a real submission through the built server: validated, stored with its CRM delivery in one committed
 * transaction before the answer, while the job runner delivers leads to the local CRM sink. Each request
 * has its own submission id and client address (TRUST_PROXY, X-Forwarded-For), so neither the
 * idempotency nor the per-address limit short-cuts it. PostgreSQL: a database of its own on
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), created and dropped.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../e2e/support/server.ts';
import { bareServer } from './support/bare.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = 50;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const SUBMIT = 'mutation LeadFormSubmit($input: LeadSubmitInput!) { leadFormSubmit(input: $input) { submitted formName errors { field code } } }';
const FIELDS = Object.entries({
  FIRST_NAME: 'Ada', LAST_NAME: 'Lovelace', EMAIL: 'ada@example.com', PHONE: '+1 202 555 0123', ORGANIZATION_NAME: 'Lakeside Clinic',
  JOB_TITLE: 'PHYSICIAN', PRACTICE_PLACE: 'HOSPITAL', COUNTRY: 'US', COUNTRY_AREA: 'NY', POSTAL_CODE: '10001', EMAIL_OPT_IN: 'true',
}).map(([key, value]) => ({ key, value }));

interface Result { name: string; rps: number; p50: number; p99: number; non2xx: number; total: number }

const body = (ticket: string) => JSON.stringify({
  operationName: 'LeadFormSubmit', query: SUBMIT,
  variables: { input: { path: 'demo', submissionId: randomUUID(), ticket, fields: FIELDS, languageCode: 'EN', countryCode: 'US' } },
});

async function load(name: string, url: string, ticket: string, duration: number): Promise<Result> {
  const r = await autocannon({
    url, connections: CONNECTIONS, duration, method: 'POST',
    headers: { 'content-type': 'application/json' },
    // A new submission from a new address for every request.
    requests: [{ setupRequest: (req) => ({ ...req, body: body(ticket), headers: { ...req.headers, 'x-forwarded-for': `10.${randomBytes(3).join('.')}` } }) }],
  });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors, total: r.requests.total };
}

async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `probe_bench_forms_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const rows: Array<Result & { ratio: number; database: string }> = [];
const postgres = await postgresDatabase();
if (!postgres) console.warn(`PostgreSQL is not reachable at ${ADMIN_URL}: measuring the embedded database only.`);
const databases: Array<[string, string]> = [['embedded PGlite', ''], ...(postgres ? [['PostgreSQL', postgres.url] as [string, string]] : [])];
try {
  for (const [database, url] of databases) {
    const server = await startServer({ LOG_LEVEL: 'warn', DATABASE_URL: url, TRUST_PROXY: 'true', FORMS_MIN_FILL_MS: '0' });
    try {
      const ticketAnswer = await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ leadForm(path: "demo", languageCode: EN) { ticket } }' }) })).json() as { data: { leadForm: { ticket: string } } };
      const ticket = ticketAnswer.data.leadForm.ticket;
      const answer = await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(ticket) })).text();
      if (!answer.includes('"submitted":true')) throw new Error(`the submission was refused: ${answer.slice(0, 300)}`);
      const bare = await bareServer(answer);
      try {
        await load('warm-up', `${server.url}/graphql`, ticket, WARMUP);
        await load('warm-up', bare.url, ticket, WARMUP);
        // Interleaved: baseline, store, so both see the same machine state.
        const baseline = await load('bare node:http (same answer)', bare.url, ticket, DURATION);
        const store = await load('leadFormSubmit (stored + outbox, committed)', `${server.url}/graphql`, ticket, DURATION);
        rows.push({ ...baseline, ratio: 1, database }, { ...store, ratio: store.rps / baseline.rps, database });
      } finally {
        bare.stop();
      }
    } finally {
      await server.stop();
    }
  }
} finally {
  await postgres?.drop();
}

console.log(`\nForms benchmark: ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s warm-up, one new lead per request\n`);
console.log('| database | scenario | req/s | p50 ms | p99 ms | requests | non-2xx | ratio to bare |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.database} | ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.total} | ${r.non2xx} | ${r.ratio === 1 && r.name.startsWith('bare') ? '1.00 (baseline)' : r.ratio.toFixed(3)} |`);
}
