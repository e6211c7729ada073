import { randomUUID } from 'node:crypto';
import { DEMO_USERS, schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGql, denied, startStaffApp } from './admin-support.ts';
import type { TestApp } from './harness.ts';
import { dueSubscriptions } from './subscription-support.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const [, admin, , vet, , , , support] = DEMO_USERS;

const LIST = 'query L($organization: String, $status: String, $renewsFrom: String, $renewsBefore: String) { subscriptions(organization: $organization, status: $status, renewsFrom: $renewsFrom, renewsBefore: $renewsBefore) { id organizationName status autoRenew renewalFailures periodEnd } }';
const DETAIL = 'query D($id: String!) { subscription(id: $id) { subscription { status autoRenew periodEnd } charges { kind attempt status failureCode amount } events { type statusBefore statusAfter } } }';
const RETRY = 'mutation R($id: String!) { subscriptionRetryRenewal(id: $id) { outcome errors { code message } } }';
const CANCEL = 'mutation C($id: String!, $now: Boolean, $refund: Boolean) { subscriptionCancel(id: $id, now: $now, refund: $refund, idempotencyKey: "cancel-key-1") { refunded errors { code message } } }';
const LEADS = 'query L($delivery: String, $formPath: String, $from: String, $to: String) { leads(delivery: $delivery, formPath: $formPath, from: $from, to: $to) { id formPath delivery attempts lastError email } }';
const REDELIVER = 'mutation R($id: String!) { leadRedeliver(id: $id) { errors { code message } } }';

type Errors = Array<{ code: string; message: string }>;

let t: TestApp;
let sign: Awaited<ReturnType<typeof startStaffApp>>['sign'];
beforeAll(async () => {
  ({ t, sign } = await startStaffApp([[support!, 'SUPPORT'], [admin!, 'CATALOGUE_MANAGER'], [vet!, 'ORDER_MANAGER']]));
});
afterAll(() => t?.close());

const counts = async () => {
  const db = t.database.db;
  const [subs, charges, events, audit, outbox] = await Promise.all([
    db.select().from(schema.subscriptions).orderBy(schema.subscriptions.id),
    db.select({ n: sql<number>`count(*)::int` }).from(schema.subscriptionCharges),
    db.select({ n: sql<number>`count(*)::int` }).from(schema.subscriptionEvents),
    db.select({ n: sql<number>`count(*)::int` }).from(schema.auditLog),
    db.select({ n: sql<number>`count(*)::int` }).from(schema.outbox),
  ]);
  return { subs, charges, events, audit, outbox };
};

describe(`subscriptions in the console (${DB})`, () => {
  it('finds a past-due subscription; support and the catalogue manager may not retry or cancel it; an order manager retries (declined, then renewed) and cancels, audited', async () => {
    const periodEnd = new Date(Date.now() - 10 * 86_400_000);
    const { ids: [id] } = await dueSubscriptions(t.database.db, { count: 1, periodEnd, paymentToken: () => `pm_test_card_0341_${randomUUID().slice(0, 6)}` });
    await t.database.db.update(schema.subscriptions).set({ status: 'PAST_DUE', renewalFailures: 4 }).where(eq(schema.subscriptions.id, id!));
    const [org] = await t.database.db.select({ name: schema.organizations.name, id: schema.organizations.id }).from(schema.organizations)
      .innerJoin(schema.subscriptions, eq(schema.subscriptions.organizationId, schema.organizations.id)).where(eq(schema.subscriptions.id, id!));

    const reader = await sign(support!);
    const pastDue = await adminGql<{ subscriptions: Array<{ id: string; status: string }> }>(t, LIST, { status: 'PAST_DUE' }, reader);
    expect(pastDue.data!.subscriptions.map((s) => s.id)).toContain(id);
    expect(pastDue.data!.subscriptions.every((s) => s.status === 'PAST_DUE')).toBe(true);
    const day = periodEnd.toISOString().slice(0, 10);
    const byName = await adminGql<{ subscriptions: Array<{ id: string }> }>(t, LIST, { organization: org!.name.slice(8).toLowerCase(), renewsFrom: day, renewsBefore: day }, reader);
    expect(byName.data!.subscriptions.map((s) => s.id)).toEqual([id]);
    expect((await adminGql<{ subscriptions: unknown[] }>(t, LIST, { organization: org!.name, renewsBefore: '2000-01-01' }, reader)).data!.subscriptions).toEqual([]);

    const before = await counts();
    for (const who of [support!, admin!]) {
      const headers = await sign(who);
      expect(denied(await adminGql(t, RETRY, { id }, headers))).toBe(true);
      expect(denied(await adminGql(t, CANCEL, { id, now: true, refund: true }, headers))).toBe(true);
    }
    expect(await counts()).toEqual(before);

    const manager = await sign(vet!);
    const declined = await adminGql<{ subscriptionRetryRenewal: { outcome: string; errors: Errors } }>(t, RETRY, { id }, manager);
    expect(declined.data!.subscriptionRetryRenewal).toEqual({ outcome: 'DECLINED', errors: [] });
    // The card is replaced (the customer's my account); the next retry is a new attempt and goes through.
    await t.database.db.update(schema.savedPaymentMethods).set({ paymentToken: `pm_test_card_4242_${randomUUID().slice(0, 6)}` }).where(eq(schema.savedPaymentMethods.organizationId, org!.id));
    const renewed = await adminGql<{ subscriptionRetryRenewal: { outcome: string; errors: Errors } }>(t, RETRY, { id }, manager);
    expect(renewed.data!.subscriptionRetryRenewal).toEqual({ outcome: 'RENEWED', errors: [] });
    const detail = await adminGql<{ subscription: { subscription: { status: string; periodEnd: string }; charges: Array<{ attempt: number; status: string; failureCode: string | null }>; events: Array<{ type: string; statusBefore: string; statusAfter: string }> } }>(t, DETAIL, { id }, reader);
    expect(detail.data!.subscription.subscription.status).toBe('ACTIVE');
    expect(new Date(detail.data!.subscription.subscription.periodEnd).getTime()).toBeGreaterThan(Date.now());
    expect(detail.data!.subscription.charges.map((c) => [c.attempt, c.status, c.failureCode])).toEqual([[6, 'SUCCEEDED', null], [5, 'FAILED', 'CARD_DECLINED']]);
    expect(detail.data!.subscription.events.slice(0, 2)).toMatchObject([
      { type: 'RENEWED', statusBefore: 'PAST_DUE', statusAfter: 'ACTIVE' }, { type: 'STAFF_RETRY_DECLINED', statusBefore: 'PAST_DUE', statusAfter: 'PAST_DUE' },
    ]);
    expect((await adminGql<{ subscriptionRetryRenewal: { errors: Errors } }>(t, RETRY, { id }, manager)).data!.subscriptionRetryRenewal.errors).toMatchObject([{ code: 'OPERATION_NOT_ALLOWED' }]);

    expect((await adminGql<{ subscriptionCancel: { errors: Errors } }>(t, CANCEL, { id, now: false }, manager)).data!.subscriptionCancel.errors).toEqual([]);
    expect((await adminGql<{ subscription: { subscription: { autoRenew: boolean; status: string } } }>(t, DETAIL, { id }, reader)).data!.subscription.subscription).toMatchObject({ autoRenew: false, status: 'ACTIVE' });
    const now = await adminGql<{ subscriptionCancel: { refunded: number; errors: Errors } }>(t, CANCEL, { id, now: true, refund: true }, manager);
    expect(now.data!.subscriptionCancel.errors).toEqual([]);
    // Almost the whole year just paid for comes back.
    expect(now.data!.subscriptionCancel.refunded).toBeGreaterThan(199_500 * 0.95);
    expect(now.data!.subscriptionCancel.refunded).toBeLessThanOrEqual(199_500);
    expect((await adminGql<{ subscription: { subscription: { status: string } } }>(t, DETAIL, { id }, reader)).data!.subscription.subscription.status).toBe('CANCELED');
    expect((await adminGql<{ subscriptionCancel: { errors: Errors } }>(t, CANCEL, { id, now: true }, manager)).data!.subscriptionCancel.errors).toMatchObject([{ code: 'OPERATION_NOT_ALLOWED' }]);

    const audit = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.subject, `subscription:${id}`)).orderBy(schema.auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['subscription.retry_renewal', 'subscription.retry_renewal', 'subscription.cancel_at_period_end', 'subscription.cancel_now', 'subscription.refund']);
    expect(audit.every((a) => a.actorEmail === vet!.email)).toBe(true);
  });
});

describe(`leads in the console (${DB})`, () => {
  it('lists leads with their CRM delivery state by form and day; a failed one is redelivered once by an order manager, never by support', async () => {
    const db = t.database.db;
    const [form] = await db.select().from(schema.leadForms).limit(1);
    const failed = randomUUID();
    const delivered = randomUUID();
    await db.insert(schema.leads).values([
      { id: failed, formId: form!.id, status: 'received', values: { EMAIL: 'f@example.com' }, email: 'f@example.com', languageCode: 'en', countryCode: 'US' },
      { id: delivered, formId: form!.id, status: 'received', values: { EMAIL: 'd@example.com' }, email: 'd@example.com', languageCode: 'en', countryCode: 'US', deliveredAt: new Date() },
    ]);
    await db.insert(schema.outbox).values({ topic: 'lead.deliver', payload: { leadId: failed }, attempts: 8, lastError: 'CRM answered 503', deadAt: new Date() });

    const reader = await sign(support!);
    const today = new Date().toISOString().slice(0, 10);
    const list = await adminGql<{ leads: Array<{ id: string; delivery: string; attempts: number; lastError: string | null }> }>(t, LEADS, { formPath: form!.path, from: today, to: today }, reader);
    expect(list.data!.leads.find((l) => l.id === failed)).toMatchObject({ delivery: 'FAILED', attempts: 8, lastError: 'CRM answered 503' });
    expect(list.data!.leads.find((l) => l.id === delivered)).toMatchObject({ delivery: 'DELIVERED' });
    expect((await adminGql<{ leads: Array<{ id: string }> }>(t, LEADS, { delivery: 'FAILED' }, reader)).data!.leads.map((l) => l.id)).toEqual([failed]);
    expect((await adminGql<{ leads: unknown[] }>(t, LEADS, { to: '2000-01-01' }, reader)).data!.leads).toEqual([]);

    const before = await counts();
    expect(denied(await adminGql(t, REDELIVER, { id: failed }, reader))).toBe(true);
    expect(denied(await adminGql(t, REDELIVER, { id: failed }, await sign(admin!)))).toBe(true);
    expect(await counts()).toEqual(before);

    const manager = await sign(vet!);
    expect((await adminGql<{ leadRedeliver: { errors: Errors } }>(t, REDELIVER, { id: delivered }, manager)).data!.leadRedeliver.errors).toMatchObject([{ code: 'OPERATION_NOT_ALLOWED' }]);
    expect((await adminGql<{ leadRedeliver: { errors: Errors } }>(t, REDELIVER, { id: failed }, manager)).data!.leadRedeliver.errors).toEqual([]);
    expect((await adminGql<{ leadRedeliver: { errors: Errors } }>(t, REDELIVER, { id: failed }, manager)).data!.leadRedeliver.errors).toMatchObject([{ code: 'OPERATION_NOT_ALLOWED' }]);
    const jobs = await db.select().from(schema.outbox).where(sql`${schema.outbox.topic} = 'lead.deliver' and ${schema.outbox.payload}->>'leadId' = ${failed}`);
    expect(jobs.filter((j) => !j.deadAt)).toHaveLength(1);
    expect((await adminGql<{ leads: Array<{ id: string; delivery: string }> }>(t, LEADS, {}, reader)).data!.leads.find((l) => l.id === failed)!.delivery).toBe('PENDING');
    const [entry] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.subject, `lead:${failed}`));
    expect(entry).toMatchObject({ action: 'lead.redeliver', actorEmail: vet!.email });
  });
});
