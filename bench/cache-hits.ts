/**
 * npm run bench:cache-hits — the response cache's hits as browsers ask for them (Accept-Encoding: gzip) and
 * as a client asking for no encoding, beside a bare node:http server answering the same plain bytes in the
 * same run. The built server on a fresh embedded database (NODE_ENV=production), the anonymous Shop query
 * for US / en, 20 connections. bench:api's lines send no Accept-Encoding, so they never showed what a
 * browser's hit costs: compressed again on every hit until the cache kept answers gzipped (decision 0029).
 */
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server.ts';
import { bareServer } from './support/bare.ts';
import { SHOP_US_EN } from './support/queries.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;
const body = JSON.stringify({ query: SHOP_US_EN });

async function load(url: string, headers: Record<string, string>): Promise<autocannon.Result> {
  const options = { url, connections: CONNECTIONS, method: 'POST' as const, headers: { 'content-type': 'application/json', ...headers }, body };
  await autocannon({ ...options, duration: 2 });
  return autocannon({ ...options, duration: DURATION });
}

const server = await startServer({ LOG_LEVEL: 'warn', NODE_ENV: 'production' });
const rows: Array<[string, autocannon.Result]> = [];
let answerBytes = 0;
try {
  const answer = await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();
  answerBytes = Buffer.byteLength(answer);
  const bare = await bareServer(answer);
  try {
    rows.push(['bare node:http, the same plain answer', await load(bare.url, {})]);
  } finally {
    bare.stop();
  }
  for (const [name, headers] of [['a hit, Accept-Encoding: gzip, deflate, br (a browser)', { 'accept-encoding': 'gzip, deflate, br' }], ['a hit, no Accept-Encoding', {}]] as const) {
    const r = await load(`${server.url}/graphql`, headers);
    if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    rows.push([name, r]);
  }
} finally {
  await server.stop();
}
const bareRps = rows[0]![1].requests.average;
console.log(`\nResponse cache hits: the Shop query (US / en, ${answerBytes} bytes plain), ${CONNECTIONS} connections, ${DURATION} s\n`);
console.log('| requests | req/s | p99 ms | ratio to bare |');
console.log('|---|---|---|---|');
for (const [name, r] of rows) console.log(`| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p99} | ${(r.requests.average / bareRps).toFixed(2)} |`);
