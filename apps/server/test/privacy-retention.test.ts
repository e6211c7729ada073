import { DEMO_USERS, schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../src/jobs/index.ts';
import { applyRetention, RETENTION_TOPIC, retentionHandler } from '../src/modules/privacy/index.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { memoryLogger } from './jobs-support.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const [, , member] = DEMO_USERS;
const PERIODS = { checkoutDays: 30, unverifiedAccountDays: 30, invitationDays: 30, spamLeadDays: 30, analyticsDays: 395, outboxDays: 30, learnerProofDays: 90, consentDays: 1826 };
const DAY = 24 * 3600 * 1000;
const now = new Date();
const ago = (days: number) => new Date(now.getTime() - days * DAY);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function plant(tag: string, days: number) {
  const db = t.database.db;
  await db.insert(schema.checkouts).values({ country: 'DE', bundleType: 'PROBE_ONLY', email: `${tag}@example.com`, updatedAt: ago(days) });
  await db.insert(schema.identityUsers).values({ email: `${tag}-signup@example.com`, name: tag, passwordHash: 'x', createdAt: ago(days) });
  const [org] = await db.select().from(schema.organizations).limit(1);
  await db.insert(schema.organizationInvitations).values({ organizationId: org!.id, email: `${tag}-invited@example.com`, tokenHash: `hash-${tag}`, language: 'en', expiresAt: ago(days) });
  await db.insert(schema.authHandoffs).values({ codeHash: `code-${tag}`, token: 'jwt', expiresAt: days > 0 ? ago(days) : new Date(now.getTime() + 60_000) });
  const [form] = await db.select().from(schema.leadForms).limit(1);
  await db.insert(schema.leads).values({ id: crypto.randomUUID(), formId: form!.id, status: 'spam', spamReason: 'honeypot', values: { email: `${tag}-spam@example.com` }, email: `${tag}-spam@example.com`, languageCode: 'en', countryCode: 'DE', createdAt: ago(days) });
  await db.insert(schema.analyticsEvents).values({ anonymousId: `anon-${tag}`, name: 'page_view', body: {}, occurredAt: ago(days * 14), pagePath: '/', pageUrl: 'http://store.test/', receivedAt: ago(days * 14) });
  await db.insert(schema.outbox).values({ topic: `retention.test.${tag}`, payload: {}, processedAt: ago(days) });
  await db.insert(schema.learnerVerifications).values({ userId: member!.id, market: 'HUMAN', traineeType: 'MEDICAL_STUDENT', institution: tag, graduationYear: 2030, status: 'REJECTED', decidedAt: ago(days * 3), proofName: 'p.pdf', proofContentType: 'application/pdf', proofSize: 8, proof: Buffer.from('%PDF-1.4') });
}

describe(`retention (${DB})`, () => {
  it('deletes what is older than its period and keeps what is younger; a second run finds nothing', async () => {
    await plant('old', 31);
    await plant('young', 0);
    const db = t.database.db;
    const counts = await applyRetention(db, PERIODS, now);
    expect(counts).toMatchObject({ checkouts: 1, unverifiedAccounts: 1, invitations: 1, handoffs: 1, spamLeads: 1, analyticsEvents: 1, outbox: 1, learnerProofs: 1 });
    const emails = async (table: string) => ((await db.execute(sql.raw(`select email from ${table}`))) as unknown as { rows: Array<{ email: string }> }).rows.map((r) => r.email);
    for (const table of ['checkouts', 'identity_users', 'organization_invitations', 'leads']) {
      expect((await emails(table)).filter((e) => e?.startsWith('old'))).toEqual([]);
      expect((await emails(table)).filter((e) => e?.startsWith('young')).length).toBe(1);
    }
    expect(await db.select().from(schema.outbox).where(eq(schema.outbox.topic, 'retention.test.old'))).toHaveLength(0);
    expect(await db.select().from(schema.outbox).where(eq(schema.outbox.topic, 'retention.test.young'))).toHaveLength(1);
    const proofs = await db.select({ institution: schema.learnerVerifications.institution, size: schema.learnerVerifications.proofSize, status: schema.learnerVerifications.status }).from(schema.learnerVerifications);
    expect(proofs.find((p) => p.institution === 'old')).toEqual({ institution: 'old', size: 0, status: 'REJECTED' });
    expect(proofs.find((p) => p.institution === 'young')!.size).toBe(8);
    expect(Object.values(await applyRetention(db, PERIODS, now)).every((n) => n === 0)).toBe(true);
  });

  it('keeps a consent decision in force, and one superseded until 5 years after it was superseded', async () => {
    const db = t.database.db;
    const decide = (who: { userId?: string; anonymousId?: string; email?: string }, granted: boolean, days: number) => db.insert(schema.consents).values({
      ...who, purpose: 'MARKETING_EMAIL', granted, textVersion: 'privacy.consent.MARKETING_EMAIL.text#1a2b3c4d', source: 'account', locale: 'de', createdAt: ago(days),
    }).returning({ id: schema.consents.id });
    const [superseded] = await decide({ userId: 'retention-user' }, true, 2000);
    const [inForce] = await decide({ userId: 'retention-user' }, false, 1900);
    const [recentlySuperseded] = await decide({ email: 'retention@example.com' }, true, 2000);
    const [newer] = await decide({ email: 'retention@example.com' }, false, 100);
    const [alone] = await decide({ anonymousId: 'retention-browser' }, true, 3000);
    const counts = await applyRetention(db, PERIODS, now);
    expect(counts.consents).toBe(1);
    const left = (await db.select({ id: schema.consents.id }).from(schema.consents)).map((c) => c.id);
    expect(left).not.toContain(superseded!.id);
    expect(left).toEqual(expect.arrayContaining([inForce!.id, recentlySuperseded!.id, newer!.id, alone!.id]));
  });

  it('runs as an outbox job that schedules its next run', async () => {
    const db = t.database.db;
    await db.insert(schema.outbox).values({ topic: RETENTION_TOPIC, payload: {} });
    const runner = new JobRunner({ db, handlers: { [RETENTION_TOPIC]: retentionHandler({ db, now: () => now, log: memoryLogger() }, PERIODS, DAY) }, log: memoryLogger(), leaseMs: 30_000, pollIntervalMs: 10 });
    await runner.runOnce();
    const rows = await db.select().from(schema.outbox).where(eq(schema.outbox.topic, RETENTION_TOPIC));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.processedAt === null)!.runAt.getTime()).toBe(now.getTime() + DAY);
  });
});
