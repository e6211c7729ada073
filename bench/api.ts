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
 * The cost of Prometheus metrics (METRICS_PORT set: every answer, operation and statement timed into
 * histograms): (a) cached on the embedded database and (h) uncached on PostgreSQL, each on two servers
 * started side by side, metrics off and on, loaded in turn (off, on, on, off, …) so that a drift of the
 * machine or of the database during the run falls on both alike; budget: at most 5 % fewer req/s (issue 39).
 */
import { InMemoryCache } from '@apollo/client';
import autocannon from 'autocannon';
import { parse, print } from 'graphql';
import { storeOperations } from '../apps/server/src/graphql/store-documents.ts';
import { startServer } from '../e2e/support/server.ts';
import { bareServer } from './support/bare.ts';
import { cpuSeconds } from './support/cpu.ts';
import { sampleRss } from './support/memory.ts';
import { analyze, scratchDatabase } from './support/postgres.ts';
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
/** A paired side: its req/s over its rounds, and the requests it answered per CPU-second it used. */
interface PairedLoad extends Load { perCpuSecond: number }

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
};
/** Prometheus metrics on: a listener on any free port (nobody scrapes it during the load). */
const METRICS_ON = { METRICS_PORT: '0' };
const PAIRED_ROUNDS = Number(process.env.BENCH_PAIRED_ROUNDS ?? 4);
/** BENCH_API_ONLY=metrics: only the metrics-cost pairs (a few minutes instead of the whole run). */
const METRICS_ONLY = process.env.BENCH_API_ONLY === 'metrics';
type Mode = keyof typeof MODES;

/** One server per mode; every query loaded against it; the peak resident memory across the modes. */
async function measure(databaseUrl: string, plan: Array<[Mode, QueryId[]]>) {
  const baselines = new Map<QueryId, Load>();
  const results = new Map<string, Load>();
  let peakMb = 0;
  for (const [mode, queries] of plan) {
    const server = await startServer({ LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ...MODES[mode] });
    if (databaseUrl) await analyze(databaseUrl);
    const rss = sampleRss(server.process.pid!);
    try {
      for (const id of queries) {
        const body = bodyOf(id);
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

const bodyOf = (id: QueryId) => JSON.stringify({ operationName: null, query: QUERIES[id], variables: VARIABLES[id] ?? {} });

/**
 * One query on two servers of the same mode, metrics off and on, each on a database of its own made the
 * same way (migrated and seeded by its server: the two processes have the same history), loaded in turn, ABBA: each round loads off then on, or on then off, for
 * DURATION seconds each. Each side's req/s is its mean over its rounds; its cost is the requests it
 * answered per CPU-second the server process used while loaded (the budget's figure: it holds when
 * other processes take the machine's cores for a while, which req/s does not).
 */
async function paired(databaseUrls: readonly [string, string], mode: Mode, id: QueryId): Promise<{ off: PairedLoad; on: PairedLoad }> {
  const env = { LOG_LEVEL: 'warn', ...MODES[mode] };
  const [off, on] = [await startServer({ ...env, DATABASE_URL: databaseUrls[0] }), await startServer({ ...env, ...METRICS_ON, DATABASE_URL: databaseUrls[1] })];
  for (const url of databaseUrls) if (url) await analyze(url);
  const body = bodyOf(id);
  const totals = { off: { rps: 0, p99: 0, failed: 0, perCpuSecond: 0 }, on: { rps: 0, p99: 0, failed: 0, perCpuSecond: 0 } };
  const used = { off: { requests: 0, cpu: 0 }, on: { requests: 0, cpu: 0 } };
  try {
    const servers = { off, on };
    for (const side of ['off', 'on'] as const) await autocannon({ url: `${servers[side].url}/graphql`, connections: CONNECTIONS, method: 'POST', headers: { 'content-type': 'application/json' }, body, duration: WARMUP });
    for (let round = 0; round < PAIRED_ROUNDS; round++) {
      for (const side of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        const cpuBefore = cpuSeconds(servers[side].process.pid!);
        const r = await autocannon({ url: `${servers[side].url}/graphql`, connections: CONNECTIONS, method: 'POST', headers: { 'content-type': 'application/json' }, body, duration: DURATION });
        used[side].cpu += cpuSeconds(servers[side].process.pid!) - cpuBefore;
        used[side].requests += r.requests.total;
        totals[side].rps += r.requests.average / PAIRED_ROUNDS;
        totals[side].p99 = Math.max(totals[side].p99, r.latency.p99);
        totals[side].failed += r.non2xx + r.errors;
      }
    }
    for (const side of ['off', 'on'] as const) totals[side].perCpuSecond = used[side].requests / used[side].cpu;
  } finally {
    await Promise.all([off.stop(), on.stop()]);
  }
  return totals;
}

const fmt = (l: Load) => `${Math.round(l.rps)} req/s, p99 ${l.p99} ms${l.failed ? `, ${l.failed} failed` : ''}`;
const postgres = await scratchDatabase('probe_bench_api');
/** The paired servers' databases, fresh, each migrated and seeded by its own server. */
const twins = [await scratchDatabase('probe_bench_api'), await scratchDatabase('probe_bench_api')] as const;
const verdicts: Verdict[] = [];
const info: string[] = [];
try {
  if (!METRICS_ONLY) {
    const all: QueryId[] = ['a', 'h', 'b', 'c'];
    const embedded = await measure('', [['cached', all], ['uncached', all]]);
    const pg = await measure(postgres.url, [['cached', all], ['uncached', all], ['no read model', ['h']]]);

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
  }
  const metricsCost = [
    ['(a) Shop, response cache, embedded database', await paired(['', ''], 'cached', 'a')],
    ['(h) home catalogue, uncached, PostgreSQL', await paired([twins[0].url, twins[1].url], 'uncached', 'h')],
  ] as const;
  // Metrics on against off: two servers side by side, loaded in turn (issue 39).
  for (const [label, { off, on }] of metricsCost) {
    const kept = on.perCpuSecond / off.perCpuSecond;
    const perCpu = (l: PairedLoad) => `${Math.round(l.perCpuSecond)} requests per CPU-second; ${fmt(l)}`;
    verdicts.push({ check: `${label}: metrics on against off, requests per CPU-second, ${PAIRED_ROUNDS} rounds in turn`, budget: '≥ 0.95 of off', figure: `${kept.toFixed(3)} (${perCpu(on)}; req/s ${(on.rps / off.rps).toFixed(3)} of off)`, baseline: perCpu(off), pass: kept >= 0.95 && on.failed === 0 });
  }
} finally {
  await Promise.all([postgres, ...twins].map((database) => database.drop()));
}
console.log(`\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s warm-up per line\n`);
console.log('| query | database | mode | store | bare node:http | ratio |');
console.log('|---|---|---|---|---|---|');
for (const line of info) console.log(line);
printVerdicts('Budgets (ARCHITECTURE §7)', verdicts);
