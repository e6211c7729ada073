/**
 * npm run bench:renewals — how long the renewal run takes for 10,000 subscriptions due at once, on the
 * embedded database and (when PostgreSQL answers at BENCH_DATABASE_URL, default the local server's `test`
 * database) on PostgreSQL. Each database gets its own fresh copy; RUNNERS job runners (default 4) drain
 * the period-end jobs with the offline test gateway. The baseline, measured in the same run on the same
 * database, is the bare cost of one single-row UPDATE per subscription by the same number of workers.
 * Goal (issue 13): under 60 s for 10,000 on PostgreSQL on a 2-core machine.
 */
import { schema, type DatabaseHandle } from '@probe/db';
import { openTestDatabase } from '@probe/db/testing';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { JobRunner } from '../apps/server/src/jobs/index.ts';
import { TestGateway } from '../apps/server/src/modules/payments/index.ts';
import { periodEndHandler, SUBSCRIPTION_TOPICS } from '../apps/server/src/modules/subscriptions/index.ts';
import { dueSubscriptions } from '../apps/server/test/subscription-support.ts';

const COUNT = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
const RUNNERS = Number(process.env.RUNNERS ?? 4);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const quiet = { info() {}, warn() {}, error() {} };

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function measure(label: string, open: () => Promise<DatabaseHandle>): Promise<string> {
  const database = await open();
  try {
    const db = database.db;
    await db.update(schema.outbox).set({ processedAt: new Date() }).where(eq(schema.outbox.topic, SUBSCRIPTION_TOPICS.periodEnd));
    const periodEnd = new Date('2031-03-31T09:00:00Z');
    const { ids } = await dueSubscriptions(db, { count: COUNT, periodEnd });
    const now = () => new Date(periodEnd.getTime() + 60_000);

    // Baseline: one single-row UPDATE per subscription, RUNNERS at a time.
    let next = 0;
    const baselineStart = performance.now();
    await Promise.all(Array.from({ length: RUNNERS }, async () => {
      while (next < ids.length) await db.update(schema.subscriptions).set({ updatedAt: sql`now()` }).where(eq(schema.subscriptions.id, ids[next++]!));
    }));
    const baseline = (performance.now() - baselineStart) / 1000;

    const gateway = new TestGateway();
    const handler = periodEndHandler({ db, gateway, now, publicUrl: 'https://store.test' });
    const runners = Array.from({ length: RUNNERS }, (_, i) => new JobRunner({ db, handlers: { [SUBSCRIPTION_TOPICS.periodEnd]: handler }, log: quiet, now, id: `bench-${i}`, batchSize: 25 }));
    const start = performance.now();
    const ran = (await Promise.all(runners.map((r) => r.drain()))).reduce((a, b) => a + b, 0);
    const seconds = (performance.now() - start) / 1000;

    const renewed = await db.select({ n: sql<number>`count(*)::int` }).from(schema.subscriptions)
      .where(sql`${inArray(schema.subscriptions.id, ids)} and ${schema.subscriptions.periodEnd} = '2032-03-31T09:00:00Z'`);
    const charged = new Set(gateway.charges.map((c) => c.checkoutToken)).size;
    if (ran !== COUNT || renewed[0]!.n !== COUNT || charged !== COUNT || gateway.charges.length !== COUNT) {
      throw new Error(`${label}: ran ${ran}, renewed ${renewed[0]!.n}, charged ${charged} (${gateway.charges.length} charges) of ${COUNT}`);
    }
    return `| ${label} | ${COUNT} | ${RUNNERS} | ${seconds.toFixed(1)} | ${Math.round(COUNT / seconds)} | ${baseline.toFixed(1)} | ${(seconds / baseline).toFixed(1)} |`;
  } finally {
    await database.close();
  }
}

const rows: string[] = [];
if (await postgresReachable()) {
  process.env.TEST_DATABASE_URL = PG_URL;
  rows.push(await measure('PostgreSQL', openTestDatabase));
  delete process.env.TEST_DATABASE_URL;
} else {
  rows.push(`| PostgreSQL | not reachable at ${PG_URL} | | | | | |`);
}
rows.push(await measure('embedded PGlite', openTestDatabase));
console.log(`\nRenewal run: ${COUNT} subscriptions due at once, every one charged exactly once and renewed a year\n`);
console.log('| database | subscriptions | runners | seconds | renewals/s | baseline s (1 UPDATE each) | ratio to baseline |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
