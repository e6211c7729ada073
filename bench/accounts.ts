/**
 * npm run bench:accounts — sign-in and UserQuery against a bare node:http server measured in the same run.
 * (a) sign-in: the whole authorization-code + PKCE round (authorize, sign-in page, credentials, consent
 * redirects, token exchange: 6 HTTP requests and one password hash) by 10 concurrent clients, in
 * rounds per second, beside the same six requests sent to the bare server; (b) UserQuery (`me` with
 * memberships and organization) with a valid token at 50 connections, beside the bare server answering
 * the same bytes. With DATABASE_URL set the server runs on that PostgreSQL database.
 */
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server.ts';
import { bareServer } from './support/bare.ts';
import { signIn as signInAs } from './support/sign-in.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const SIGN_IN_CLIENTS = 10;
const CONNECTIONS = 50;
const EMAIL = 'admin@demo.probe.store';
const PASSWORD = 'demo-password-1';
const signIn = (origin: string) => signInAs(origin, { email: EMAIL, password: PASSWORD });

/** Runs `round` with `clients` concurrent loops for the duration; rounds per second and latency percentiles. */
async function rounds(clients: number, round: () => Promise<unknown>) {
  const latencies: number[] = [];
  const end = Date.now() + DURATION * 1000;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (Date.now() < end) {
      const start = performance.now();
      await round();
      latencies.push(performance.now() - start);
    }
  }));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  return { rps: latencies.length / DURATION, p50: at(0.5), p99: at(0.99) };
}

const server = await startServer({ LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL ?? '', JOBS_IN_PROCESS: 'false' });
const rows: string[] = [];
try {
  const token = await signIn(server.url);
  const query = JSON.stringify({ operationName: 'UserQuery', query: `query UserQuery { me { email name canBuyPersonalProbePlus canBuyPersonalProbeIq3 organizationMemberships { id isOrganizationAdmin canPurchasePersonalProbe organization { id name slug country planType availableSeats maxSeats registeredProbes registeredProbesPlus registeredProbesIq3 isExpired } } } }` });
  const answer = await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `JWT ${token}` }, body: query })).text();
  if (!answer.includes(EMAIL)) throw new Error(`UserQuery answered ${answer.slice(0, 300)}`);
  const bare = await bareServer(answer);
  try {
    const bareRounds = await rounds(SIGN_IN_CLIENTS, async () => {
      for (let i = 0; i < 6; i++) await (await fetch(bare.url, { method: i % 2 ? 'POST' : 'GET', ...(i % 2 ? { body: 'x' } : {}) })).arrayBuffer();
    });
    const signIns = await rounds(SIGN_IN_CLIENTS, () => signIn(server.url));
    rows.push(`| (a) sign-in round (6 requests) — bare node:http | ${SIGN_IN_CLIENTS} | ${bareRounds.rps.toFixed(0)} | ${bareRounds.p50} | ${bareRounds.p99} | 1.00 (baseline) |`);
    rows.push(`| (a) sign-in: authorize → credentials → code → token | ${SIGN_IN_CLIENTS} | ${signIns.rps.toFixed(1)} | ${signIns.p50} | ${signIns.p99} | ${(signIns.rps / bareRounds.rps).toFixed(3)} |`);
    const options = { connections: CONNECTIONS, duration: DURATION, method: 'POST' as const, body: query };
    const baseline = await autocannon({ ...options, url: bare.url });
    const store = await autocannon({ ...options, url: `${server.url}/graphql`, headers: { 'content-type': 'application/json', authorization: `JWT ${token}` } });
    rows.push(`| (b) UserQuery — bare node:http | ${CONNECTIONS} | ${Math.round(baseline.requests.average)} | ${baseline.latency.p50} | ${baseline.latency.p99} | 1.00 (baseline) |`);
    rows.push(`| (b) UserQuery with a valid token | ${CONNECTIONS} | ${Math.round(store.requests.average)} | ${store.latency.p50} | ${store.latency.p99} | ${(store.requests.average / baseline.requests.average).toFixed(3)} |`);
    if (store.non2xx + store.errors) rows.push(`\n${store.non2xx + store.errors} UserQuery requests failed`);
  } finally {
    bare.stop();
  }
} finally {
  await server.stop();
}
console.log(`\nAccounts benchmark on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}: ${DURATION} s each\n`);
console.log('| scenario | clients | per second | p50 ms | p99 ms | ratio to bare |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
