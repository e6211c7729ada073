/**
 * npm run bench:soak — memory and latency under a long mixed load (issue 32). The built server on a fresh
 * embedded database (as `npm start` runs it, NODE_ENV=production) serves buyers and an operator:
 * pages in several languages, the catalogue API, add to cart, the whole checkout with a card, sign-in,
 * my account, the console's order list. First that traffic alone (the baseline, BASELINE_SECONDS), then
 * the same traffic for SOAK_SECONDS (default 600) beside an attacker's stream of distinct anonymous
 * documents (each differs in its aliases) and distinct large answers (~200 KB). Resident memory is
 * sampled every 100 ms. A bare node:http server answering the same way at the start shows the machine's
 * state. Budgets: peak resident memory ≤ 250 MB; each kind of request's p99 during the soak ≤ 2× its
 * baseline p99 (at least 10 ms: a 2 ms p99 is timer noise); no normal request fails.
 */
import { startServer } from '../e2e/support/server.ts';
import { prepareCheckout, placeOrder } from '../reliability/support/http-store.ts';
import { bareServer } from './support/bare.ts';
import { sampleRss } from './support/memory.ts';
import { signIn } from './support/sign-in.ts';
import { printVerdicts, type Verdict } from './support/verdict.ts';
import { SHOP_US_EN as SHOP } from './support/queries.ts';

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const BASELINE_SECONDS = Number(process.env.SOAK_BASELINE_SECONDS ?? 60);
const WARMUP_SECONDS = 15;
const THINK_MS = 20;
const PASSWORD = 'demo-password-1';
/** Kinds of request left out (comma-separated, e.g. `SOAK_SKIP=pages,checkout (5 calls + place)`): to see what each costs in memory. */
const SKIP = new Set((process.env.SOAK_SKIP ?? '').split(',').map((k) => k.trim()).filter(Boolean));

const PAGES = ['/us/en/', '/de/de/', '/pl/pl/', '/fr/fr/pricing/', '/gb/en/product/iq3/', '/de/de/accessories/', '/nl/nl/', '/ca/fr/'];
const PRODUCT = `query Product($country: CountryCode!, $language: LanguageCodeEnum!) { shop { catalogue(country: $country, languageCode: $language) { product(slug: "iq3") { id name shortDescription
  variants { id sku name pricing { price { gross { amount currency } } } } } } } }`;
const CREATE = 'mutation C($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { token lines { id } } errors { code } } }';
const ADD = 'mutation A($t: String!, $lines: [CheckoutLineInput!]!) { checkoutLinesAdd(token: $t, lines: $lines) { checkout { lines { id quantity } totalPrice { gross { amount } } } errors { code } } }';
const ME = 'query UserQuery { me { email name organizationMemberships { id isOrganizationAdmin organization { id name slug planType availableSeats maxSeats } } } }';
const ORDERS = 'query Orders { orders(first: 25) { next orders { number email createdAt chargeStatus total currency } } }';

const distinct = (i: number) => `query Shop { shop { catalogue(country: US, languageCode: EN) { a${i}: variants(group: IQ3_DEVICE, market: HUMAN) { s${i}: sku n${i}: name } b${i}: variants(group: ACCESSORIES) { sku p${i}: pricing { price { gross { amount currency } } } } } } }`;
const large = (i: number) => `query Shop { shop { catalogue(country: DE, languageCode: DE) { ${Array.from({ length: 28 }, (_, k) => `v${i}x${k}: products(first: 50) { id slug name shortDescription descriptionJson }`).join(' ')} } } }`;

type Kind = 'pages' | 'catalogue API' | 'add to cart' | 'checkout (5 calls + place)' | 'sign-in (6 requests)' | 'my account' | 'console orders';

class Recorder {
  readonly latencies = new Map<Kind, number[]>();
  readonly failures = new Map<Kind, string[]>();
  async time<T>(kind: Kind, work: () => Promise<T>): Promise<T | undefined> {
    if (SKIP.has(kind)) return new Promise((r) => setTimeout(() => r(undefined), 1000));
    const started = performance.now();
    try {
      const result = await work();
      this.push(this.latencies, kind, performance.now() - started);
      return result;
    } catch (error) {
      this.push(this.failures, kind, (error as Error).message.slice(0, 200));
      return undefined;
    }
  }
  private push<V>(map: Map<Kind, V[]>, kind: Kind, value: V) {
    let list = map.get(kind);
    if (!list) map.set(kind, (list = []));
    list.push(value);
  }
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))]! : NaN;
};

async function post(url: string, query: string, variables: Record<string, unknown> = {}, authorization?: string): Promise<string> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...(authorization ? { authorization: `JWT ${authorization}` } : {}) }, body: JSON.stringify({ query, variables }) });
  const body = await res.text();
  // An answer fails on errors of its own or of a mutation's payload (`errors: []` is none).
  if (res.status !== 200 || /"errors":\[\{/.test(body)) throw new Error(`${res.status} ${body.slice(0, 200)}`);
  return body;
}

async function get(url: string): Promise<void> {
  const res = await fetch(url, { headers: { accept: 'text/html' } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
}

/** Runs `step(i)` in a loop until `end`, pausing THINK_MS between steps. */
async function loop(end: number, step: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; Date.now() < end; i++) {
    await step(i);
    await new Promise((r) => setTimeout(r, THINK_MS));
  }
}

interface Tokens { store: string; console: string }

/** The buyers and the operator, for `seconds`. */
async function traffic(base: string, tokens: Tokens, seconds: number, recorder: Recorder): Promise<void> {
  const end = Date.now() + seconds * 1000;
  const gql = `${base}/graphql`;
  await Promise.all([
    loop(end, (i) => recorder.time('pages', () => get(`${base}${PAGES[i % PAGES.length]}`))),
    loop(end, (i) => recorder.time('pages', () => get(`${base}${PAGES[(i + 3) % PAGES.length]}`))),
    loop(end, (i) => recorder.time('catalogue API', () => (i % 2 ? post(gql, SHOP) : post(gql, PRODUCT, { country: ['GB', 'DE', 'PL', 'US'][i % 4], language: ['EN', 'DE', 'PL', 'EN_US'][i % 4] })))),
    loop(end, () => recorder.time('add to cart', async () => {
      const created = JSON.parse(await post(gql, CREATE, { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], country: 'US', email: 'soak@example.com' } })) as { data: { checkoutCreate: { checkout: { token: string } } } };
      await post(gql, ADD, { t: created.data.checkoutCreate.checkout.token, lines: [{ sku: 'ACC-USBC-3M', quantity: 1 }] });
    })),
    loop(end, (i) => recorder.time('checkout (5 calls + place)', async () => {
      const ready = await prepareCheckout(base, ['ACC-USBC-1M', 'ACC-USBC-3M'][i % 2]);
      const placed = await placeOrder(base, ready, `soak-${ready.token}`);
      if (!placed.orderToken) throw new Error(`place answered ${placed.status} ${placed.errorCodes.join(',')} ${placed.failure ?? ''}`);
    })),
    loop(end, () => recorder.time('sign-in (6 requests)', () => signIn(base, { email: 'individual@demo.probe.store', password: PASSWORD }))),
    loop(end, () => recorder.time('my account', () => post(gql, ME, {}, tokens.store))),
    loop(end, () => recorder.time('console orders', () => post(`${base}/admin/graphql`, ORDERS, {}, tokens.console))),
  ]);
}

/** The attacker: distinct documents and distinct large answers, two connections, no pause. */
async function attack(base: string, seconds: number): Promise<{ documents: number; largeAnswers: number; failed: number }> {
  const end = Date.now() + seconds * 1000;
  const counts = { documents: 0, largeAnswers: 0, failed: 0 };
  const send = async (query: string) => {
    const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    await res.arrayBuffer();
    if (res.status !== 200) counts.failed++;
  };
  await Promise.all([
    (async () => {
      for (let i = 0; Date.now() < end; i++, counts.documents++) await send(distinct(i));
    })(),
    (async () => {
      for (let i = 0; Date.now() < end; i++, counts.largeAnswers++) await send(large(i));
    })(),
  ]);
  return counts;
}

/** The bare baseline: the same loops' shape (8 clients, the same pause) against a bare node:http server. */
async function bareBaseline(seconds: number): Promise<number> {
  const bare = await bareServer('{"data":{"shop":{"storeType":"B2C"}}}');
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  try {
    await Promise.all(Array.from({ length: 8 }, () => loop(end, async () => {
      const started = performance.now();
      await (await fetch(bare.url, { method: 'POST', body: '{}' })).arrayBuffer();
      latencies.push(performance.now() - started);
    })));
  } finally {
    bare.stop();
  }
  return p99(latencies);
}

const bareP99 = await bareBaseline(10);
const server = await startServer({ LOG_LEVEL: 'warn', NODE_ENV: 'production' });
const rss = sampleRss(server.process.pid!);
let passed = false;
try {
  const tokens: Tokens = {
    store: await signIn(server.url, { email: 'admin@demo.probe.store', password: PASSWORD }),
    console: await signIn(server.url, { email: 'operator@demo.probe.store', password: PASSWORD, client: 'probe-admin' }),
  };
  await traffic(server.url, tokens, WARMUP_SECONDS, new Recorder());
  const baseline = new Recorder();
  await traffic(server.url, tokens, BASELINE_SECONDS, baseline);
  const baselinePeak = rss.peak();
  const soak = new Recorder();
  const [, attacks] = await Promise.all([traffic(server.url, tokens, SOAK_SECONDS, soak), attack(server.url, SOAK_SECONDS)]);
  rss.stop();

  console.log(`\nSoak on the embedded database: ${BASELINE_SECONDS} s of buyers and an operator, then ${SOAK_SECONDS} s of the same beside an attacker (${attacks.documents} distinct documents, ${attacks.largeAnswers} distinct ~200 KB answers, ${attacks.failed} refused)\n`);
  console.log('| requests | baseline: count, p99 ms | soak: count, p99 ms | ratio | failed |');
  console.log('|---|---|---|---|---|');
  const verdicts: Verdict[] = [{
    check: 'resident memory, peak (embedded database)', budget: '≤ 250 MB', figure: `${Math.round(rss.peak())} MB (${Math.round(baselinePeak)} MB before the attacker)`, baseline: '—', pass: rss.peak() <= 250,
  }];
  for (const [kind, before] of baseline.latencies) {
    if (SKIP.has(kind)) continue;
    const during = soak.latencies.get(kind) ?? [];
    const failed = (baseline.failures.get(kind)?.length ?? 0) + (soak.failures.get(kind)?.length ?? 0);
    const [b, s] = [p99(before), p99(during)];
    console.log(`| ${kind} | ${before.length}, ${b.toFixed(0)} | ${during.length}, ${s.toFixed(0)} | ${(s / b).toFixed(2)} | ${failed} |`);
    verdicts.push({ check: `${kind}: p99 during the soak`, budget: `≤ 2× baseline (${Math.max(10, 2 * b).toFixed(0)} ms)`, figure: `${s.toFixed(0)} ms (baseline ${b.toFixed(0)} ms), ${failed} failed`, baseline: `bare p99 ${bareP99.toFixed(1)} ms`, pass: during.length > 0 && s <= Math.max(10, 2 * b) && failed === 0 });
  }
  for (const [kind, failures] of [...baseline.failures, ...soak.failures]) console.log(`${kind}: ${failures.length} failed, first: ${failures[0]}`);
  passed = printVerdicts('bench:soak', verdicts);
} finally {
  rss.stop();
  await server.stop();
}
if (!passed) process.exitCode = 1;
