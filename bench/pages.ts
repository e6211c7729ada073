/**
 * npm run bench:pages — Lighthouse (mobile profile: simulated slow 4G and a 4× slower CPU) on the home,
 * product, cart and checkout pages of the built store, in Debian's chromium, BENCH_RUNS times each (3).
 * The budgets hold for every run, not a median: performance ≥ 95, largest contentful paint ≤ 1.5 s, and
 * the JavaScript the home page loads ≤ 200 KB gzip (each script it loaded, gzipped at level 9; the server
 * sends brotli, smaller); on the home and product pages SEO ≥ 95 and accessibility 100 (issue 36; the
 * audits that fall short are named). Beside each page, the same measure of a bare
 * node:http server answering that page's path with the HTML the store rendered for it and the built
 * assets from disk (bare-static.mjs): what the page would score with no server work at all.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS } from '../e2e/support/browser.ts';
import { REPO_ROOT, startServer } from '../e2e/support/server.ts';
import { printVerdicts, type Verdict } from './support/verdict.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// Cart and checkout are measured as a first visit sees them (no checkout yet in that browser).
const PAGES = process.env.BENCH_PAGES?.split(',') ?? ['/us/en/', '/us/en/product/iq3/', '/de/de/', '/de/de/product/iq3/', '/us/en/cart/', '/us/en/checkout/'];
const HOME = ['/us/en/', '/de/de/'];
/** The pages search engines should find (home and product): SEO and accessibility budgets. */
const FOUND = /^\/[a-z]{2}\/[a-z]{2}\/(?:product\/[^/]+\/)?$/;

interface Run { score: number; lcp: number; scriptKb: number; lcpElement: string; metrics: string; seo: number; accessibility: number; shortOf: string[] }

/** The budget's measure: the scripts the page loaded, each gzipped (level 9), whatever encoding the server sent. */
async function gzipKb(urls: string[]): Promise<number> {
  const sizes = await Promise.all(urls.map(async (url) => gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length));
  return sizes.reduce((a, b) => a + b, 0) / 1024;
}

async function audit(url: string, port: number): Promise<Run | string> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo', 'accessibility'] });
  const lhr = result!.lhr;
  // A failed run is reported by name, never counted as a score.
  if (lhr.runtimeError || lhr.categories.performance!.score === null) return lhr.runtimeError?.code ?? 'NO_SCORE';
  const items = (lhr.audits['network-requests']!.details as { items: Array<{ url: string; resourceType?: string }> }).items;
  // Lighthouse (12.8, as 13) names the element in its LCP breakdown insight, as a node item beside the table of phases.
  const lcpItems = (lhr.audits['lcp-breakdown-insight']?.details as { items?: Array<{ type: string; nodeLabel?: string }> } | undefined)?.items;
  const category = (id: 'seo' | 'accessibility') => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  // The SEO and accessibility audits that count and did not pass, by id.
  const shortOf = (['seo', 'accessibility'] as const).flatMap((id) => (lhr.categories[id]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id));
  return {
    seo: category('seo'),
    accessibility: category('accessibility'),
    shortOf,
    score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
    lcp: Math.round(lhr.audits['largest-contentful-paint']!.numericValue ?? 0),
    scriptKb: await gzipKb(items.filter((r) => r.resourceType === 'Script').map((r) => r.url)),
    lcpElement: lcpItems?.find((item) => item.type === 'node')?.nodeLabel?.slice(0, 40) ?? '?',
    // What the score is made of: first contentful paint, speed index, total blocking time (ms), layout shift.
    metrics: (['first-contentful-paint', 'speed-index', 'total-blocking-time', 'cumulative-layout-shift'] as const)
      .map((id) => { const v = lhr.audits[id]!.numericValue ?? 0; return id === 'cumulative-layout-shift' ? v.toFixed(2) : String(Math.round(v)); }).join('/'),
  };
}

async function bareStatic(html: string): Promise<{ url: string; stop: () => void }> {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-')), 'page.html');
  writeFileSync(file, html);
  const child = spawn(process.execPath, [new URL('./bare-static.mjs', import.meta.url).pathname, file, join(REPO_ROOT, 'apps/storefront/dist/client')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout!.on('data', (d: Buffer) => resolve(/listening (\d+)/.exec(d.toString())![1]!)));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

const range = (values: number[], unit = '') => `${Math.min(...values)}–${Math.max(...values)}${unit}`;
const server = await startServer({ LOG_LEVEL: 'warn' });
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
const verdicts: Verdict[] = [];
const lines: string[] = [];
try {
  for (const path of PAGES) {
    const html = await (await fetch(`${server.url}${path}`)).text(); // also warms the server's first render of this page
    const bare = await bareStatic(html);
    const store: Run[] = [];
    const baseline: Run[] = [];
    const failures: string[] = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        // Interleaved, so the store and its baseline see the same machine.
        for (const [url, into] of [[`${bare.url}${path}`, baseline], [`${server.url}${path}`, store]] as const) {
          const run = await audit(url, chrome.port);
          if (typeof run === 'string') failures.push(`${url === `${bare.url}${path}` ? 'bare' : 'store'}: ${run}`);
          else into.push(run);
        }
      }
    } finally {
      bare.stop();
    }
    const failed = failures.length ? ` (failed runs: ${failures.join(', ')})` : '';
    const ok = store.length === RUNS;
    const scores = store.map((r) => r.score);
    const lcps = store.map((r) => r.lcp);
    verdicts.push(
      { check: `${path} performance, each of ${RUNS} runs${failed}`, budget: '≥ 95', figure: ok ? range(scores) : '–', baseline: baseline.length ? range(baseline.map((r) => r.score)) : '–', pass: ok && Math.min(...scores) >= 95 },
      { check: `${path} largest contentful paint, each run`, budget: '≤ 1,500 ms', figure: ok ? range(lcps, ' ms') : '–', baseline: baseline.length ? range(baseline.map((r) => r.lcp), ' ms') : '–', pass: ok && Math.max(...lcps) <= 1500 },
    );
    if (FOUND.test(path)) {
      const seo = store.map((r) => r.seo);
      const accessibility = store.map((r) => r.accessibility);
      const shortOf = [...new Set(store.flatMap((r) => r.shortOf))];
      const named = shortOf.length ? ` (short of: ${shortOf.join(', ')})` : '';
      verdicts.push(
        { check: `${path} SEO, each run${named}`, budget: '≥ 95', figure: ok ? range(seo) : '–', baseline: baseline.length ? range(baseline.map((r) => r.seo)) : '–', pass: ok && Math.min(...seo) >= 95 },
        { check: `${path} accessibility, each run`, budget: '100', figure: ok ? range(accessibility) : '–', baseline: baseline.length ? range(baseline.map((r) => r.accessibility)) : '–', pass: ok && Math.min(...accessibility) === 100 },
      );
    }
    if (HOME.includes(path)) {
      const kb = Math.max(...store.map((r) => r.scriptKb));
      verdicts.push({ check: `${path} JavaScript loaded (gzip)`, budget: '≤ 200 KB', figure: `${kb.toFixed(1)} KB`, baseline: '(same files)', pass: ok && kb <= 200 });
    }
    lines.push(`| ${path} | ${[...new Set(store.map((r) => r.lcpElement))].join('; ')} | ${store.map((r) => r.lcp).join(', ')} ms | ${baseline.map((r) => r.lcp).join(', ')} ms | ${store.map((r) => `${r.score}: ${r.metrics}`).join(', ')} | ${baseline.map((r) => `${r.score}: ${r.metrics}`).join(', ')} |`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}
console.log(`\nLighthouse mobile profile, ${RUNS} runs per page, each interleaved with its bare baseline\n`);
console.log('| page | largest contentful paint element | store LCP per run | bare LCP per run | store score: FCP/SI/TBT ms/CLS per run | bare score: FCP/SI/TBT/CLS |');
console.log('|---|---|---|---|---|---|');
for (const line of lines) console.log(line);
printVerdicts('Budgets (ARCHITECTURE §7)', verdicts);
