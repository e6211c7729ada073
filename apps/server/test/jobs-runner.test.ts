import { schema, type Database } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, JobRunner, retryDelayMs, type Job, type JobHandlers } from '../src/jobs/index.ts';
import { CARD_DECLINED, CARD_OK, PLACE, readyCheckout, variantIds, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { counter, memoryLogger, outboxRow, testClock } from './jobs-support.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`job runner (${DB})`, () => {
  let app: TestApp;
  let db: Database;
  beforeAll(async () => {
    app = await startTestApp();
    db = app.database.db;
  });
  afterAll(() => app?.close());

  /** A runner over its own topic(s), so the tests do not see each other's rows. */
  const runner = (handlers: JobHandlers, options: Partial<ConstructorParameters<typeof JobRunner>[0]> = {}) =>
    new JobRunner({ db, handlers, log: memoryLogger(), ...options });

  it("a committed order's outbox row is handled once; a rolled-back placement leaves no row and nothing to handle", async () => {
    const ids = await variantIds(app, ['ACC-USBC-1M']);
    const handled = counter();
    const seen: Job[] = [];
    const r = runner({ 'order.placed': async (job) => void (handled.count(job.id), seen.push(job)) });

    const rowsBefore = (await db.select({ n: sql<number>`count(*)::int` }).from(schema.outbox))[0]!.n;
    const declined = await readyCheckout(app, { lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 1 }] });
    const lost = await app.gql<PlaceAnswer>(PLACE, { token: declined.token, key: 'declined-key', total: declined.total, card: CARD_DECLINED });
    expect(lost.body.data!.checkoutPlaceOrder.order).toBeNull();
    // A transaction that writes a job and then rolls back.
    await db
      .transaction(async (tx) => {
        await enqueue(tx, { topic: 'order.placed', payload: { orderToken: 'never' } });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(schema.outbox))[0]!.n).toBe(rowsBefore);

    const { token, total } = await readyCheckout(app, { lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 1 }] });
    const placed = await app.gql<PlaceAnswer>(PLACE, { token, key: 'placed-key', total, card: CARD_OK });
    const order = placed.body.data!.checkoutPlaceOrder.order!;
    expect(await r.drain()).toBeGreaterThan(0);
    expect(await r.drain()).toBe(0);

    const [row] = await db.select().from(schema.outbox).where(sql`${schema.outbox.topic} = 'order.placed' and ${schema.outbox.payload}->>'orderToken' = ${order.token}`);
    expect(handled.calls.get(row!.id)).toBe(1);
    expect(seen.find((j) => j.id === row!.id)).toMatchObject({ idempotencyKey: String(row!.id), attempt: 1, payload: { orderToken: order.token, number: order.number } });
    expect(seen.some((j) => (j.payload as { orderToken?: string }).orderToken === 'never')).toBe(false);
    expect(row).toMatchObject({ attempts: 1, lockedUntil: null, deadAt: null, lastError: null });
    expect(row!.processedAt).toBeInstanceOf(Date);
  });

  it('a failing handler is retried with exponential backoff (the clock moves) and marked dead after N attempts, with its error', async () => {
    const clock = testClock();
    const handled = counter();
    const r = runner(
      { 'test.failing': async (job) => (handled.count(job.id), Promise.reject(new Error(`gateway said no (attempt ${job.attempt})`))) },
      { now: clock.now, maxAttempts: 3, backoff: { baseMs: 1000, factor: 2, jitter: 0 } },
    );
    const id = await enqueue(db, { topic: 'test.failing', payload: {} });

    expect(await r.drain()).toBe(1);
    let row = await outboxRow(db, id);
    expect(row).toMatchObject({ attempts: 1, processedAt: null, deadAt: null, lockedUntil: null });
    expect(row.lastError).toContain('gateway said no (attempt 1)');
    expect(row.runAt.getTime()).toBe(clock.now().getTime() + 1000);

    clock.advance(999);
    expect(await r.drain()).toBe(0);
    clock.advance(1);
    expect(await r.drain()).toBe(1);
    row = await outboxRow(db, id);
    expect(row.attempts).toBe(2);
    expect(row.runAt.getTime()).toBe(clock.now().getTime() + 2000);

    clock.advance(1999);
    expect(await r.drain()).toBe(0);
    clock.advance(1);
    expect(await r.drain()).toBe(1);
    row = await outboxRow(db, id);
    expect(row.attempts).toBe(3);
    expect(row.deadAt?.getTime()).toBe(clock.now().getTime());
    expect(row.lastError).toContain('gateway said no (attempt 3)');
    expect(row.processedAt).toBeNull();

    clock.advance(24 * 3600_000);
    expect(await r.drain()).toBe(0);
    expect(handled.calls.get(id)).toBe(3);
  });

  it('backoff grows exponentially up to its cap, with jitter taken off at random', () => {
    const options = { baseMs: 1000, factor: 2, maxMs: 10_000, jitter: 0.5 };
    expect([1, 2, 3, 4, 5, 6].map((a) => retryDelayMs(a, options, () => 0))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(retryDelayMs(3, options, () => 1)).toBe(2000);
    expect(retryDelayMs(3, options, () => 0.5)).toBe(3000);
  });

  it('a row with run_at in the future does not run until the clock passes it', async () => {
    const clock = testClock();
    const handled = counter();
    const r = runner({ 'test.scheduled': async (job) => handled.count(job.id) }, { now: clock.now });
    const id = await enqueue(db, { topic: 'test.scheduled', payload: { renew: 'sub-1' }, runAt: new Date(clock.now().getTime() + 3600_000) });
    expect(await r.drain()).toBe(0);
    clock.advance(3600_000 - 1);
    expect(await r.drain()).toBe(0);
    expect(handled.total()).toBe(0);
    clock.advance(1);
    expect(await r.drain()).toBe(1);
    expect(handled.calls.get(id)).toBe(1);
    expect((await outboxRow(db, id)).processedAt).toBeInstanceOf(Date);
  });

  it('a runner that dies mid-handler leaves the row to another runner after the lease; the late one cannot mark it', async () => {
    const clock = testClock();
    const handled = counter();
    let finishAbandoned!: () => void;
    let entered!: () => void;
    const started = new Promise<void>((resolve) => (entered = resolve));
    const abandoned = runner(
      {
        'test.crash': async (job) => {
          handled.count(job.id);
          entered();
          await new Promise<void>((r) => (finishAbandoned = r));
        },
      },
      { now: clock.now, leaseMs: 60_000, id: 'abandoned' },
    );
    const id = await enqueue(db, { topic: 'test.crash', payload: {} });
    void abandoned.runOnce(); // claims the row, then is never heard of again (as if SIGKILLed)
    await started;
    expect(await outboxRow(db, id)).toMatchObject({ attempts: 1, lockedBy: 'abandoned', processedAt: null });

    const survivor = runner({ 'test.crash': async (job) => handled.count(job.id) }, { now: clock.now, leaseMs: 60_000, id: 'survivor' });
    expect(await survivor.drain()).toBe(0); // the lease is live
    clock.advance(60_000);
    expect(await survivor.drain()).toBe(1);
    const row = await outboxRow(db, id);
    expect(row).toMatchObject({ attempts: 2, lockedBy: 'survivor', lockedUntil: null, deadAt: null });
    expect(row.processedAt).toBeInstanceOf(Date);
    expect(handled.calls.get(id)).toBe(2);

    // The first runner wakes up after all: its claim (attempt 1) is stale, so it changes nothing.
    finishAbandoned();
    await new Promise((r) => setTimeout(r, 50));
    expect((await outboxRow(db, id)).processedAt?.getTime()).toBe(row.processedAt!.getTime());
  });

  it('a row whose runner died on its last attempt is marked dead instead of run again', async () => {
    const clock = testClock();
    const handled = counter();
    const id = await enqueue(db, { topic: 'test.poison', payload: {} });
    await db.update(schema.outbox).set({ attempts: 2, lockedUntil: new Date(clock.now().getTime() - 1) }).where(eq(schema.outbox.id, id));
    const r = runner({ 'test.poison': async (job) => handled.count(job.id) }, { now: clock.now, maxAttempts: 2 });
    await r.drain();
    const row = await outboxRow(db, id);
    expect(handled.total()).toBe(0);
    expect(row.deadAt).toBeInstanceOf(Date);
    expect(row.lastError).toContain('did not finish');
  });

  it('rows of a topic without a handler stay pending (not lost, not dead), logged once per topic', async () => {
    const log = memoryLogger();
    const r = runner({ 'test.known': async () => {} }, { log, unhandledCheckMs: 0 });
    const a = await enqueue(db, { topic: 'test.nobody-listens', payload: { n: 1 } });
    const b = await enqueue(db, { topic: 'test.nobody-listens', payload: { n: 2 } });
    await r.drain();
    await r.drain();
    for (const id of [a, b]) expect(await outboxRow(db, id)).toMatchObject({ attempts: 0, processedAt: null, deadAt: null, lockedUntil: null });
    expect(log.lines.filter((l) => l.topic === 'test.nobody-listens' && l.level === 'warn')).toHaveLength(1);
  });

  it('stop() lets the job in hand finish, gives back the rest of the batch, and ends the loop', async () => {
    const handled = counter();
    let release!: () => void;
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const r = runner(
      {
        'test.stop': async (job) => {
          handled.count(job.id);
          entered();
          await new Promise<void>((done) => (release = done));
        },
      },
      { pollIntervalMs: 10, batchSize: 5, id: 'stopping' },
    );
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await enqueue(db, { topic: 'test.stop', payload: { i } }));
    r.start();
    await inHandler;
    let stopped = false;
    const stopping = r.stop().then(() => (stopped = true));
    await new Promise((done) => setTimeout(done, 50));
    expect(stopped).toBe(false); // waits for the job in hand
    release();
    await stopping;
    const rows = await Promise.all(ids.map((id) => outboxRow(db, id)));
    expect(handled.total()).toBe(1);
    expect(rows.filter((row) => row.processedAt)).toHaveLength(1);
    // The two rows claimed with it but not started are free again, their attempt not counted.
    expect(rows.filter((row) => !row.processedAt).map((row) => [row.attempts, row.lockedUntil])).toEqual([[0, null], [0, null]]);
  });

  it('started, it polls: a row written later is picked up without anyone calling drain', async () => {
    const handled = counter();
    const r = runner({ 'test.polled': async (job) => handled.count(job.id) }, { pollIntervalMs: 20 });
    r.start();
    try {
      const id = await enqueue(db, { topic: 'test.polled', payload: {} });
      await expect.poll(() => handled.calls.get(id), { timeout: 5000 }).toBe(1);
    } finally {
      await r.stop();
    }
  });

  it('a row written in the current millisecond is due now (the database keeps microseconds, the app milliseconds)', async () => {
    const handled = counter();
    const now = new Date('2030-01-01T00:00:00.000Z');
    const r = runner({ 'test.same-ms': async (job) => handled.count(job.id) }, { now: () => now });
    const [row] = await db
      .insert(schema.outbox)
      .values({ topic: 'test.same-ms', payload: {}, runAt: sql`'2030-01-01 00:00:00.000600+00'::timestamptz` })
      .returning({ id: schema.outbox.id });
    expect(await r.runOnce()).toBe(1);
    expect(handled.calls.get(row!.id)).toBe(1);
  });

  it('inside a busy server a due row waits until the requests are answered, and at most yieldMs under a steady load', async () => {
    const handled = counter();
    let busy = true;
    const waiting = runner({ 'test.busy': async (job) => handled.count(job.id) }, { busy: () => busy, yieldMs: 60_000 });
    const first = await enqueue(db, { topic: 'test.busy', payload: {} });
    const ran = waiting.runOnce();
    await new Promise((done) => setTimeout(done, 100));
    expect(handled.calls.get(first)).toBeUndefined(); // claimed, not run while requests are in flight
    busy = false;
    expect(await ran).toBe(1);
    expect(handled.calls.get(first)).toBe(1);

    // Never idle: the row still runs, once its wait is over.
    const steady = runner({ 'test.steady': async (job) => handled.count(job.id) }, { busy: () => true, yieldMs: 50 });
    const second = await enqueue(db, { topic: 'test.steady', payload: {} });
    expect(await steady.runOnce()).toBe(1);
    expect(handled.calls.get(second)).toBe(1);
  });

  it('under a steady load, rows already due for yieldMs run without waiting: the delay does not grow with the queue', async () => {
    const handled = counter();
    // Always busy and a minute's yield: a row due for two minutes (an e-mail behind others) runs at once,
    // where waiting a minute per row would time this test out.
    const steady = runner({ 'test.queued': async (job) => handled.count(job.id) }, { busy: () => true, yieldMs: 60_000 });
    const queued = await Promise.all([1, 2, 3].map(() => enqueue(db, { topic: 'test.queued', payload: {}, runAt: new Date(Date.now() - 120_000) })));
    expect(await steady.runOnce()).toBe(3);
    expect(queued.map((id) => handled.calls.get(id))).toEqual([1, 1, 1]);
  });
});
