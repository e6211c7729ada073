import { schema, type DatabaseHandle } from '@probe/db';
import { openTestDatabase } from '@probe/db/testing';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../src/jobs/index.ts';
import { TestGateway, type PaymentGateway } from '../src/modules/payments/index.ts';
import { periodEndHandler, SUBSCRIPTION_TOPICS } from '../src/modules/subscriptions/index.ts';
import { memoryLogger } from './jobs-support.ts';
import { dueSubscriptions, mailSubjects } from './subscription-support.ts';

const DAY = 86_400_000;
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
/** The issue's 1,000 on PostgreSQL; fewer on the embedded database, whose one connection serialises the runners anyway. */
const MANY = ON_POSTGRES ? 1000 : 150;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  // The demo subscriptions' renewal jobs are not this file's subject: the moved clock would make them due too.
  await database.db.update(schema.outbox).set({ processedAt: new Date() }).where(eq(schema.outbox.topic, SUBSCRIPTION_TOPICS.periodEnd));
}, 120_000);
afterAll(async () => database?.close());

/** A clock the test moves. */
function clockAt(start: Date) {
  let t = start.getTime();
  return { now: () => new Date(t), set: (d: Date) => void (t = d.getTime()), advance: (ms: number) => void (t += ms) };
}

function renewalRunner(gateway: PaymentGateway, now: () => Date, id: string, options: { leaseMs?: number } = {}) {
  const handler = periodEndHandler({ db: database.db, gateway, now, publicUrl: 'https://store.test' });
  return new JobRunner({ db: database.db, handlers: { [SUBSCRIPTION_TOPICS.periodEnd]: handler }, log: memoryLogger(), now, id, batchSize: 25, leaseMs: options.leaseMs ?? 60_000 });
}

async function subscriptionsOf(ids: string[]) {
  return database.db.select().from(schema.subscriptions).where(inArray(schema.subscriptions.id, ids));
}

async function succeededCharges(ids: string[]): Promise<number> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(schema.subscriptionCharges)
    .where(and(inArray(schema.subscriptionCharges.subscriptionId, ids), eq(schema.subscriptionCharges.status, 'SUCCEEDED')));
  return row!.n;
}

async function pendingPeriodEndJobs(ids: string[]) {
  return database.db.select({ payload: schema.outbox.payload, runAt: schema.outbox.runAt }).from(schema.outbox)
    .where(and(eq(schema.outbox.topic, SUBSCRIPTION_TOPICS.periodEnd), isNull(schema.outbox.processedAt), isNull(schema.outbox.deadAt),
      sql`${schema.outbox.payload}->>'subscriptionId' in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`));
}

describe('renewal billing with a moved clock', () => {
  it(`${MANY} subscriptions reaching period end with two runners: exactly ${MANY} charges, none doubled, each renewed a year`, async () => {
    const periodEnd = new Date('2031-03-31T09:00:00Z');
    const { ids } = await dueSubscriptions(database.db, { count: MANY, periodEnd });
    const gateway = new TestGateway();
    const clock = clockAt(new Date(periodEnd.getTime() + 60_000));
    const [a, b] = [renewalRunner(gateway, clock.now, 'runner-a'), renewalRunner(gateway, clock.now, 'runner-b')];
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(MANY);

    const keys = gateway.charges.map((c) => c.checkoutToken).filter((k) => k.startsWith('renewal:'));
    expect(keys.length).toBe(MANY);
    expect(new Set(keys).size).toBe(MANY);
    expect(await succeededCharges(ids)).toBe(MANY);
    const subs = await subscriptionsOf(ids);
    expect(subs.every((s) => s.status === 'ACTIVE' && s.periodEnd?.toISOString() === '2032-03-31T09:00:00.000Z' && s.periodStart?.getTime() === periodEnd.getTime())).toBe(true);
    // Each has the next year's job, and only that.
    const next = await pendingPeriodEndJobs(ids);
    expect(next.length).toBe(MANY);
    expect(next.every((j) => j.runAt.toISOString() === '2032-03-31T09:00:00.000Z')).toBe(true);
    // Running again at the same time finds nothing to charge.
    expect(await a.drain()).toBe(0);
    expect(gateway.charges.filter((c) => c.checkoutToken.startsWith('renewal:')).length).toBe(MANY);
  }, 300_000);

  it('a runner that dies after the gateway charged and before it recorded: the next one charges nobody twice', async () => {
    const periodEnd = new Date('2031-05-01T09:00:00Z');
    const count = 40;
    const { ids } = await dueSubscriptions(database.db, { count, periodEnd });
    const gateway = new TestGateway();
    // The first runner's gateway calls reach the gateway, and then its process "dies": the answers never come back.
    let dying = true;
    const dyingGateway: PaymentGateway = Object.assign(Object.create(gateway) as PaymentGateway, {
      chargeSaved: async (request: Parameters<PaymentGateway['chargeSaved']>[0]) => {
        const result = await gateway.chargeSaved(request);
        if (dying) return new Promise<never>(() => {});
        return result;
      },
    });
    const clock = clockAt(new Date(periodEnd.getTime() + 60_000));
    const doomed = renewalRunner(dyingGateway, clock.now, 'doomed', { leaseMs: 30_000 });
    void doomed.runOnce();
    // Wait until it is stuck in the gateway with its whole batch charged at the gateway for the first one.
    for (let i = 0; i < 200 && gateway.charges.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(gateway.charges.length).toBe(1);
    dying = false;
    // Its lease runs out; a restarted runner takes the rows over.
    clock.advance(31_000);
    const restarted = renewalRunner(gateway, clock.now, 'restarted');
    expect(await restarted.drain()).toBe(count);

    const keys = gateway.charges.map((c) => c.checkoutToken);
    expect(keys.length).toBe(count);
    expect(new Set(keys).size).toBe(count);
    expect(await succeededCharges(ids)).toBe(count);
    expect((await subscriptionsOf(ids)).every((s) => s.periodEnd?.toISOString() === '2032-05-01T09:00:00.000Z')).toBe(true);
  }, 120_000);

  it('declines are retried after 1, 3 and 5 days, then the subscription is PAST_DUE, with an e-mail at each step', async () => {
    const periodEnd = new Date('2031-06-10T09:00:00Z');
    const { ids } = await dueSubscriptions(database.db, { count: 1, periodEnd, paymentToken: () => 'pm_test_card_0341_decline' });
    const gateway = new TestGateway();
    const clock = clockAt(new Date(periodEnd.getTime() + 60_000));
    const runner = renewalRunner(gateway, clock.now, 'declines');
    const statuses: string[] = [];
    for (const wait of [0, 1, 3, 5]) {
      clock.advance(wait * DAY);
      expect(await runner.drain()).toBe(1);
      const [s] = await subscriptionsOf(ids);
      statuses.push(`${s!.status}:${s!.renewalFailures}`);
      // Not due again before the next try.
      expect(await runner.drain()).toBe(0);
    }
    expect(statuses).toEqual(['ACTIVE:1', 'ACTIVE:2', 'ACTIVE:3', 'PAST_DUE:4']);
    expect(gateway.charges.length).toBe(0);
    expect(await pendingPeriodEndJobs(ids)).toEqual([]);
    const [membership] = await database.db.select({ email: schema.users.email }).from(schema.users)
      .innerJoin(schema.organizationMemberships, eq(schema.organizationMemberships.userId, schema.users.id))
      .innerJoin(schema.subscriptions, eq(schema.subscriptions.organizationId, schema.organizationMemberships.organizationId))
      .where(eq(schema.subscriptions.id, ids[0]!));
    const subjects = await mailSubjects(database.db, membership!.email);
    // German: the subscription was bought in German.
    expect(subjects).toHaveLength(4);
    expect(subjects.slice(0, 3).every((s) => s === subjects[0])).toBe(true);
    expect(subjects[3]).not.toBe(subjects[0]);
    expect(subjects.every((s) => s.includes('Team'))).toBe(true);
  }, 60_000);

  it('a subscription without auto-renewal ends at period end (CANCELED, an e-mail), and nothing is charged', async () => {
    const periodEnd = new Date('2031-07-01T09:00:00Z');
    const { ids } = await dueSubscriptions(database.db, { count: 1, periodEnd, autoRenew: false });
    const gateway = new TestGateway();
    const clock = clockAt(new Date(periodEnd.getTime() - DAY));
    const runner = renewalRunner(gateway, clock.now, 'ends');
    expect(await runner.drain()).toBe(0);
    clock.advance(DAY + 1000);
    expect(await runner.drain()).toBe(1);
    const [s] = await subscriptionsOf(ids);
    expect(s!.status).toBe('CANCELED');
    expect(gateway.charges.length).toBe(0);
    const events = await database.db.select().from(schema.subscriptionEvents).where(eq(schema.subscriptionEvents.subscriptionId, ids[0]!));
    expect(events.map((e) => e.type)).toEqual(['PERIOD_ENDED']);
  }, 60_000);

  it('with the clock moved: a trial becomes the plan it was for, a rental is charged monthly until its commitment ends, a three-year plan renews yearly', async () => {
    const start = new Date('2031-08-01T09:00:00Z');
    const { ids: [trial, rental, threeYear] } = await dueSubscriptions(database.db, { count: 3, periodEnd: start });
    const set = (id: string, values: Partial<typeof schema.subscriptions.$inferInsert>) => database.db.update(schema.subscriptions).set(values).where(eq(schema.subscriptions.id, id));
    await set(trial!, { planType: 'PRO_TRIAL', status: 'TRIALING', scheduledPlan: 'INDIVIDUAL', scheduledPrice: 450_00, seats: 1, currentPrice: 0 });
    await set(rental!, { planType: 'RENTAL', term: 'MONTHLY', autoRenew: false, currentPrice: 99_00, commitmentEnd: new Date('2031-10-01T09:00:00Z') });
    await set(threeYear!, { planType: 'PRO_THREE_YEAR', term: 'THREE_YEARS', currentPrice: 1140_00 });
    const gateway = new TestGateway();
    const clock = clockAt(new Date(start.getTime() + 60_000));
    const runner = renewalRunner(gateway, clock.now, 'moved-clock');
    const row = async (id: string) => (await subscriptionsOf([id]))[0]!;

    expect(await runner.drain()).toBe(3);
    expect(await row(trial!)).toMatchObject({ planType: 'INDIVIDUAL', status: 'ACTIVE', currentPrice: 450_00, periodEnd: new Date('2032-08-01T09:00:00Z') });
    expect(await row(rental!)).toMatchObject({ planType: 'RENTAL', status: 'ACTIVE', periodEnd: new Date('2031-09-01T09:00:00Z') });
    expect(await row(threeYear!)).toMatchObject({ term: 'ANNUAL', status: 'ACTIVE', periodEnd: new Date('2032-08-01T09:00:00Z') });
    expect(gateway.charges.map((c) => c.amount).sort((a, b) => a - b)).toEqual([99_00, 450_00, 1140_00]);

    // A month on, the rental is charged again; at its commitment end, without auto-renewal, it ends.
    clock.set(new Date('2031-09-01T09:01:00Z'));
    expect(await runner.drain()).toBe(1);
    expect(await row(rental!)).toMatchObject({ status: 'ACTIVE', periodEnd: new Date('2031-10-01T09:00:00Z') });
    clock.set(new Date('2031-10-01T09:01:00Z'));
    expect(await runner.drain()).toBe(1);
    expect(await row(rental!)).toMatchObject({ status: 'CANCELED' });
    expect(gateway.charges.filter((c) => c.amount === 99_00)).toHaveLength(2);
  }, 60_000);
});
