import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../apps/server/test/built-server.ts';
import { startServer, type RunningServer } from '../../e2e/support/server.ts';
import { createDatabase } from '../support/postgres.ts';
import { recordScenario } from '../support/report.ts';

const CONNECTIONS = 10;
const SECONDS = 8;

/** The storefront's catalogue query (the home and product pages' prices), anonymous. */
const CATALOGUE = `query Shop { shop { catalogue(country: DE, languageCode: DE) {
  a: variants(group: IQ3_DEVICE) { sku name product { name thumbnail(size: 128) { url } } pricing { onSale price { net { amount } gross { amount currency } } priceUndiscounted { gross { amount } } } }
  b: variants(group: INDIVIDUAL) { sku pricing { price { gross { amount } } } }
  c: variants(group: ACCESSORIES) { sku pricing { price { gross { amount } } } } } } }`;

const json = (query: string) => JSON.stringify({ query });

/** The attacks, each a whole request body: every one must be refused with a 4xx (413 over the 64 KB body limit). */
const ATTACKS: Record<string, string> = {
  depth50: json(`{ shop { ${'catalogue { '.repeat(50)}x${' }'.repeat(50)} } }`),
  aliases1000: json(`{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: shop { maintenanceMode }`).join(' ')} }`),
  tokens30k: json(`{ shop { ${'a '.repeat(30_000)}} }`),
  tokens100k: json(`{ shop { ${'a '.repeat(100_000)}} }`),
  body5mb: JSON.stringify({ query: '{ shop { maintenanceMode } }', variables: { pad: 'x'.repeat(5 * 1024 * 1024) } }),
};

interface LoadResult { p99: number; average: number; requests: number; rps: number; non2xx: number; errors: number; timeouts: number; statusCodeStats: Record<string, { count: number }> }
interface LoadOptions { url: string; connections: number; duration: number; method: 'POST'; headers: Record<string, string>; body?: string; requests?: Array<{ method: 'POST'; body: string }> }

const work = mkdtempSync(join(tmpdir(), 'probe-w2b-'));
let runs = 0;
/** autocannon in a process of its own (reliability/support/autocannon-run.mjs). */
async function run(options: LoadOptions): Promise<LoadResult> {
  const file = join(work, `load-${runs++}.json`);
  writeFileSync(file, JSON.stringify(options));
  const { stdout } = await promisify(execFile)(process.execPath, [join(import.meta.dirname, '..', 'support', 'autocannon-run.mjs'), file], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as LoadResult;
}

/**
 * W2 under attack: the built server on PostgreSQL (a database of its own). The catalogue query's p99 at
 * 10 connections for 8 s is the baseline; then the same load again while 10 more connections send
 * rejected documents (depth 50, 1,000 aliases, 30,000 and 100,000 tokens, 5 MB bodies) in turn. Every attack must be
 * refused with a 4xx, and the normal p99 must stay within 2× its baseline. About 25 s: long part only.
 */
describe.runIf(process.env.RELIABILITY_LONG)('W2b GraphQL limits hold the normal p99 under attack (built server, PostgreSQL)', () => {
  let server: RunningServer | null = null;
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await server?.stop('SIGKILL').catch(() => {});
    await drop?.().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  });

  it('every attack refused 4xx, normal p99 ≤ 2× baseline', { timeout: 120_000 }, async () => {
    ensureBuilt();
    const db = await createDatabase('probe_w2b');
    drop = db.drop;
    server = await startServer({ DATABASE_URL: db.url, NODE_ENV: 'production', JOBS_IN_PROCESS: 'false' });
    const url = `${server.url}/graphql`;
    const normal: LoadOptions = {
      url, connections: CONNECTIONS, duration: SECONDS, method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' }, body: json(CATALOGUE),
    };
    // Each attack alone: what the server answers it (and that the catalogue query itself answers 200).
    const first: Record<string, number> = {};
    for (const [name, body] of [['catalogue', json(CATALOGUE)], ...Object.entries(ATTACKS)] as const) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body });
      await res.arrayBuffer();
      first[name] = res.status;
    }
    expect(first.catalogue).toBe(200);
    // Warm-up (JIT, caches), then the baseline.
    await run({ ...normal, duration: 2 });
    const baseline = await run(normal);

    const attack: LoadOptions = {
      url, connections: CONNECTIONS, duration: SECONDS, method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      requests: Object.values(ATTACKS).map((body) => ({ method: 'POST' as const, body })),
    };
    const [underAttack, attacks] = await Promise.all([run(normal), run(attack)]);
    const alive = server.process.exitCode === null;

    const codes = (r: LoadResult) => Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => `${code}×${s.count}`).join(' ');
    const attackStatuses = Object.keys(attacks.statusCodeStats ?? {}).map(Number);
    const all4xx = attackStatuses.length > 0 && attackStatuses.every((s) => s >= 400 && s < 500) && Object.values(first).slice(1).every((s) => s >= 400 && s < 500);
    const ratio = underAttack.p99 / Math.max(1, baseline.p99);
    const normalOk = underAttack.non2xx === 0 && underAttack.errors === 0 && baseline.non2xx === 0 && baseline.errors === 0;
    const pass = alive && all4xx && ratio <= 2 && normalOk;
    recordScenario({
      id: 'W2b',
      done: `built server (NODE_ENV=production) on its own PostgreSQL database; catalogue query at ${CONNECTIONS} connections for ${SECONDS} s (baseline), then again beside ${CONNECTIONS} connections sending depth 50, 1,000 aliases, 30,000 tokens (60 KB), 100,000 tokens (200 KB, over the 64 KB body limit) and 5 MB bodies in turn (autocannon, each load in a process of its own)`,
      figure: `p99 ${baseline.p99} ms baseline (${baseline.rps.toFixed(0)} req/s) → ${underAttack.p99} ms under attack (${ratio.toFixed(2)}×, ${underAttack.rps.toFixed(0)} req/s, ${underAttack.non2xx} non-2xx, ${underAttack.errors} errors); ${attacks.requests} attacks answered ${codes(attacks)}, ${attacks.errors} connection errors; alone: ${Object.entries(first).slice(1).map(([n, s]) => `${n} ${s}`).join(', ')}`,
      pass,
    });
    expect(alive).toBe(true);
    expect(first).toMatchObject({ depth50: 400, aliases1000: 400, tokens30k: 400, tokens100k: 413, body5mb: 413 });
    expect(all4xx).toBe(true);
    expect(normalOk).toBe(true);
    expect(ratio).toBeLessThanOrEqual(2);
  });
});
