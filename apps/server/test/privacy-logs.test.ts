import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { DEMO_USERS, schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, type CryptoKey } from 'jose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { JobRunner, storeHandlers } from '../src/jobs/index.ts';
import { privateLoggerOptions } from '../src/logging/private-logs.ts';
import { TestGateway } from '../src/modules/payments/index.ts';
import { requestErasure } from '../src/modules/privacy/index.ts';
import { tokenFor } from './admin-support.ts';
import { CARD_OK, mutate, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const [, , member] = DEMO_USERS;
const EMAIL = member!.email;
const ADDRESS = { firstName: 'Morgana', lastName: 'Zeegers', streetAddress1: 'Zonnebloemweg 77', city: 'Berlin', postalCode: '10117', country: 'DE', phone: '+49 30 5550199' };
const NEEDLES = [EMAIL, EMAIL.replace('@', '%40'), member!.name, 'Morgana', 'Zeegers', 'Zonnebloemweg', '5550199'];

const gateway = new TestGateway('whsec_privacy_logs', () => new Date(), 600_000);
let t: TestApp;
let key: CryptoKey;
let sink: string;
/** The job runner's lines, written by a logger made as the worker's is. */
const jobLines: string[] = [];

function jobLogger() {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => jobLines.push(...chunk.toString().split('\n').filter(Boolean)));
  return pino({ level: 'info', ...privateLoggerOptions }, stream);
}

async function drain() {
  const log = jobLogger();
  const { handlers, close } = storeHandlers(loadConfig({ NODE_ENV: 'test' }, { MAIL_SINK_DIR: sink, MAIL_TRANSPORT: 'sink' }), log, undefined, { db: t.database.db, gateway });
  const runner = new JobRunner({ db: t.database.db, handlers, log, leaseMs: 30_000, pollIntervalMs: 10 });
  while ((await runner.runOnce()) > 0) { /* drain */ }
  close();
}

const hits = (text: string) => NEEDLES.filter((n) => text.toLowerCase().includes(n.toLowerCase()));

beforeAll(async () => {
  sink = await mkdtemp(join(tmpdir(), 'probe-privacy-logs-'));
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  key = pair.privateKey;
  t = await startTestApp({ gateway, config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey), MAIL_SINK_DIR: sink } });
});
afterAll(async () => {
  await t?.close();
  await rm(sink, { recursive: true, force: true });
});

describe(`the store's logs hold no personal data (${DB})`, () => {
  it('a signed-in purchase, requests quoting the person\'s data and their erasure leave none of their e-mail, name, address or phone in the server\'s or the jobs\' log lines', async () => {
    const auth = await tokenFor(key, member!);
    const me = await t.gql<{ me: { organizationMemberships: Array<{ id: string }> } }>('{ me { organizationMemberships { id } } }', {}, auth);
    const membership = me.body.data!.me.organizationMemberships[0]!.id;
    const ready = await readyCheckout(t, { country: 'DE', address: ADDRESS, lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], signedIn: { headers: auth, organizationMembershipId: membership } });
    const contact = await mutate(t, 'checkoutContactUpdate', '$token: String!, $email: String!', { token: ready.token, email: EMAIL }, undefined, auth);
    expect(contact.errors).toEqual([]);
    const placed = await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `logs-${ready.token}`, total: ready.total, card: CARD_OK }, auth);
    expect(placed.body.data!.checkoutPlaceOrder.errors).toEqual([]);
    // A request whose variables are of the wrong type: GraphQL's message quotes them (logged as a 'graphql error').
    const wrong = await t.gql('mutation W($token: String!, $email: String!) { checkoutContactUpdate(token: $token, email: $email) { errors { code } } }',
      { token: ready.token, email: { email: EMAIL, name: 'Morgana Zeegers', phone: '+49 30 5550199', street: 'Zonnebloemweg 77' } }, auth);
    expect(wrong.body.errors).toBeDefined();
    // A query sent by GET, its variables (the e-mail) in the logged URL.
    const get = await t.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent('query U($email: String!) { userExists(email: $email) }')}&variables=${encodeURIComponent(JSON.stringify({ email: EMAIL }))}`, headers: { 'apollo-require-preflight': 'true' } });
    expect(get.statusCode).toBeLessThan(500);
    await drain();

    const { request } = await requestErasure(t.database.db, { userId: member!.id, source: 'USER' });
    await drain();
    const [done] = await t.database.db.select().from(schema.dataRequests).where(eq(schema.dataRequests.id, request!.id));
    expect(done!.state).toBe('DONE');

    const server = JSON.stringify(t.logs());
    // The lines were written (the request log, the refused variables, the jobs), without the person in them.
    expect(server).toContain('graphql error');
    expect(server).toContain('[value]');
    expect(server).toContain('/graphql?query=');
    expect(jobLines.some((l) => l.includes('privacy.erase') || l.includes('job'))).toBe(true);
    expect(hits(server)).toEqual([]);
    expect(hits(jobLines.join('\n'))).toEqual([]);
  });

  it('an error carrying a statement\'s values or a failing row is logged without them', () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const log = pino({ level: 'info', ...privateLoggerOptions }, stream);
    const cause = Object.assign(new Error('new row for relation "orders" violates check constraint'), { detail: 'Failing row contains (Morgana, Zeegers, Zonnebloemweg 77, +49 30 5550199).' });
    const err = Object.assign(new Error(`Failed query: insert into "orders" ("email", "first_name") values ($1, $2)\nparams: ${EMAIL},Morgana`), { cause, params: [EMAIL, 'Morgana'] });
    log.error({ err, to: EMAIL, input: { email: EMAIL, firstName: 'Morgana', phone: '+49 30 5550199' } }, `mail to ${EMAIL} failed`);
    log.warn({ error: `Error: Failed query: update leads\nparams: Zeegers,${EMAIL}\n    at x (y.ts:1:1)` }, 'job failed; will retry');
    const text = lines.join('');
    expect(text).toContain('Failed query: insert into');
    expect(text).toContain('violates check constraint');
    expect(hits(text)).toEqual([]);
  });

  it('a token still valid after the erasure does not make the user again, nor ties analytics to them', async () => {
    const auth = await tokenFor(key, member!);
    const me = await t.gql<{ me: { id: string } | null }>('{ me { id } }', {}, auth);
    expect(me.body.data!.me).toBeNull();
    expect(await t.database.db.select().from(schema.users).where(eq(schema.users.id, member!.id))).toHaveLength(0);
    const exported = await t.gql('mutation { dataExportRequest(languageCode: EN) { request { kind } } }', {}, auth);
    expect(JSON.stringify(exported.body.errors)).toContain('PermissionDenied');
    const event = await t.gql<{ analyticsEventCreate: { recorded: boolean } }>('mutation A($input: AnalyticsEventInput!) { analyticsEventCreate(input: $input) { recorded } }', {
      input: { anonymousId: 'browser-after-erasure', eventData: { name: 'page_view', body: '{}', timestamp: new Date().toISOString(), context: { page: { path: '/de/de/', url: 'http://store.test/de/de/' } } } },
    }, auth);
    expect(event.body.data!.analyticsEventCreate.recorded).toBe(true);
    const [stored] = await t.database.db.select().from(schema.analyticsEvents).where(eq(schema.analyticsEvents.anonymousId, 'browser-after-erasure'));
    expect(stored!.userId).toBeNull();
    expect(await t.database.db.select().from(schema.users).where(eq(schema.users.id, member!.id))).toHaveLength(0);
  });
});
