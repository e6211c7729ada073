/**
 * npm run bench:api — the API's budgets (ARCHITECTURE §7), each line beside a bare node:http server
 * answering the same bytes in the same run (these machines are noisy: the baseline shows the machine's
 * state). Queries: (a) the anonymous Shop query for US / en, (h) the home page's catalogue query for
 * DE / de as the storefront sends it (its own document, compiled with graphql-jit), (b) a 20-product list
 * with variant prices, (c) one product by slug, at 50 connections. (b) and (c) are documents the storefront
 * does not send: they run on graphql-js, as any caller's own document does (docs/decisions/0029). The store runs twice: on a fresh embedded database and on a
 * database of its own on PostgreSQL (BENCH_POSTGRES_URL's server, default the local one), each time
 * first with its response cache (the default) and then uncached: every request runs GraphQL and asks the
 * database for the catalogue's version, so an edit anywhere shows on the next request (the catalogue's
 * read model is rebuilt when the version moves). Its resident memory is sampled throughout.
 * A last, unbudgeted line shows (h) with the read model off too (every request reads the catalogue's rows).
 * The cost of Prometheus metrics (METRICS_PORT set: every answer and operation timed into histograms):
 * (a) cached on the embedded database and (h) uncached on PostgreSQL again with metrics on, each against
 * the same line with metrics off in this run; budget: at most 5 % fewer req/s (issue 39).
 */
import { InMemoryCache } from '@apollo/client';
import autocannon from 'autocannon';
import { parse, print } from 'graphql';
import { storeOperations } from '../apps/server/src/graphql/store-documents.ts';
import { startServer } from '../e2e/support/server.ts';
import { bareServer } from './support/bare.ts';
import { sampleRss } from './support/memory.ts';
import { scratchDatabase } from './support/postgres.ts';
import { printVerdicts, type Verdict } from './support/verdict.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = 50;

const QUERIES = {
  a: `query Shop { shop { storeType programFlags { tradeInProgram twentyImagingPresets } teamConfiguration { minSeats maxSeats }
    catalogue(country: US, languageCode: EN_US) { currency displayGrossPrices isDevicePriced banner(page: "home") { content url }
      promos { code bannerMessage bannerColor }
      devices: variants(group: IQ_DEVICE) { id sku name product { name slug thumbnail(size: 128) { url } } pricing { onSale price { net { amount } gross { amount currency } } priceUndiscounted { gross { amount } } } }
      plans: variants(group: INDIVIDUAL) { id sku name pricing { price { gross { amount currency } } } }
      pro: variants(group: PRO) { id sku name pricing { price { gross { amount currency } } } }
      accessories: variants(group: ACCESSORIES) { id sku name product { name } pricing { price { gross { amount currency } } } } } } }`,
  b: `query Products { shop { catalogue(country: DE, languageCode: DE) { products(first: 20) { id slug name thumbnail { url }
      variants { id sku name pricing { onSale price { net { amount } gross { amount currency } } priceUndiscounted { gross { amount } } } } } } } }`,
  c: `query Product { shop { catalogue(country: GB, languageCode: EN) { product(slug: "iq3") { id name shortDescription descriptionJson
      images { url alt } variants { id sku name attributes { attribute { slug } values { name } } pricing { price { gross { amount currency } } } } } } } }`,
  /** The storefront's Home query, printed as Apollo sends it (with its __typename fields). */
  h: print(new InMemoryCache().transformDocument(parse(storeOperations().get('Home')!.text))),
} as const;
type QueryId = keyof typeof QUERIES;
const VARIABLES: Partial<Record<QueryId, Record<string, unknown>>> = { h: { country: 'DE', languageCode: 'DE', page: 'home' } };
const NAMES: Record<QueryId, string> = { a: '(a) Shop US/en', h: '(h) home page catalogue DE/de (the store\'s document)', b: '(b) 20 products with prices (not a store document)', c: '(c) product by slug (not a store document)' };

interface Load { rps: number; p99: number; failed: number }

async function load(url: string, body: string): Promise<Load> {
  const options = { url, connections: CONNECTIONS, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body };
  await autocannon({ ...options, duration: WARMUP });
  const r = await autocannon({ ...options, duration: DURATION });
  return { rps: r.requests.average, p99: r.latency.p99, failed: r.non2xx + r.errors };
}

const MODES = {
  cached: {},
  uncached: { RESPONSE_CACHE_MAX_AGE_S: '0', CATALOGUE_VERSION_TTL_MS: '0' },
  'no read model': { RESPONSE_CACHE_MAX_AGE_S: '0', CATALOGUE_CACHE: 'false' },
  /** Prometheus metrics on (a listener on any free port; nobody scrapes it during the load). */
  'metrics on': { METRICS_PORT: '0' },
  'uncached, metrics on': { RESPONSE_CACHE_MAX_AGE_S: '0', CATALOGUE_VERSION_TTL_MS: '0', METRICS_PORT: '0' },
};
type Mode = keyof typeof MODES;

/** One server per mode; every query loaded against it; the peak resident memory across the modes. */
async function measure(databaseUrl: string, plan: Array<[Mode, QueryId[]]>) {
  const baselines = new Map<QueryId, Load>();
  const results = new Map<string, Load>();
  let peakMb = 0;
  for (const [mode, queries] of plan) {
    const server = await startServer({ LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ...MODES[mode] });
    const rss = sampleRss(server.process.pid!);
    try {
      for (const id of queries) {
        const body = JSON.stringify({ operationName: null, query: QUERIES[id], variables: VARIABLES[id] ?? {} });
        const answer = await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();
        if (answer.includes('"errors"')) throw new Error(`${NAMES[id]} answered with errors: ${answer.slice(0, 300)}`);
        if (!baselines.has(id)) {
          const bare = await bareServer(answer);
          try {
            baselines.set(id, await load(bare.url, body));
          } finally {
            bare.stop();
          }
        }
        results.set(`${mode}:${id}`, await load(`${server.url}/graphql`, body));
      }
    } finally {
      rss.stop();
      if (mode !== 'no read model') peakMb = Math.max(peakMb, rss.peak());
      await server.stop();
    }
  }
  return { baselines, results, peakMb };
}

const fmt = (l: Load) => `${Math.round(l.rps)} req/s, p99 ${l.p99} ms${l.failed ? `, ${l.failed} failed` : ''}`;
const postgres = await scratchDatabase('probe_bench_api');
const verdicts: Verdict[] = [];
const info: string[] = [];
try {
  const all: QueryId[] = ['a', 'h', 'b', 'c'];
  const embedded = await measure('', [['cached', all], ['metrics on', ['a']], ['uncached', all]]);
  const pg = await measure(postgres.url, [['cached', all], ['uncached', all], ['uncached, metrics on', ['h']], ['no read model', ['h']]]);

  const shop = embedded.results.get('cached:a')!;
  const shopBare = embedded.baselines.get('a')!;
  const ratio = shop.rps / shopBare.rps;
  verdicts.push(
    { check: '(a) Shop, response cache, embedded database: req/s against bare', budget: '≥ 0.30 of bare', figure: `${ratio.toFixed(2)} (${Math.round(shop.rps)} req/s)`, baseline: `${Math.round(shopBare.rps)} req/s`, pass: ratio >= 0.3 && shop.failed === 0 },
    { check: '(a) Shop, response cache, embedded database: p99', budget: '< 50 ms', figure: `${shop.p99} ms`, baseline: `${shopBare.p99} ms`, pass: shop.p99 < 50 },
  );
  // A document the storefront does not send runs on graphql-js since decision 0029 (no JIT): this line
  // measures what a caller's own listing costs; (h) beside it is the store's own heaviest catalogue query.
  const list = pg.results.get('uncached:b')!;
  verdicts.push({ check: '(b) 20-product list (not a store document), uncached, PostgreSQL', budget: '≥ 2,000 req/s', figure: fmt(list), baseline: fmt(pg.baselines.get('b')!), pass: list.rps >= 2000 && list.failed === 0 });
  // Metrics on against off, each line of this run beside its twin (issue 39).
  for (const [label, off, on] of [['(a) Shop, response cache, embedded database', embedded.results.get('cached:a')!, embedded.results.get('metrics on:a')!], ['(h) home catalogue, uncached, PostgreSQL', pg.results.get('uncached:h')!, pg.results.get('uncached, metrics on:h')!]] as const) {
    const kept = on.rps / off.rps;
    verdicts.push({ check: `${label}: metrics on against off`, budget: '≥ 0.95 of off', figure: `${kept.toFixed(3)} (${fmt(on)})`, baseline: fmt(off), pass: kept >= 0.95 && on.failed === 0 });
  }
  verdicts.push(
    { check: 'resident memory, embedded database, peak under this load', budget: '≤ 250 MB', figure: `${Math.round(embedded.peakMb)} MB`, baseline: '—', pass: embedded.peakMb <= 250 },
    { check: 'resident memory, PostgreSQL, peak under this load', budget: '≤ 200 MB', figure: `${Math.round(pg.peakMb)} MB`, baseline: '—', pass: pg.peakMb <= 200 },
  );
  for (const [label, run] of [['embedded', embedded], ['PostgreSQL', pg]] as const) {
    for (const [key, l] of run.results) {
      const [mode, id] = key.split(':') as [Mode, QueryId];
      info.push(`| ${NAMES[id]} | ${label} | ${mode} | ${fmt(l)} | ${fmt(run.baselines.get(id)!)} | ${(l.rps / run.baselines.get(id)!.rps).toFixed(2)} |`);
    }
  }
} finally {
  await postgres.drop();
}
console.log(`\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s warm-up per line\n`);
console.log('| query | database | mode | store | bare node:http | ratio |');
console.log('|---|---|---|---|---|---|');
for (const line of info) console.log(line);
printVerdicts('Budgets (ARCHITECTURE §7)', verdicts);
