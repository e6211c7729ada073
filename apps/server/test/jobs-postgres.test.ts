import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, schema, type DatabaseHandle } from '@probe/db';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, JobRunner } from '../src/jobs/index.ts';
import { MAIL_TOPIC } from '../src/mail/index.ts';
import { ensureBuilt } from './built-server.ts';
import { counter, memoryLogger, outboxRow } from './jobs-support.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * What only PostgreSQL can show: runners in parallel (PGlite has one connection), runner processes
 * killed with SIGKILL, and the worker command. A database of our own, so child processes can reach it.
 */
describe.skipIf(!ADMIN_URL)('jobs on PostgreSQL: concurrent runners, killed runners, the worker command', () => {
  const name = `probe_jobs_${randomBytes(6).toString('hex')}`;
  let url: string;
  let database: DatabaseHandle;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(ADMIN_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
    database = await openDatabase({ databaseUrl: url, poolSize: 20, onConnectionError: () => {} });
  });
  afterAll(async () => {
    // Each child leads its own process group: npm's child goes too.
    for (const child of children) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
    }
    await database?.close();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  function start(command: string, args: string[], env: Record<string, string>): ChildProcess & { output: () => string } {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (c: Buffer) => void (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => void (output += c.toString()));
    return Object.assign(child, { output: () => output });
  }
  const exited = (child: ChildProcess) =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve({ code: child.exitCode, signal: child.signalCode }) : child.once('exit', (code, signal) => resolve({ code, signal })),
    );

  it('two runners over 500 rows: every row handled exactly once', async () => {
    const rows = await database.db
      .insert(schema.outbox)
      .values(Array.from({ length: 500 }, (_, i) => ({ topic: 'test.race', payload: { i } })))
      .returning({ id: schema.outbox.id });
    const handled = counter();
    const byRunner = new Map<string, number>();
    const runners = ['a', 'b'].map(
      (id) =>
        new JobRunner({
          db: database.db,
          id,
          log: memoryLogger(),
          batchSize: 7,
          handlers: {
            'test.race': async (job) => {
              handled.count(job.id);
              byRunner.set(id, (byRunner.get(id) ?? 0) + 1);
              await new Promise((r) => setTimeout(r, Math.random() * 2));
            },
          },
        }),
    );
    // Each runner drains with two claims in flight at a time, as two processes with busy pools would.
    await Promise.all(runners.flatMap((r) => [r.drain(), r.drain()]));

    expect(handled.calls.size).toBe(500);
    expect([...handled.calls.values()].every((n) => n === 1)).toBe(true);
    expect(rows.every((r) => handled.calls.get(r.id) === 1)).toBe(true);
    expect(byRunner.get('a')).toBeGreaterThan(0);
    expect(byRunner.get('b')).toBeGreaterThan(0);
    const [left] = await database.db
      .select({ pending: sql<number>`count(*) filter (where ${schema.outbox.processedAt} is null)::int`, maxAttempts: sql<number>`max(${schema.outbox.attempts})` })
      .from(schema.outbox)
      .where(eq(schema.outbox.topic, 'test.race'));
    expect(left).toEqual({ pending: 0, maxAttempts: 1 });
  });

  it('a runner process SIGKILLed mid-handler: its row is handled again after the lease and ends processed; nothing is lost', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await enqueue(database.db, { topic: 'test.killed', payload: { i } }));
    const doomed = start(process.execPath, ['--import', 'tsx', 'apps/server/test/fixtures/hanging-runner.ts'], { DATABASE_URL: url, LEASE_MS: '60000' });
    await expect.poll(() => doomed.output(), { timeout: 20_000 }).toMatch(/started \d+/);
    doomed.kill('SIGKILL');
    expect((await exited(doomed)).signal).toBe('SIGKILL');
    const inFlight = Number(/started (\d+)/.exec(doomed.output())![1]);
    expect(await outboxRow(database.db, inFlight)).toMatchObject({ attempts: 1, lockedBy: 'doomed', processedAt: null });

    const handled = counter();
    let now = Date.now();
    const survivor = new JobRunner({ db: database.db, log: memoryLogger(), now: () => new Date(now), handlers: { 'test.killed': async (job) => handled.count(job.id) } });
    await survivor.drain();
    expect(handled.calls.has(inFlight)).toBe(false); // its lease is still live
    now += 60_000;
    await survivor.drain();
    const rows = await database.db.select().from(schema.outbox).where(inArray(schema.outbox.id, ids));
    expect(rows.every((r) => r.processedAt !== null)).toBe(true);
    expect(ids.every((id) => handled.calls.get(id) === 1)).toBe(true);
    expect(rows.find((r) => r.id === inFlight)).toMatchObject({ attempts: 2, lockedBy: expect.not.stringMatching(/^doomed$/) });
  });

  it('`npm run worker` drains mail.send rows into the sink and exits 0 on SIGTERM', { timeout: 300_000 }, async () => {
    const sink = await mkdtemp(join(tmpdir(), 'probe-worker-mail-'));
    try {
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) {
        ids.push(await enqueue(database.db, { topic: MAIL_TOPIC, payload: { to: `buyer${i}@example.com`, locale: 'en', subject: `Order ${i}`, text: 'Thanks', html: '<p>Thanks</p>' } }));
      }
      // `npm run worker` runs the compiled worker, as in production.
      ensureBuilt();
      const worker = start('npm', ['run', 'worker'], { DATABASE_URL: url, MAIL_SINK_DIR: sink, JOBS_POLL_INTERVAL_MS: '50', LOG_LEVEL: 'info' });
      await expect
        .poll(async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(schema.outbox).where(sql`${inArray(schema.outbox.id, ids)} and ${schema.outbox.processedAt} is not null`))[0]!.n, { timeout: 30_000, interval: 200 })
        .toBe(12);
      // Written after the worker started: it keeps polling.
      const late = await enqueue(database.db, { topic: MAIL_TOPIC, payload: { to: 'late@example.com', locale: 'de', subject: 'Später', text: 'x', html: '<p>x</p>' } });
      await expect.poll(async () => (await outboxRow(database.db, late)).processedAt, { timeout: 10_000 }).not.toBeNull();

      worker.kill('SIGTERM');
      const { code } = await exited(worker);
      expect(worker.output()).toContain('worker stopped');
      expect(code).toBe(0);
      const files = (await readdir(sink)).filter((f) => f.endsWith('.eml')).sort();
      expect(files).toEqual([...ids, late].map((id) => `${id}.eml`).sort());
      expect(await readFile(join(sink, `${late}.eml`), 'utf8')).toContain(`Message-ID: <${late}@probe.store>`);
    } finally {
      await rm(sink, { recursive: true, force: true });
    }
  });
});
