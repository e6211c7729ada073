import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USERS, schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { JobRunner, storeHandlers } from '../src/jobs/index.ts';
import { TestGateway } from '../src/modules/payments/index.ts';
import { ERASURE_STEPS, requestErasure, runErasure } from '../src/modules/privacy/index.ts';
import { CARD_OK, mutate, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { memoryLogger } from './jobs-support.ts';
import { pdfText } from './pdf-text.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const [, admin, member, vet] = DEMO_USERS;
// What identifies the subject: distinctive, so a hit anywhere is theirs.
const EMAIL = member!.email;
const ADDRESS = { firstName: 'Morgana', lastName: 'Zeegers', streetAddress1: 'Zonnebloemweg 77', city: 'Berlin', postalCode: '10117', country: 'DE', phone: '+49 30 5550199' };
const NEEDLES = [EMAIL, member!.name, 'Morgana', 'Zeegers', 'Zonnebloemweg', '5550199'];

const gateway = new TestGateway('whsec_privacy', () => new Date(), 600_000);
let t: TestApp;
let sink: string;
let orderToken = '';
let orderNumber = '';

beforeAll(async () => {
  sink = await mkdtemp(join(tmpdir(), 'probe-privacy-'));
  t = await startTestApp({ gateway, config: { MAIL_SINK_DIR: sink } });
  const db = t.database.db;
  // The subject's order, placed as a guest with their e-mail (the invoice must outlive the erasure).
  const ready = await readyCheckout(t, { country: 'DE', address: ADDRESS, lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }] });
  const contact = await mutate(t, 'checkoutContactUpdate', '$token: String!, $email: String!, $firstName: String, $lastName: String', { token: ready.token, email: EMAIL, firstName: 'Morgana', lastName: 'Zeegers' });
  expect(contact.errors).toEqual([]);
  const placed = await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `privacy-${ready.token}`, total: ready.total, card: CARD_OK });
  const order = placed.body.data!.checkoutPlaceOrder.order!;
  orderToken = order.token;
  orderNumber = order.number;
  // Another buyer's order: it must come through untouched.
  await readyCheckout(t, { country: 'DE', lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
  // Their other records, as the store keeps them: a lead, analytics events, a learner's proof, a sign-in session, an invitation.
  const [form] = await db.select().from(schema.leadForms).limit(1);
  const leadId = crypto.randomUUID();
  await db.insert(schema.leads).values({ id: leadId, formId: form!.id, status: 'received', values: { email: EMAIL, firstName: 'Morgana', lastName: 'Zeegers', phone: '+49305550199' }, email: EMAIL, languageCode: 'de', countryCode: 'DE' });
  await db.insert(schema.outbox).values({ topic: 'lead.deliver', payload: { leadId }, runAt: new Date(Date.now() + 3_600_000) });
  await db.insert(schema.analyticsEvents).values([
    { anonymousId: 'anon-subject', userId: member!.id, name: 'page_view', body: { pageName: 'account' }, occurredAt: new Date(), pagePath: '/de/de/account/', pageUrl: 'http://store.test/de/de/account/' },
    { anonymousId: 'anon-subject', userId: null, name: 'page_view', body: { email: EMAIL }, occurredAt: new Date(), pagePath: '/de/de/', pageUrl: 'http://store.test/de/de/' },
    { anonymousId: 'anon-other', userId: vet!.id, name: 'page_view', body: { pageName: 'home' }, occurredAt: new Date(), pagePath: '/de/de/', pageUrl: 'http://store.test/de/de/' },
  ]);
  await db.insert(schema.learnerVerifications).values({ userId: member!.id, market: 'HUMAN', traineeType: 'MEDICAL_STUDENT', institution: 'Charité', graduationYear: 2030, proofName: 'Morgana-Zeegers-enrolment.pdf', proofContentType: 'application/pdf', proofSize: 10, proof: Buffer.from('%PDF-1.4 Morgana Zeegers') });
  await db.insert(schema.organizationInvitations).values({ organizationId: (await db.select().from(schema.organizations).limit(1))[0]!.id, email: EMAIL, tokenHash: 'privacy-test-hash', language: 'de', expiresAt: new Date(Date.now() + 86_400_000) });
  await db.insert(schema.identityUsers).values({ id: member!.id, email: EMAIL, name: member!.name, passwordHash: 'scrypt$16384$8$5$c2FsdA$aGFzaA', locale: 'de' });
  await db.insert(schema.identityKnownAddresses).values({ userId: member!.id, addressHash: 'hmac-of-their-address', lastSeenAt: new Date() });
  await db.insert(schema.identityOidcPayloads).values({ model: 'Session', id: 'privacy-session', uid: 'privacy-sid', payload: { accountId: member!.id, authorizations: { 'probe-store': {} } }, expiresAt: new Date(Date.now() + 86_400_000) });
  // Their consents on record: the banner's choice signed in (with their browser), their browser's before, a form's tick with their e-mail.
  await db.insert(schema.consents).values([
    { userId: member!.id, anonymousId: 'anon-subject', purpose: 'ANALYTICS', granted: true, textVersion: 'consent.text#1a2b3c4d', source: 'banner', locale: 'de' },
    { anonymousId: 'anon-subject', purpose: 'ANALYTICS', granted: false, textVersion: 'consent.text#1a2b3c4d', source: 'banner', locale: 'de' },
    { email: EMAIL, leadId, purpose: 'MARKETING_EMAIL', granted: true, textVersion: 'forms.field.EMAIL_OPT_IN#1a2b3c4d', source: 'form:demo', locale: 'de' },
    { userId: vet!.id, anonymousId: 'anon-other', purpose: 'ANALYTICS', granted: true, textVersion: 'consent.text#1a2b3c4d', source: 'banner', locale: 'de' },
  ]);
  await db.insert(schema.auditLog).values({ actorId: admin!.id, actorEmail: 'operator@demo.probe.store', action: 'customer.note', subject: `user:${member!.id}`, before: null, after: { email: EMAIL } });
  // The e-mails the outbox holds are written to the sink (the order's confirmation, addressed to them).
  const { handlers, close } = storeHandlers(loadConfig({ NODE_ENV: 'test' }, { MAIL_SINK_DIR: sink, MAIL_TRANSPORT: 'sink' }), memoryLogger(), undefined, { db, gateway });
  const runner = new JobRunner({ db, handlers, log: memoryLogger(), leaseMs: 30_000, pollIntervalMs: 10 });
  while ((await runner.runOnce()) > 0) { /* drain */ }
  close();
});
afterAll(async () => {
  await t?.close();
  await rm(sink, { recursive: true, force: true });
});

/** Every text, varchar, array and jsonb column of every table, with the rows where a needle occurs. */
async function scan(needles: string[]): Promise<string[]> {
  const columns = await t.database.db.execute(sql`select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`) as unknown as { rows: Array<{ table_name: string; column_name: string }> };
  const hits: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    for (const needle of needles) {
      const found = await t.database.db.execute(sql.raw(`select count(*)::int as n from "${table_name}" where "${column_name}"::text ilike '%${needle.replace(/'/g, "''")}%'`)) as unknown as { rows: Array<{ n: number }> };
      if (found.rows[0]!.n > 0) hits.push(`${table_name}.${column_name}: ${needle}`);
    }
  }
  return hits;
}

async function sinkHits(needles: string[]): Promise<string[]> {
  const hits: string[] = [];
  for (const name of await readdir(sink)) {
    const raw = (await readFile(join(sink, name), 'latin1')).toLowerCase();
    for (const needle of needles) if (raw.includes(needle.toLowerCase())) hits.push(`${name}: ${needle}`);
  }
  return hits;
}


describe(`erasure (GDPR art. 17) as a durable job (${DB})`, () => {
  it('the data is there before: the scan finds it (the scan works)', async () => {
    const hits = await scan(NEEDLES);
    for (const table of ['users.email', 'orders.email', 'orders.billing_address', 'leads.email', 'identity_users.email', 'audit_log.after', 'organization_invitations.email', 'consents.email']) {
      expect(hits.some((h) => h.startsWith(table)), `${table} in ${hits.join(', ')}`).toBe(true);
    }
    expect((await sinkHits([EMAIL])).length).toBeGreaterThan(0);
  });

  it('the last admin of an organization with a live subscription is refused, told what to do first; nothing changes', async () => {
    const answer = await requestErasure(t.database.db, { userId: admin!.id, source: 'USER' });
    expect(answer.request).toBeNull();
    expect(answer.error?.code).toBe('LAST_ADMIN');
    expect(answer.error?.message).toMatch(/only admin of .+ live subscription\. Make another member an admin of it, or cancel its subscription/);
    expect(await t.database.db.select().from(schema.dataRequests)).toHaveLength(0);
  });

  it('stopped half-way, it resumes on the next run; afterwards nothing of the user is left anywhere, and their invoice still renders', async () => {
    const db = t.database.db;
    const first = await requestErasure(db, { userId: member!.id, source: 'USER' });
    expect(first.error).toBeNull();
    // A second request while it is pending is the same request.
    expect((await requestErasure(db, { userId: member!.id, source: 'USER' })).request!.id).toBe(first.request!.id);
    // The worker dies after the orders step (its steps before are committed and recorded).
    const crash = new Error('killed');
    await expect(runErasure({ db, mailSinkDir: sink }, first.request!.id, async (step) => { if (step === 'orders') throw crash; })).rejects.toBe(crash);
    const [halfway] = await db.select().from(schema.dataRequests).where(eq(schema.dataRequests.id, first.request!.id));
    expect(halfway!.state).toBe('RUNNING');
    expect(halfway!.steps).toEqual(['audit', 'leads', 'consents', 'analytics', 'learners', 'checkouts', 'orders']);
    expect(await db.select().from(schema.users).where(eq(schema.users.id, member!.id))).toHaveLength(1);

    // The outbox runs the job again (as after a restart): it finishes.
    const { handlers, close } = storeHandlers(loadConfig({ NODE_ENV: 'test' }, { MAIL_SINK_DIR: sink, MAIL_TRANSPORT: 'sink' }), memoryLogger(), undefined, { db, gateway });
    const runner = new JobRunner({ db, handlers, log: memoryLogger(), leaseMs: 30_000, pollIntervalMs: 10 });
    while ((await runner.runOnce()) > 0) { /* drain */ }
    close();
    const [done] = await db.select().from(schema.dataRequests).where(eq(schema.dataRequests.id, first.request!.id));
    expect(done).toMatchObject({ state: 'DONE', subjectEmail: null, steps: ERASURE_STEPS });

    expect(await scan(NEEDLES)).toEqual([]);
    expect(await sinkHits(NEEDLES)).toEqual([]);
    expect(await db.select().from(schema.learnerVerifications)).toHaveLength(0);
    expect(await db.select().from(schema.identityOidcPayloads).where(eq(schema.identityOidcPayloads.id, 'privacy-session'))).toHaveLength(0);
    expect(await db.select().from(schema.identityKnownAddresses)).toHaveLength(0);
    expect(await db.select().from(schema.outbox).where(eq(schema.outbox.topic, 'lead.deliver'))).toHaveLength(0);
    expect(await db.select().from(schema.consents).where(sql`${schema.consents.userId} = ${member!.id} or ${schema.consents.anonymousId} = 'anon-subject'`)).toHaveLength(0);
    // Other people's records stay.
    expect(await db.select().from(schema.consents).where(eq(schema.consents.userId, vet!.id))).toHaveLength(1);
    expect(await db.select().from(schema.analyticsEvents).where(eq(schema.analyticsEvents.anonymousId, 'anon-other'))).toHaveLength(1);
    expect(await db.select().from(schema.users).where(eq(schema.users.id, vet!.id))).toHaveLength(1);

    // The invoice: number, date, seller and VAT number, lines, rates and totals, and the place of supply.
    const res = await t.app.inject({ method: 'GET', url: `/documents/invoice/${orderToken}.pdf` });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(orderNumber);
    expect(text).toContain('NL859345678B01');
    expect(text).toContain('19 %');
    expect(text).toMatch(/Deutschland|Germany/);
    for (const needle of NEEDLES) expect(text).not.toContain(needle);

    // A request again, or the job run again, is harmless.
    expect((await requestErasure(db, { userId: member!.id, source: 'USER' })).error?.code).toBe('NOT_FOUND');
    expect((await runErasure({ db, mailSinkDir: sink }, first.request!.id))!.state).toBe('DONE');
  });
});
