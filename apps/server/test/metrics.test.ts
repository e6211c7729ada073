import { schema } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { startMetricsListener, type MetricsListener } from '../src/metrics/index.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const TOKEN = 'scrape-token-0123456789';
const SHOP = 'query Shop { shop { catalogue(country: US, languageCode: EN) { variants(group: IQ3_DEVICE, market: HUMAN) { sku } } } }';

/** The value of one series in Prometheus' text format (labels in any order), or undefined. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe(`Prometheus metrics (${DB})`, () => {
  let t: TestApp;
  let metrics: MetricsListener;
  const scrape = async (token: string | null = TOKEN) => fetch(metrics.url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const text = async () => (await scrape()).text();
  const post = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  beforeAll(async () => {
    t = await startTestApp({ config: { METRICS_PORT: 0, RESPONSE_CACHE_MAX_AGE_S: 60 } });
    metrics = await startMetricsListener({ host: '127.0.0.1', port: 0, token: TOKEN });
  });
  afterAll(async () => {
    await metrics?.close();
    await t?.close();
  });

  it('serves /metrics only on its own listener, and there only with the bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await scrape(null)).status).toBe(401);
    expect((await scrape('wrong-token-0123456789')).status).toBe(401);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = await ok.text();
    // prom-client's process metrics: memory and event-loop delay.
    expect(sample(body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(body, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts requests by route pattern and status, GraphQL operations by known name and outcome, and response-cache hits', async () => {
    const before = await text();
    const count = (body: string, labels: Record<string, string>) => sample(body, 'store_http_request_duration_seconds_count', labels) ?? 0;
    const ops = (body: string, labels: Record<string, string>) => sample(body, 'store_graphql_operation_duration_seconds_count', labels) ?? 0;
    const hits = (body: string) => sample(body, 'store_response_cache_requests_total', { result: 'hit' }) ?? 0;
    for (let i = 0; i < 5; i++) expect((await post({ query: SHOP, operationName: 'Shop' })).statusCode).toBe(200);
    // Names a caller makes up, and paths, never become label values.
    expect((await post({ query: 'query Attacker123 { __typename }', operationName: 'Attacker123' })).statusCode).toBe(200);
    expect((await post({ query: '{ nope }' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/no-such-path-4711' })).statusCode).toBe(404);

    const after = await text();
    expect(count(after, { route: '/graphql', method: 'POST', status: '200' }) - count(before, { route: '/graphql', method: 'POST', status: '200' })).toBe(6);
    expect(count(after, { route: '/graphql', method: 'POST', status: '400' }) - count(before, { route: '/graphql', method: 'POST', status: '400' })).toBe(1);
    expect(count(after, { route: 'unmatched', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    // The first Shop query ran; the four after it came from the response cache.
    expect(ops(after, { operation: 'Shop', outcome: 'ok' }) - ops(before, { operation: 'Shop', outcome: 'ok' })).toBe(1);
    expect(hits(after) - hits(before)).toBe(4);
    expect(ops(after, { operation: 'other', outcome: 'ok' }) - ops(before, { operation: 'other', outcome: 'ok' })).toBe(1);
    expect(ops(after, { operation: 'other', outcome: 'refused' }) - ops(before, { operation: 'other', outcome: 'refused' })).toBe(1);
    expect(after).not.toContain('Attacker123');
    expect(after).not.toContain('no-such-path');
    expect(sample(after, 'store_response_cache_entries')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'store_response_cache_bytes')).toBeGreaterThan(0);
    // Latency buckets are cumulative and end in +Inf = count.
    const labels = { route: '/graphql', method: 'POST', status: '200' };
    expect(sample(after, 'store_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(count(after, labels));
  });

  it('reads the job queue per topic from the outbox when scraped: due, retrying, dead and the oldest due job\'s age', async () => {
    const now = Date.now();
    await t.database.db.insert(schema.outbox).values([
      { topic: 'metrics.test', payload: {}, runAt: new Date(now - 120_000) },
      { topic: 'metrics.test', payload: {}, runAt: new Date(now - 30_000), attempts: 2, lastError: 'boom' },
      { topic: 'metrics.test', payload: {}, attempts: 10, deadAt: new Date(now), lastError: 'boom' },
      { topic: 'metrics.test', payload: {}, runAt: new Date(now + 3_600_000) },
    ]);
    // The snapshot is kept 5 s: wait it out if the earlier scrapes made one.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const body = await text();
    expect(sample(body, 'store_jobs_due', { topic: 'metrics.test' })).toBe(2);
    expect(sample(body, 'store_jobs_retrying', { topic: 'metrics.test' })).toBe(1);
    expect(sample(body, 'store_jobs_dead', { topic: 'metrics.test' })).toBe(1);
    expect(sample(body, 'store_jobs_running', { topic: 'metrics.test' })).toBe(0);
    expect(sample(body, 'store_jobs_oldest_due_age_seconds', { topic: 'metrics.test' })).toBeGreaterThanOrEqual(119);
    expect(sample(body, 'store_subscriptions_past_due')).toBeGreaterThanOrEqual(0);
    expect(sample(body, 'store_payments_awaiting')).toBeGreaterThanOrEqual(0);
  }, 15_000);
});
