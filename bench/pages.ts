/**
 * npm run bench:pages — Lighthouse (mobile profile: simulated slow 4G and a 4× slower CPU) on the home
 * page and a product page of the built store, in Debian's chromium. Prints the performance score, the
 * largest contentful paint and the JavaScript the page loads, beside the budgets (ARCHITECTURE §7).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// Cart and checkout are measured as a first visit sees them (no checkout yet in that browser).
const PAGES = process.env.BENCH_PAGES?.split(',') ?? ['/us/en/', '/us/en/product/iq3/', '/de/de/', '/de/de/product/iq3/', '/us/en/cart/', '/us/en/checkout/'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startServer({ LOG_LEVEL: 'warn' });
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
const rows: string[] = [];
try {
  for (const path of PAGES) {
    const scores: number[] = [];
    const lcps: number[] = [];
    const failures: string[] = [];
    let scriptBytes = 0;
    await fetch(`${server.url}${path}`); // warm the server's first render of this page
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const lhr = result!.lhr;
      // A failed run is reported by name, never counted as a score.
      if (lhr.runtimeError || lhr.categories.performance!.score === null) {
        failures.push(lhr.runtimeError?.code ?? 'NO_SCORE');
        continue;
      }
      scores.push(Math.round((lhr.categories.performance!.score ?? 0) * 100));
      lcps.push(Math.round(lhr.audits['largest-contentful-paint']!.numericValue ?? 0));
      const items = (lhr.audits['network-requests']!.details as { items: Array<{ resourceType?: string; transferSize?: number }> }).items;
      scriptBytes = items.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    }
    const failed = failures.length ? ` (failed runs: ${failures.join(', ')})` : '';
    rows.push(`| ${path} | ${scores.length ? `${median(scores)} (${Math.min(...scores)}–${Math.max(...scores)})` : '–'}${failed} | ${lcps.length ? `${median(lcps)} ms (${Math.min(...lcps)}–${Math.max(...lcps)})` : '–'} | ${(scriptBytes / 1024).toFixed(1)} KB |`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}
console.log(`\nLighthouse mobile profile, ${RUNS} runs per page (median, range)\n`);
console.log('| page | performance | largest contentful paint | JavaScript transferred (gzip) |');
console.log('|---|---|---|---|');
for (const row of rows) console.log(row);
console.log('\nBudget: performance ≥ 95, LCP ≤ 1.5 s, initial JavaScript for the home route ≤ 200 KB gzip.');
