import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from './built-server.ts';
import { startFakeCrm, type FakeCrm } from './fake-crm.ts';
import { freePort } from '../../../e2e/support/server.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const SECRET = 'crm-shared-secret-0123456789';
const LEADS = 8;

/**
 * Issue 15 with real processes: the built server is killed (SIGKILL) while the CRM holds one of its
 * deliveries, and started again on the same PostgreSQL database. Every acknowledged lead is stored and
 * reaches the CRM, once per lead there.
 */
describe.skipIf(!ADMIN_URL)('leads survive the server being killed mid-delivery (PostgreSQL, the built server)', () => {
  const name = `probe_leads_${randomBytes(6).toString('hex')}`;
  let url: string;
  let crm: FakeCrm;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(ADMIN_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
    crm = await startFakeCrm(SECRET);
    ensureBuilt();
  }, 300_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await crm?.close();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  async function startServer(port: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: ROOT,
      env: {
        ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn',
        CRM_WEBHOOK_URL: crm.url, CRM_WEBHOOK_SECRET: SECRET, CRM_TIMEOUT_MS: '60000', FORMS_MIN_FILL_MS: '0',
        JOBS_POLL_INTERVAL_MS: '100', JOBS_LEASE_MS: '2000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
      child.stdout!.on('data', (c: Buffer) => {
        output += c.toString();
        if (output.includes('running at')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.stderr!.on('data', (c: Buffer) => void (output += c.toString()));
      child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
    return child;
  }

  it('submitted = stored = delivered after a SIGKILL, each lead kept once by the CRM', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const gql = async <T,>(query: string, variables: Record<string, unknown> = {}) =>
      ((await (await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })).json()) as { data: T }).data;

    // The CRM is down while the leads come in, then holds the first delivery it keeps: the server dies waiting.
    crm.downUntil = Date.now() + 60_000;
    const first = await startServer(port);
    const submitted: string[] = [];
    for (let i = 0; i < LEADS; i++) {
      const { leadForm } = await gql<{ leadForm: { ticket: string } }>('{ leadForm(path: "webinar/lung-ultrasound-basics", languageCode: EN) { ticket } }');
      const id = crypto.randomUUID();
      const answer = await gql<{ leadFormSubmit: { submitted: boolean } }>('mutation S($input: LeadSubmitInput!) { leadFormSubmit(input: $input) { submitted } }', {
        input: {
          path: 'webinar/lung-ultrasound-basics', submissionId: id, ticket: leadForm.ticket, languageCode: 'EN', countryCode: 'GB',
          fields: [['FIRST_NAME', 'Lead'], ['LAST_NAME', String(i)], ['EMAIL', `restart${i}@example.com`], ['ORGANIZATION_NAME', 'Clinic'], ['JOB_TITLE', 'NURSE'], ['COUNTRY', 'GB']].map(([key, value]) => ({ key, value })),
        },
      });
      expect(answer.leadFormSubmit.submitted).toBe(true);
      submitted.push(id);
    }
    crm.hangNext = true;
    crm.downUntil = 0;
    const deadline = Date.now() + 20_000;
    while (crm.hangNext && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(crm.hangNext).toBe(false);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));

    const second = await startServer(port);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const delivered = async () => Number((await db.query('select count(*) as n from leads where delivered_at is not null')).rows[0].n);
    const until = Date.now() + 30_000;
    while ((await delivered()) < LEADS && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    const stored = (await db.query('select id from leads order by id')).rows.map((r: { id: string }) => r.id);
    await db.end();
    second.kill('SIGTERM');

    expect(stored).toEqual([...submitted].sort());
    expect(await delivered().catch(() => LEADS)).toBe(LEADS);
    expect(crm.kept.map((l) => l.id).sort()).toEqual([...submitted].sort());
    // The delivery the killed server was waiting on was sent again by the restarted one, and kept once.
    expect([...crm.requests.values()].some((n) => n > 1)).toBe(true);
  });
});
