/**
 * npm run bench:api — throughput and latency of the API against a bare node:http server answering the
 * same bytes, measured in the same run (these machines are noisy: compare ratios, not absolutes).
 * Scenarios: (a) the anonymous Shop query for US / en, (b) a 20-product list with variant prices,
 * (c) one product by slug; each in three modes: the response cache on (the default); the response
 * cache off, so GraphQL runs for every request against the in-memory catalogue; and no caches at all,
 * so every request also reads the catalogue from the database. With DATABASE_URL set the server runs on
 * that PostgreSQL database, otherwise on a fresh embedded one.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = 50;

const QUERIES = {
  'a) Shop US/en': `query Shop { shop { storeType programFlags { tradeInProgram twentyImagingPresets } teamConfiguration { minSeats maxSeats }
    catalogue(country: US, languageCode: EN_US) { currency displayGrossPrices isDevicePriced banner(page: "home") { content url }
      promos { code bannerMessage bannerColor }
      devices: variants(group: IQ_DEVICE) { id sku name product { name slug thumbnail(size: 128) { url } } pricing { onSale price { net { amount } gross { amount currency } } priceUndiscounted { gross { amount } } } }
      plans: variants(group: INDIVIDUAL) { id sku name pricing { price { gross { amount currency } } } }
      pro: variants(group: PRO) { id sku name pricing { price { gross { amount currency } } } }
      accessories: variants(group: ACCESSORIES) { id sku name product { name } pricing { price { gross { amount currency } } } } } } }`,
  'b) 20 products with prices': `query Products { shop { catalogue(country: DE, languageCode: DE) { products(first: 20) { id slug name thumbnail { url }
      variants { id sku name pricing { onSale price { net { amount } gross { amount currency } } priceUndiscounted { gross { amount } } } } } } } }`,
  'c) product by slug': `query Product { shop { catalogue(country: GB, languageCode: EN) { product(slug: "iq3") { id name shortDescription descriptionJson
      images { url alt } variants { id sku name attributes { attribute { slug } values { name } } pricing { price { gross { amount currency } } } } } } } }`,
};

interface Result { name: string; rps: number; p50: number; p99: number; non2xx: number }

async function load(name: string, url: string, body: string): Promise<Result> {
  const options = { url, connections: CONNECTIONS, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body };
  await autocannon({ ...options, duration: WARMUP });
  const r = await autocannon({ ...options, duration: DURATION });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors };
}

async function bareServer(bodyFile: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [new URL('./bare-server.mjs', import.meta.url).pathname, bodyFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout!.on('data', (d: Buffer) => resolve(/listening (\d+)/.exec(d.toString())![1]!)));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

const MODES: Record<string, Record<string, string>> = {
  'response cache': {},
  'no response cache': { RESPONSE_CACHE_MAX_AGE_S: '0' },
  'no caches': { RESPONSE_CACHE_MAX_AGE_S: '0', CATALOGUE_CACHE: 'false' },
};
const only = process.env.BENCH_MODES?.split(',');

const rows: Array<Result & { ratio: number; cache: string }> = [];
for (const [cache, modeEnv] of Object.entries(MODES).filter(([m]) => !only || only.includes(m))) {
  const env: Record<string, string> = { LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL ?? '', ...modeEnv };
  const server = await startServer(env);
  try {
    for (const [name, query] of Object.entries(QUERIES)) {
      const body = JSON.stringify({ operationName: null, query });
      const answer = await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();
      if (answer.includes('"errors"')) throw new Error(`${name} answered with errors: ${answer.slice(0, 300)}`);
      const file = join(mkdtempSync(join(tmpdir(), 'bench-')), 'body.json');
      writeFileSync(file, answer);
      const bare = await bareServer(file);
      try {
        // Interleaved: baseline, store, so both see the same machine state.
        const baseline = await load(`${name} — bare node:http`, bare.url, body);
        const store = await load(name, `${server.url}/graphql`, body);
        rows.push({ ...baseline, ratio: 1, cache }, { ...store, ratio: store.rps / baseline.rps, cache });
      } finally {
        bare.stop();
      }
    }
  } finally {
    await server.stop();
  }
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
console.log(`\nAPI benchmark on ${database}: ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s warm-up\n`);
console.log('| scenario | mode | req/s | p50 ms | p99 ms | non-2xx | ratio to bare |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.name} | ${r.cache} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.ratio === 1 && r.name.includes('bare') ? '1.00 (baseline)' : r.ratio.toFixed(2)} |`);
}
console.log('\nBudget: (a) with the response cache ≥ 0.30 of bare and p99 < 50 ms; (b) uncached on PostgreSQL ≥ 2,000 req/s.');
