import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleRss } from '../../bench/support/memory.ts';
import { ensureBuilt } from '../../apps/server/test/built-server.ts';
import { startServer, type RunningServer } from '../../e2e/support/server.ts';
import { recordScenario } from '../support/report.ts';

const DOCUMENTS = 1000;
const LARGE_VARIANTS = 300;

/** A valid anonymous catalogue query, different from every other by its aliases (what the attack sent). */
const distinct = (i: number) => `query Shop { shop { catalogue(country: US, languageCode: EN) { a${i}: variants(group: IQ3_DEVICE, market: HUMAN) { s${i}: sku n${i}: name } b${i}: variants(group: ACCESSORIES) { sku p${i}: pricing { price { gross { amount currency } } } } } } }`;

/** A large anonymous answer (about 150 KB), different for each i: the response cache's worst case. */
const large = (i: number) => `query Shop { shop { catalogue(country: DE, languageCode: DE) { ${Array.from({ length: 28 }, (_, k) => `v${i}x${k}: products(first: 50) { id slug name shortDescription descriptionJson }`).join(' ')} } } }`;

/** Sends `n` requests, `concurrency` at a time; the sizes of the answers. */
async function send(url: string, n: number, query: (i: number) => string, concurrency = 4): Promise<number[]> {
  const sizes: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) {
      const i = next++;
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query: query(i) }) });
      const body = await res.text();
      if (res.status !== 200 || body.includes('"errors"')) throw new Error(`${res.status} ${body.slice(0, 300)}`);
      sizes.push(body.length);
    }
  }));
  return sizes;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/**
 * W7 and W8: distinct anonymous documents and large answers cost their own requests, not the server's
 * memory for good. The built server on the embedded database (as `npm start` runs it): after a warm-up,
 * 1,000 valid documents that differ only in their aliases (each used to keep about 1 MB: Yoga's parser
 * cache and graphql-jit's code), then 300 distinct answers of about 100 KB (the response cache used to keep
 * 5,000 answers whatever their size). The figure is the peak resident memory and its growth over the
 * warmed-up server.
 */
describe('W7/W8 distinct documents and large answers keep memory bounded (built server, embedded database)', () => {
  let server: RunningServer | null = null;
  afterAll(async () => {
    await server?.stop('SIGKILL').catch(() => {});
  });

  it('peak resident memory ≤ 250 MB, growth ≤ 60 MB', { timeout: 240_000 }, async () => {
    ensureBuilt();
    server = await startServer({ NODE_ENV: 'production' });
    const url = `${server.url}/graphql`;
    const pid = server.process.pid!;
    await send(url, 40, (i) => distinct(i % 2));
    const warm = rssMb(pid);
    const rss = sampleRss(pid);
    const documents = await send(url, DOCUMENTS, distinct);
    const afterDocuments = rssMb(pid);
    const answers = await send(url, LARGE_VARIANTS, large, 2);
    rss.stop();
    const after = rssMb(pid);
    const peak = rss.peak();
    const averageLarge = answers.reduce((a, b) => a + b, 0) / answers.length;
    const pass = peak <= 250 && after - warm <= 60;
    recordScenario({
      id: 'W7',
      done: `built server, embedded database, NODE_ENV=production: ${DOCUMENTS} valid anonymous documents differing only in their aliases (answers of ${documents[0]} bytes), then ${LARGE_VARIANTS} distinct answers of ${Math.round(averageLarge / 1024)} KB each`,
      figure: `resident ${Math.round(warm)} MB warmed up → ${Math.round(afterDocuments)} MB after the documents → ${Math.round(after)} MB after the large answers; peak ${Math.round(peak)} MB (budget 250, growth budget 60)`,
      pass,
    });
    expect(peak).toBeLessThanOrEqual(250);
    expect(after - warm).toBeLessThanOrEqual(60);
  });
});
