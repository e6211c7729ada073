import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../apps/server/test/built-server.ts';
import { recordScenario } from '../support/report.ts';
import { createDatabase, query } from '../support/postgres.ts';
import { freePort, killStarted, ROOT, sleep, spawnProc, startBuiltServer, startBuiltWorker, waitForOutput, type Proc } from '../support/processes.ts';

const PROMETHEUS = '/usr/bin/prometheus';
const PROMTOOL = '/usr/bin/promtool';
const RULES = join(ROOT, 'ops', 'prometheus', 'rules.yml');
const TOKEN = 'o1-scrape-token-0123456789';
/** Requests the load sends to each instance. */
const PER_INSTANCE = 600;
const SHOP = JSON.stringify({ operationName: 'Shop', query: 'query Shop { shop { catalogue(country: US, languageCode: EN) { variants(group: IQ3_DEVICE, market: HUMAN) { sku } } } }' });

interface LoadResult { requests: number; non2xx: number; errors: number; statusCodeStats: Record<string, { count: number }> }

/**
 * O1 observability: a real Prometheus (Debian's package) scrapes two built servers and the built worker
 * (PostgreSQL, JOBS_IN_PROCESS=false, METRICS_PORT each, METRICS_TOKEN) every second and evaluates the
 * shipped rules (ops/prometheus/rules.yml, every `for:` set to 0s in this copy) every second. Faults are
 * forced: an e-mail job that fails on its last attempt (dead), a renewal charged to a card that declines,
 * a job of a topic no handler takes, due an hour ago. The Shop query is sent to each server by autocannon.
 * Read back from Prometheus' HTTP API: the requests each instance counted equal what the load got answered,
 * the dead job, the failed e-mail and the declined renewal are in their series, the alerts on them fire and
 * the error-rate alert does not; `promtool check rules` passes on the shipped file. About 25 s: fast part.
 */
describe.runIf(existsSync(PROMETHEUS))('O1 Prometheus scrapes two servers and the worker under load; the rules fire on forced faults', () => {
  const work = mkdtempSync(join(tmpdir(), 'probe-o1-'));
  let drop: (() => Promise<void>) | null = null;
  let prometheus: Proc | null = null;
  afterAll(async () => {
    prometheus?.kill('SIGTERM');
    await prometheus?.exited();
    await killStarted();
    await drop?.().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  });

  it('counts what the load sent, shows the dead job and the declined renewal, fires their alerts', { timeout: 150_000 }, async () => {
    ensureBuilt();
    const checked = execFileSync(PROMTOOL, ['check', 'rules', RULES], { encoding: 'utf8' });
    const ruleCount = Number(/SUCCESS: (\d+) rules found/.exec(checked)?.[1] ?? 0);

    const db = await createDatabase('probe_o1');
    drop = db.drop;
    const [portA, portB, portW, portP] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const env = { DATABASE_URL: db.url, JOBS_IN_PROCESS: 'false', METRICS_TOKEN: TOKEN, MAIL_SINK_DIR: join(work, 'mail'), RESPONSE_CACHE_MAX_AGE_S: '60' };
    // The first server migrates and seeds; the second and the worker start on that database together.
    const a = await startBuiltServer({ ...env, METRICS_PORT: String(portA) });
    const [b] = await Promise.all([
      startBuiltServer({ ...env, METRICS_PORT: String(portB) }),
      startBuiltWorker({ ...env, METRICS_PORT: String(portW), JOBS_POLL_INTERVAL_MS: '200' }),
    ]);

    const rules = readFileSync(RULES, 'utf8').replace(/^(\s+)for: \S+$/gm, '$1for: 0s');
    writeFileSync(join(work, 'rules.yml'), rules);
    const target = (port: number) => `'127.0.0.1:${port}'`;
    writeFileSync(join(work, 'prometheus.yml'), [
      'global: { scrape_interval: 1s, evaluation_interval: 1s, scrape_timeout: 900ms }',
      `rule_files: ['${join(work, 'rules.yml')}']`,
      'scrape_configs:',
      `  - { job_name: store-server, authorization: { credentials: '${TOKEN}' }, static_configs: [{ targets: [${target(portA)}, ${target(portB)}] }] }`,
      `  - { job_name: store-worker, authorization: { credentials: '${TOKEN}' }, static_configs: [{ targets: [${target(portW)}] }] }`,
      '',
    ].join('\n'));
    prometheus = spawnProc(PROMETHEUS, [`--config.file=${join(work, 'prometheus.yml')}`, `--storage.tsdb.path=${join(work, 'data')}`, `--web.listen-address=127.0.0.1:${portP}`], {});
    await waitForOutput(prometheus, 'Server is ready to receive web requests', 30_000);
    const api = `http://127.0.0.1:${portP}/api/v1`;
    const instant = async (expr: string) => {
      const body = (await (await fetch(`${api}/query?query=${encodeURIComponent(expr)}`)).json()) as { data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> } };
      return body.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
    };
    const scalar = async (expr: string) => (await instant(expr))[0]?.value ?? Number.NaN;
    const waitFor = async (what: () => Promise<boolean>, ms = 20_000) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        if (await what()) return true;
        await sleep(250);
      }
      return false;
    };
    const up = await waitFor(async () => (await scalar('sum(up{job=~"store-server|store-worker"})')) === 3);

    // The faults: an e-mail whose payload is no e-mail, on its last attempt; a job no handler takes, due an
    // hour ago; the demo clinic's renewal, due now, charged to a card the test gateway declines.
    await query(db.url, "insert into outbox (topic, payload, attempts) values ('mail.send', '{}'::jsonb, 9)");
    await query(db.url, "insert into outbox (topic, payload, run_at) values ('o1.no-handler', '{}'::jsonb, now() - interval '1 hour')");
    const [subscription] = await query<{ id: string; organization_id: string }>(db.url, "select s.id, s.organization_id from subscriptions s join saved_payment_methods m on m.organization_id = s.organization_id and m.is_primary and m.is_active where s.status = 'ACTIVE' and s.auto_renew order by s.id limit 1");
    const periodEnd = new Date(Date.now() - 60_000).toISOString();
    await query(db.url, "update saved_payment_methods set payment_token = 'pm_test_card_0341_o1decline' where organization_id = $1 and is_primary", [subscription!.organization_id]);
    await query(db.url, 'update subscriptions set period_end = $2 where id = $1', [subscription!.id, periodEnd]);
    await query(db.url, "insert into outbox (topic, payload) values ('subscription.period-end', $1::jsonb)", [JSON.stringify({ subscriptionId: subscription!.id, periodEnd })]);

    // The load: the Shop query at 10 connections to each server at once, autocannon in processes of their own.
    const load = async (url: string, i: number): Promise<LoadResult> => {
      const file = join(work, `load-${i}.json`);
      writeFileSync(file, JSON.stringify({ url: `${url}/graphql`, connections: 10, amount: PER_INSTANCE, method: 'POST', headers: { 'content-type': 'application/json' }, body: SHOP }));
      const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'reliability', 'support', 'autocannon-run.mjs'), file], { maxBuffer: 1 << 20 });
      return JSON.parse(stdout) as LoadResult;
    };
    const [loadA, loadB] = await Promise.all([load(a.url, 0), load(b.url, 1)]);
    const answered = (r: LoadResult) => Object.values(r.statusCodeStats).reduce((n, s) => n + s.count, 0);
    const sent = { [`127.0.0.1:${portA}`]: answered(loadA), [`127.0.0.1:${portB}`]: answered(loadB) };

    // Read back: per instance, the /graphql POSTs Prometheus has for it equal what that instance answered.
    const requestsExpr = 'sum by (instance) (store_http_request_duration_seconds_count{job="store-server", route="/graphql", method="POST"})';
    let counted: Record<string, number> = {};
    const countsMatch = await waitFor(async () => {
      counted = Object.fromEntries((await instant(requestsExpr)).map((r) => [r.metric.instance!, r.value]));
      return Object.entries(sent).every(([instance, n]) => counted[instance] === n);
    });
    const alertsFiring = async () => {
      const body = (await (await fetch(`${api}/alerts`)).json()) as { data: { alerts: Array<{ labels: Record<string, string>; state: string }> } };
      return body.data.alerts.filter((x) => x.state === 'firing').map((x) => `${x.labels.alertname}${x.labels.topic ? `{${x.labels.topic}}` : ''}`);
    };
    const expected = ['StoreDeadJobs{mail.send}', 'StoreRenewalsDeclined', 'StoreQueueBacklog{o1.no-handler}'];
    let firing: string[] = [];
    const fired = await waitFor(async () => {
      firing = await alertsFiring();
      return expected.every((x) => firing.includes(x));
    }, 30_000);
    const dead = await scalar('max(store_jobs_dead{topic="mail.send"})');
    const deadRuns = await scalar('sum(store_jobs_total{job="store-worker", topic="mail.send", outcome="dead"})');
    const emailsFailed = await scalar('sum(store_emails_total{outcome="failed"})');
    const declined = await scalar('sum(store_renewals_total{job="store-worker", outcome="declined"})');
    const statements = await scalar('sum(store_db_statement_duration_seconds_count{job="store-server"})');
    const cacheHits = await scalar('sum(store_response_cache_requests_total{result="hit"})');
    const memory = await instant('process_resident_memory_bytes{job=~"store-server|store-worker"}');
    const errorAlert = firing.includes('StoreHighErrorRate');

    const pass = ruleCount > 0 && up && countsMatch && dead === 1 && deadRuns === 1 && emailsFailed === 1 && declined === 1 && fired && !errorAlert && statements > 0 && memory.length === 3;
    recordScenario({
      id: 'O1',
      done: `Debian's Prometheus scraping 2 built servers and the worker every 1 s (bearer token) while autocannon sent ${PER_INSTANCE} Shop queries to each; forced: a dead e-mail job, a declined renewal, a job no handler takes; the shipped ${ruleCount} rules (for: 0s) evaluated every 1 s`,
      figure: `requests counted per instance ${JSON.stringify(counted)} vs answered ${JSON.stringify(sent)}; dead mail.send ${dead}, e-mails failed ${emailsFailed}, renewals declined ${declined}, cache hits ${cacheHits}, SQL statements ${statements}; firing: ${firing.join(', ') || 'none'}`,
      pass,
    });
    expect(ruleCount).toBeGreaterThan(10);
    expect(up).toBe(true);
    expect(loadA.errors + loadB.errors).toBe(0);
    expect(counted).toEqual(sent);
    expect(answered(loadA)).toBe(PER_INSTANCE);
    expect(dead).toBe(1);
    expect(deadRuns).toBe(1);
    expect(emailsFailed).toBe(1);
    expect(declined).toBe(1);
    expect(statements).toBeGreaterThan(0);
    expect(cacheHits).toBeGreaterThan(0);
    expect(memory.length).toBe(3);
    expect(firing).toEqual(expect.arrayContaining(expected));
    expect(errorAlert).toBe(false);
  });
});
