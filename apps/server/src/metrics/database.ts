import { sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import type { Database, DatabaseHandle } from '@probe/db';
import { registry } from './registry.ts';
import { databaseStatements } from './store.ts';

/**
 * What the database holds, read when Prometheus scrapes (at most once per CACHE_MS, however many scrape):
 * the job queue per topic, payments waiting for the gateway, subscriptions past due. Every instance
 * reports the same numbers (take max() over instances). Three statements: the pending rows through the
 * queue's partial index, the dead ones, and two counts over indexed or small tables.
 */
const CACHE_MS = 5000;

interface QueueRow { topic: string; due: number; running: number; retrying: number; oldest_due_s: number }
interface Snapshot {
  queue: QueueRow[];
  dead: Array<{ topic: string; dead: number }>;
  awaiting: { count: number; oldest_s: number };
  pastDue: number;
}

let source: Database | null = null;
let cached: { at: number; value: Promise<Snapshot> } | null = null;
/** Topics seen once keep being reported (at 0) when their rows are gone: a series that vanishes reads as "no data", not "none left". */
const topics = new Set<string>();

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function read(db: Database): Promise<Snapshot> {
  const [queue, dead, awaiting, pastDue] = await Promise.all([
    db.execute(sql`select topic,
        count(*) filter (where run_at <= now() and (locked_until is null or locked_until <= now()))::int as due,
        count(*) filter (where locked_until > now())::int as running,
        count(*) filter (where attempts > 0 and (locked_until is null or locked_until <= now()))::int as retrying,
        coalesce(extract(epoch from now() - min(run_at) filter (where run_at <= now() and (locked_until is null or locked_until <= now()))), 0)::float8 as oldest_due_s
      from outbox where processed_at is null and dead_at is null group by topic`),
    db.execute(sql`select topic, count(*)::int as dead from outbox where dead_at is not null group by topic`),
    db.execute(sql`select count(*)::int as count, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_s from orders where charge_status = 'ASYNC_PROCESSING'`),
    db.execute(sql`select count(*)::int as count from subscriptions where status = 'PAST_DUE'`),
  ]);
  return {
    queue: rows<QueueRow>(queue),
    dead: rows<{ topic: string; dead: number }>(dead),
    awaiting: rows<{ count: number; oldest_s: number }>(awaiting)[0] ?? { count: 0, oldest_s: 0 },
    pastDue: rows<{ count: number }>(pastDue)[0]?.count ?? 0,
  };
}

function snapshot(): Promise<Snapshot> | null {
  if (!source) return null;
  const now = Date.now();
  if (!cached || now - cached.at > CACHE_MS) {
    const value = read(source);
    // A failed read is not kept: the next scrape tries again.
    value.catch(() => (cached = null));
    cached = { at: now, value };
  }
  return cached.value;
}

function gauge(name: string, help: string, labelNames: string[], fill: (gauge: Gauge, s: Snapshot) => void): Gauge {
  return new Gauge({
    name, help, labelNames, registers: [registry],
    async collect() {
      const s = await snapshot()?.catch(() => null);
      if (!s) return;
      this.reset();
      fill(this, s);
    },
  });
}

const perTopic = (s: Snapshot, pick: (row: QueueRow) => number) => {
  for (const row of s.queue) topics.add(row.topic);
  for (const row of s.dead) topics.add(row.topic);
  const found = new Map(s.queue.map((row) => [row.topic, pick(row)]));
  return [...topics].map((topic) => [topic, found.get(topic) ?? 0] as const);
};

gauge('store_jobs_due', 'Jobs due now and not taken by a runner, per topic', ['topic'], (g, s) => perTopic(s, (r) => r.due).forEach(([topic, v]) => g.set({ topic }, v)));
gauge('store_jobs_running', 'Jobs a runner holds now (its lease is live), per topic', ['topic'], (g, s) => perTopic(s, (r) => r.running).forEach(([topic, v]) => g.set({ topic }, v)));
gauge('store_jobs_retrying', 'Pending jobs that failed at least once and wait for their next attempt, per topic', ['topic'], (g, s) => perTopic(s, (r) => r.retrying).forEach(([topic, v]) => g.set({ topic }, v)));
gauge('store_jobs_oldest_due_age_seconds', 'How long the oldest due job of each topic has been due (0 when none is)', ['topic'], (g, s) => perTopic(s, (r) => r.oldest_due_s).forEach(([topic, v]) => g.set({ topic }, v)));
gauge('store_jobs_dead', 'Jobs given up after their last attempt, per topic (they stay until an operator deals with them)', ['topic'], (g, s) => {
  perTopic(s, () => 0);
  const dead = new Map(s.dead.map((row) => [row.topic, row.dead]));
  for (const topic of topics) g.set({ topic }, dead.get(topic) ?? 0);
});
gauge('store_payments_awaiting', 'Orders whose payment the gateway has not settled yet (asynchronous methods: SEPA, iDEAL, Klarna…), waiting for its webhook or for reconciliation', [], (g, s) => g.set(s.awaiting.count));
gauge('store_payments_awaiting_oldest_age_seconds', 'Age of the oldest order still waiting for its payment to settle (0 when none is)', [], (g, s) => g.set(s.awaiting.oldest_s));
gauge('store_subscriptions_past_due', 'Subscriptions past due: every renewal attempt was declined', [], (g, s) => g.set(s.pastDue));

let pool: DatabaseHandle['pool'] = undefined;
const poolGauge = (name: string, help: string, pick: (p: { total: number; inUse: number; waiting: number }) => number) =>
  new Gauge({ name, help, registers: [registry], collect() { if (pool) this.set(pick(pool())); } });
poolGauge('store_db_pool_connections', 'PostgreSQL connections this process has open', (p) => p.total);
poolGauge('store_db_pool_in_use', 'PostgreSQL connections checked out now (a statement or a transaction on each)', (p) => p.inUse);
poolGauge('store_db_pool_waiting', 'Requests waiting for a PostgreSQL connection (the pool is exhausted while this is above 0)', (p) => p.waiting);

/** Reads the gauges above from this database (the last one given, in a process that builds several apps). */
export function observeDatabase(database: Pick<DatabaseHandle, 'db' | 'pool'>): void {
  source = database.db;
  pool = database.pool;
  cached = null;
}

/** The statement-latency observer to open PostgreSQL with (openDatabase's onStatement). */
export const observeStatement = (seconds: number): void => databaseStatements.observe(seconds);
