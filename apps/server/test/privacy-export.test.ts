import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USERS, schema } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { JobRunner, storeHandlers } from '../src/jobs/index.ts';
import { readHeaders } from '../src/mail/headers.ts';
import { TestGateway } from '../src/modules/payments/index.ts';
import { exportByToken, requestErasure, requestExport, runErasure } from '../src/modules/privacy/index.ts';
import { CARD_OK, mutate, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { memoryLogger } from './jobs-support.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const [, , member, vet] = DEMO_USERS;
const gateway = new TestGateway('whsec_privacy_export', () => new Date(), 600_000);
let t: TestApp;
let sink: string;
let orderNumber = '';

async function drain() {
  const { handlers, close } = storeHandlers(loadConfig({ NODE_ENV: 'test' }, { MAIL_SINK_DIR: sink, MAIL_TRANSPORT: 'sink' }), memoryLogger(), undefined, { db: t.database.db, gateway });
  const runner = new JobRunner({ db: t.database.db, handlers, log: memoryLogger(), leaseMs: 30_000, pollIntervalMs: 10 });
  while ((await runner.runOnce()) > 0) { /* drain */ }
  close();
}

async function orderFor(email: string, street: string) {
  const ready = await readyCheckout(t, { country: 'DE', address: { firstName: 'Kim', lastName: 'Buyer', streetAddress1: street, city: 'Berlin', postalCode: '10117', country: 'DE', phone: '+49 30 1234567' }, lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
  await mutate(t, 'checkoutContactUpdate', '$token: String!, $email: String!', { token: ready.token, email });
  const placed = await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `export-${ready.token}`, total: ready.total, card: CARD_OK });
  return placed.body.data!.checkoutPlaceOrder.order!;
}

beforeAll(async () => {
  sink = await mkdtemp(join(tmpdir(), 'probe-export-'));
  t = await startTestApp({ gateway, config: { MAIL_SINK_DIR: sink } });
  const db = t.database.db;
  orderNumber = (await orderFor(member!.email, 'Exportstraße 1')).number;
  await orderFor(vet!.email, 'Fremdweg 99');
  const [form] = await db.select().from(schema.leadForms).limit(1);
  await db.insert(schema.leads).values([
    { id: crypto.randomUUID(), formId: form!.id, status: 'received', values: { email: member!.email, message: 'Demo for our ward, please' }, email: member!.email, languageCode: 'de', countryCode: 'DE' },
    { id: crypto.randomUUID(), formId: form!.id, status: 'received', values: { email: vet!.email, message: 'Someone else entirely' }, email: vet!.email, languageCode: 'de', countryCode: 'DE' },
  ]);
  await db.insert(schema.learnerVerifications).values([
    { userId: member!.id, market: 'HUMAN', traineeType: 'MEDICAL_STUDENT', institution: 'Charité', graduationYear: 2030, proofName: 'enrolment.pdf', proofContentType: 'application/pdf', proofSize: 20, proof: Buffer.from('%PDF-1.4 member proof') },
    { userId: vet!.id, market: 'VETERINARY', traineeType: 'VET_STUDENT', institution: 'TiHo Hannover', graduationYear: 2029, proofName: 'vet.pdf', proofContentType: 'application/pdf', proofSize: 17, proof: Buffer.from('%PDF-1.4 vet proof') },
  ]);
  await db.insert(schema.analyticsEvents).values([
    { anonymousId: 'a-member', userId: member!.id, name: 'page_view', body: { pageName: 'account' }, occurredAt: new Date(), pagePath: '/de/de/account/', pageUrl: 'http://store.test/de/de/account/' },
    { anonymousId: 'a-vet', userId: vet!.id, name: 'page_view', body: { pageName: 'vet-only-page' }, occurredAt: new Date(), pagePath: '/de/de/', pageUrl: 'http://store.test/de/de/' },
  ]);
  await drain();
});
afterAll(async () => {
  await t?.close();
  await rm(sink, { recursive: true, force: true });
});

/** The newest sink message to an address, with its headers and its text part. */
async function lastMailTo(to: string) {
  const names = (await readdir(sink)).filter((n) => n.endsWith('.eml')).sort((a, b) => parseInt(b) - parseInt(a));
  for (const name of names) {
    const raw = await readFile(join(sink, name), 'utf8');
    const headers = readHeaders(raw);
    if (headers.get('to')?.includes(to) && /\/privacy\/export\//.test(raw)) return { headers, raw };
  }
  return null;
}

describe(`data export (GDPR art. 15/20) (${DB})`, () => {
  it('a JSON archive of everything about the user, with their invoice and proof, nothing of anyone else, by a link e-mailed in their language', async () => {
    const request = await requestExport(t.database.db, { userId: member!.id, language: 'de', source: 'USER' });
    // Asking again before it ran is the same request.
    expect((await requestExport(t.database.db, { userId: member!.id, language: 'de', source: 'USER' }))!.id).toBe(request!.id);
    await drain();
    const mail = await lastMailTo(member!.email);
    expect(mail).not.toBeNull();
    expect(mail!.headers.get('content-language')).toBe('de');
    expect(mail!.raw).toContain('Ihre Daten');
    const link = /http:\/\/[^\s"<]+\/privacy\/export\/([A-Za-z0-9_-]{43})/.exec(mail!.raw.replace(/=\r?\n/g, ''))!;
    const res = await t.app.inject({ method: 'GET', url: `/privacy/export/${link[1]}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toContain('attachment');
    const archive = res.json() as Record<string, any>;
    expect(archive.profile).toMatchObject({ id: member!.id, email: member!.email });
    expect(archive.memberships.map((m: { organization: string }) => m.organization).length).toBeGreaterThan(0);
    expect(archive.orders).toHaveLength(1);
    expect(archive.orders[0]).toMatchObject({ number: orderNumber, email: member!.email });
    expect(archive.orders[0].billingAddress.streetAddress1).toBe('Exportstraße 1');
    expect(Buffer.from(archive.orders[0].invoice.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(archive.learnerVerifications).toHaveLength(1);
    expect(Buffer.from(archive.learnerVerifications[0].proof.base64, 'base64').toString()).toBe('%PDF-1.4 member proof');
    expect(archive.leads).toHaveLength(1);
    expect(archive.leads[0].values.message).toBe('Demo for our ward, please');
    expect(archive.analyticsEvents).toHaveLength(1);
    const text = res.body;
    for (const other of [vet!.email, vet!.id, 'Fremdweg', 'Someone else entirely', 'vet-only-page', Buffer.from('%PDF-1.4 vet proof').toString('base64'), 'TiHo']) {
      expect(text).not.toContain(other);
    }
  });

  it('the link stops working when it expires, and when the account is erased; an unknown or malformed token is a 404', async () => {
    const mail = await lastMailTo(member!.email);
    const token = /\/privacy\/export\/([A-Za-z0-9_-]{43})/.exec(mail!.raw.replace(/=\r?\n/g, ''))![1]!;
    expect(await exportByToken(t.database.db, token, new Date(Date.now() + 73 * 3_600_000))).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/privacy/export/not-a-token' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/privacy/export/${'A'.repeat(43)}` })).statusCode).toBe(404);
    const erasure = await requestErasure(t.database.db, { userId: member!.id, source: 'USER' });
    await runErasure({ db: t.database.db, mailSinkDir: sink }, erasure.request!.id);
    expect((await t.app.inject({ method: 'GET', url: `/privacy/export/${token}` })).statusCode).toBe(404);
  });
});
