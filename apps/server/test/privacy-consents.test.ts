import { DEMO_USERS, schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadDeliveryHandler, type Crm, type CrmLead } from '../src/modules/leads/index.ts';
import { buildArchive, requestErasure, runErasure } from '../src/modules/privacy/index.ts';
import { tokenFor } from './admin-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const [, admin, member, vet] = DEMO_USERS;
const RECORD = 'mutation C($input: ConsentInput!) { consentRecord(input: $input) { consent { purpose granted source locale textVersion recordedAt } errors { field code } } }';
const MINE = '{ me { id consents { purpose granted source locale textVersion recordedAt } } }';
const FORM = 'query F($path: String!) { leadForm(path: $path, languageCode: DE) { ticket fields { key } } }';
const SUBMIT = 'mutation S($input: LeadSubmitInput!) { leadFormSubmit(input: $input) { submitted errors { field code } } }';
const EVENT = 'mutation A($input: AnalyticsEventInput!) { analyticsEventCreate(input: $input) { recorded errors { code } } }';

interface Consent { purpose: string; granted: boolean; source: string; locale: string; textVersion: string; recordedAt: string }
interface RecordAnswer { consentRecord: { consent: Consent | null; errors: Array<{ field: string; code: string }> } }

let clock = Date.now();
const now = () => new Date(clock);
let t: TestApp;
let key: CryptoKey;
const seller = { name: 'Probe Store B.V.', address: ['Keizersgracht 1', '1015 CJ Amsterdam'], country: 'NL', vatNumber: 'NL000000000B01', email: 'billing@probe.store' };

const record = async (input: Record<string, unknown>, auth?: Record<string, string>) => {
  clock += 1000;
  const res = await t.gql<RecordAnswer>(RECORD, { input: { textVersion: 'consent.text#1a2b3c4d', locale: 'de', ...input } }, auth);
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.consentRecord;
};
const mine = async (auth: Record<string, string>) => (await t.gql<{ me: { consents: Consent[] } }>(MINE, {}, auth)).body.data!.me.consents;
const rows = (where = sql`true`) => t.database.db.select().from(schema.consents).where(where);
const event = (anonymousId: string, auth?: Record<string, string>) => t.gql<{ analyticsEventCreate: { recorded: boolean; errors: unknown[] } }>(EVENT, {
  input: { anonymousId, eventData: { name: 'page_view', body: '{"pageName":"home"}', timestamp: now().toISOString(), context: { page: { path: '/de/de/', url: 'http://store.test/de/de/' } } } },
}, auth);

/** Sends the demo form as `email`, with the marketing tick or without, shown the German wording of the given version. */
async function submitDemo(email: string, optIn: boolean, consentTextVersion?: string) {
  const form = (await t.gql<{ leadForm: { ticket: string } }>(FORM, { path: 'demo' })).body.data!.leadForm;
  clock += 5_000;
  const values: Record<string, string> = {
    FIRST_NAME: 'Mara', LAST_NAME: 'Tick', EMAIL: email, PHONE: '+49 30 5550142', ORGANIZATION_NAME: 'Praxis Tick',
    JOB_TITLE: 'PHYSICIAN', PRACTICE_PLACE: 'HOSPITAL', COUNTRY: 'DE', POSTAL_CODE: '10117', EMAIL_OPT_IN: String(optIn),
  };
  const submissionId = crypto.randomUUID();
  const res = await t.gql<{ leadFormSubmit: { submitted: boolean; errors: unknown[] } }>(SUBMIT, {
    input: { path: 'demo', submissionId, ticket: form.ticket, fields: Object.entries(values).map(([k, value]) => ({ key: k, value })), languageCode: 'DE', countryCode: 'de', consentTextVersion },
  });
  expect(res.body.data!.leadFormSubmit).toEqual({ submitted: true, errors: [] });
  return submissionId;
}

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  key = pair.privateKey;
  t = await startTestApp({ now, config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
});
afterAll(() => t?.close());

describe(`consent on record (${DB})`, () => {
  it('the banner\'s choice is recorded with the browser, and with the user when signed in; the history is appended, the latest row is in force', async () => {
    const anonymous = await record({ purpose: 'ANALYTICS', granted: true, source: 'banner', anonymousId: 'browser-member-1' });
    expect(anonymous).toMatchObject({ consent: { purpose: 'ANALYTICS', granted: true, source: 'banner', locale: 'de', textVersion: 'consent.text#1a2b3c4d' }, errors: [] });
    const auth = await tokenFor(key, member!);
    await record({ purpose: 'ANALYTICS', granted: true, source: 'banner', anonymousId: 'browser-member-1' }, auth);
    const [signedIn] = await rows(eq(schema.consents.userId, member!.id));
    expect(signedIn).toMatchObject({ anonymousId: 'browser-member-1', purpose: 'ANALYTICS', granted: true });
    expect(await mine(auth)).toMatchObject([{ purpose: 'ANALYTICS', granted: true, source: 'banner' }]);
    // A text version that names no wording, an unknown source, or no one at all: nothing stored.
    const before = (await rows()).length;
    expect((await record({ purpose: 'ANALYTICS', granted: true, source: 'banner', anonymousId: 'browser-x1', textVersion: 'whatever' })).errors).toMatchObject([{ field: 'textVersion' }]);
    expect((await record({ purpose: 'ANALYTICS', granted: true, source: 'form:demo', anonymousId: 'browser-x1' })).errors).toMatchObject([{ field: 'source' }]);
    expect((await record({ purpose: 'ANALYTICS', granted: true, source: 'banner' })).errors).toMatchObject([{ field: 'anonymousId' }]);
    expect(await rows()).toHaveLength(before);
    // Marketing e-mail is a signed-in person's decision about their own e-mail.
    const res = await t.gql(RECORD, { input: { purpose: 'MARKETING_EMAIL', granted: true, source: 'account', textVersion: 'account.consent.marketing#1a2b3c4d', locale: 'de' } });
    expect(JSON.stringify(res.body.errors)).toContain('PermissionDenied');
  });

  it('a form\'s marketing tick is recorded with the lead: its e-mail, the form, the wording\'s version and the language; no tick, no record', async () => {
    const leadId = await submitDemo(member!.email, true, 'forms.field.EMAIL_OPT_IN#0badc0de');
    const [tick] = await rows(eq(schema.consents.leadId, leadId));
    expect(tick).toMatchObject({ email: member!.email.toLowerCase(), purpose: 'MARKETING_EMAIL', granted: true, source: 'form:demo', locale: 'de', textVersion: 'forms.field.EMAIL_OPT_IN#0badc0de', userId: null });
    const unticked = await submitDemo('no-tick@example.com', false);
    expect(await rows(eq(schema.consents.leadId, unticked))).toHaveLength(0);
    // The person sees the form's tick in my account, as theirs (by their e-mail).
    expect(await mine(await tokenFor(key, member!))).toContainEqual(expect.objectContaining({ purpose: 'MARKETING_EMAIL', granted: true, source: 'form:demo' }));
  });

  it('withdrawing marketing in my account marks the person\'s leads (their CRM delivery says no e-mail), and granting it again lifts the mark', async () => {
    const auth = await tokenFor(key, member!);
    const withdrawn = await record({ purpose: 'MARKETING_EMAIL', granted: false, source: 'account', textVersion: 'account.consent.MARKETING_EMAIL#1a2b3c4d' }, auth);
    expect(withdrawn).toMatchObject({ consent: { purpose: 'MARKETING_EMAIL', granted: false, source: 'account' }, errors: [] });
    expect(await mine(auth)).toContainEqual(expect.objectContaining({ purpose: 'MARKETING_EMAIL', granted: false, source: 'account' }));
    const leads = await t.database.db.select().from(schema.leads).where(sql`lower(${schema.leads.email}) = ${member!.email.toLowerCase()}`);
    expect(leads.length).toBeGreaterThan(0);
    expect(leads.every((l) => l.marketingWithdrawnAt !== null)).toBe(true);
    // Delivered to the CRM after the withdrawal, the lead says no marketing e-mail.
    const sent: CrmLead[] = [];
    const crm = { deliver: async (lead: CrmLead) => { sent.push(lead); } } as unknown as Crm;
    const ticked = leads.find((l) => l.values.EMAIL_OPT_IN === true)!;
    await leadDeliveryHandler({ db: t.database.db, crm })({ payload: { leadId: ticked.id } });
    expect(sent[0]!.fields).toMatchObject({ EMAIL_OPT_IN: false, EMAIL: member!.email.toLowerCase() });
    // Someone else's lead is not touched.
    const [other] = await t.database.db.select().from(schema.leads).where(eq(schema.leads.email, 'no-tick@example.com'));
    expect(other!.marketingWithdrawnAt).toBeNull();
    await record({ purpose: 'MARKETING_EMAIL', granted: true, source: 'account', textVersion: 'account.consent.MARKETING_EMAIL#1a2b3c4d' }, auth);
    const again = await t.database.db.select().from(schema.leads).where(sql`lower(${schema.leads.email}) = ${member!.email.toLowerCase()}`);
    expect(again.every((l) => l.marketingWithdrawnAt === null)).toBe(true);
    // Withdrawn for the rest of the test.
    await record({ purpose: 'MARKETING_EMAIL', granted: false, source: 'account', textVersion: 'account.consent.MARKETING_EMAIL#1a2b3c4d' }, auth);
  });

  it('withdrawing analytics stops analytics events being recorded for the user and their browser', async () => {
    const auth = await tokenFor(key, member!);
    expect((await event('browser-member-1', auth)).body.data!.analyticsEventCreate.recorded).toBe(true);
    await record({ purpose: 'ANALYTICS', granted: false, source: 'account', anonymousId: 'browser-member-1', textVersion: 'account.consent.ANALYTICS#1a2b3c4d' }, auth);
    const count = async () => (await t.database.db.select().from(schema.analyticsEvents).where(eq(schema.analyticsEvents.anonymousId, 'browser-member-1'))).length;
    const stored = await count();
    expect((await event('browser-member-1', auth)).body.data!.analyticsEventCreate).toEqual({ recorded: false, errors: [] });
    // The same browser without the token, and another browser of theirs while signed in.
    expect((await event('browser-member-1')).body.data!.analyticsEventCreate.recorded).toBe(false);
    expect((await event('browser-member-2', auth)).body.data!.analyticsEventCreate.recorded).toBe(false);
    expect(await count()).toBe(stored);
    // Someone else's browser still counts.
    expect((await event('browser-vet-1')).body.data!.analyticsEventCreate.recorded).toBe(true);
    expect(await mine(auth)).toContainEqual(expect.objectContaining({ purpose: 'ANALYTICS', granted: false, source: 'account' }));
  });

  it('the export holds the consent history, and another user\'s consents never appear in it or in my account', async () => {
    const vetAuth = await tokenFor(key, vet!);
    // The vet chose on the member's browser too (a shared computer), and ticked a form with their own e-mail.
    await record({ purpose: 'ANALYTICS', granted: true, source: 'banner', anonymousId: 'browser-member-1' }, vetAuth);
    await submitDemo(vet!.email, true, 'forms.field.EMAIL_OPT_IN#0badc0de');
    const archive = (await buildArchive({ db: t.database.db, seller, publicUrl: 'http://store.test' }, member!.id))!;
    const consents = archive.consents as Array<{ purpose: string; granted: boolean; source: string; textVersion: string; locale: string; recordedAt: Date; subject: string }>;
    expect(consents.map((c) => [c.purpose, c.granted, c.source])).toEqual([
      ['ANALYTICS', false, 'account'],
      ['MARKETING_EMAIL', false, 'account'],
      ['MARKETING_EMAIL', true, 'account'],
      ['MARKETING_EMAIL', false, 'account'],
      ['MARKETING_EMAIL', true, 'form:demo'],
      ['ANALYTICS', true, 'banner'],
      ['ANALYTICS', true, 'banner'],
    ]);
    expect(consents.at(-1)).toMatchObject({ subject: 'browser', textVersion: 'consent.text#1a2b3c4d', locale: 'de' });
    expect(consents.at(-3)).toMatchObject({ subject: 'e-mail', textVersion: 'forms.field.EMAIL_OPT_IN#0badc0de' });
    const text = JSON.stringify(archive);
    expect(text).not.toContain(vet!.email);
    expect(text).not.toContain(vet!.id);
    // The vet's my account shows their own decisions only.
    const vetMine = await mine(vetAuth);
    expect(vetMine).toEqual([
      expect.objectContaining({ purpose: 'ANALYTICS', granted: true, source: 'banner' }),
      expect.objectContaining({ purpose: 'MARKETING_EMAIL', granted: true, source: 'form:demo' }),
    ]);
    expect(await mine(await tokenFor(key, admin!))).toEqual([]);
  });

  it('the checkout\'s marketing tick is recorded when given or taken back, with the wording the page showed; saving the contact again records nothing new', async () => {
    const buyer = 'tick.checkout@example.com';
    const created = await t.gql<{ checkoutCreate: { checkout: { token: string } } }>('mutation { checkoutCreate(input: { lines: [], country: DE, languageCode: DE }) { checkout { token } } }', {});
    const token = created.body.data!.checkoutCreate.checkout.token;
    const contact = async (marketingOptIn: boolean) => {
      clock += 1000;
      const res = await t.gql<{ checkoutContactUpdate: { errors: unknown[] } }>('mutation C($token: String!, $email: String!, $optIn: Boolean, $version: String) { checkoutContactUpdate(token: $token, email: $email, marketingOptIn: $optIn, marketingTextVersion: $version) { errors { code } } }',
        { token, email: buyer, optIn: marketingOptIn, version: 'checkout.marketingOptIn#0badc0de' });
      expect(res.body.data!.checkoutContactUpdate.errors).toEqual([]);
    };
    const recorded = async () => (await rows(sql`${schema.consents.email} = ${buyer}`)).map((c) => [c.purpose, c.granted, c.source, c.locale, c.textVersion]);
    await contact(false);
    expect(await recorded()).toEqual([]);
    await contact(true);
    await contact(true);
    expect(await recorded()).toEqual([['MARKETING_EMAIL', true, 'checkout', 'de', 'checkout.marketingOptIn#0badc0de']]);
    await contact(false);
    expect((await recorded()).map(([, granted]) => granted)).toEqual([true, false]);
    // A refused change (a bad e-mail) records nothing.
    const refused = await t.gql<{ checkoutContactUpdate: { errors: Array<{ code: string }> } }>('mutation C($token: String!) { checkoutContactUpdate(token: $token, email: "not-an-email", marketingOptIn: true) { errors { code } } }', { token });
    expect(refused.body.data!.checkoutContactUpdate.errors.map((e) => e.code)).toEqual(['INVALID']);
    expect(await recorded()).toHaveLength(2);
  });

  it('erasure removes the person\'s consents (theirs, their e-mail\'s, their browsers\' anonymous ones), and only theirs', async () => {
    const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, member!.id));
    expect(user).toBeDefined();
    const { request } = await requestErasure(t.database.db, { userId: member!.id, source: 'USER' });
    await runErasure({ db: t.database.db, mailSinkDir: null }, request!.id);
    const left = await rows();
    expect(left.filter((c) => c.userId === member!.id || c.email === member!.email.toLowerCase())).toEqual([]);
    expect(left.filter((c) => c.userId === null && c.anonymousId === 'browser-member-1')).toEqual([]);
    // The vet's decisions stay, the one made on the shared browser too.
    expect(left.filter((c) => c.userId === vet!.id || c.email === vet!.email.toLowerCase())).toHaveLength(2);
  });
});
