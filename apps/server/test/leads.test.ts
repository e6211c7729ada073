import { schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let clock = Date.now();
const now = () => new Date(clock);

const FORM = 'query F($path: String!, $lang: LanguageCodeEnum!) { leadForm(path: $path, languageCode: $lang) { path kind name market title intro eventStartsAt fields { key required choices } parentOrigins ticket } }';
const SUBMIT = 'mutation S($input: LeadSubmitInput!) { leadFormSubmit(input: $input) { submitted formName errors { field code } } }';

interface Answer { submitted: boolean; formName: string | null; errors: Array<{ field: string; code: string }> }

const form = async (path: string, lang = 'EN') => (await t.gql<{ leadForm: { ticket: string; title: string; intro: string; fields: Array<{ key: string; required: boolean; choices: string[] | null }>; parentOrigins: string[]; eventStartsAt: string | null; name: string } | null }>(FORM, { path, lang })).body.data!.leadForm;

const DEMO_VALUES: Record<string, string> = {
  FIRST_NAME: 'Ada', LAST_NAME: 'Lovelace', EMAIL: 'Ada@Example.com', PHONE: '(202) 555-0123', ORGANIZATION_NAME: 'Lakeside Clinic',
  JOB_TITLE: 'PHYSICIAN', PRACTICE_PLACE: 'HOSPITAL', COUNTRY: 'US', COUNTRY_AREA: 'New York', POSTAL_CODE: '10001', EMAIL_OPT_IN: 'true',
};

async function submit(values: Record<string, string>, options: { id?: string; ticket?: string; website?: string; path?: string; headers?: Record<string, string> } = {}) {
  const ticket = options.ticket ?? (await form(options.path ?? 'demo'))!.ticket;
  clock += 5000; // a person takes a few seconds
  const res = await t.gql<{ leadFormSubmit: Answer }>(SUBMIT, {
    input: {
      path: options.path ?? 'demo', submissionId: options.id ?? crypto.randomUUID(), ticket, website: options.website ?? null,
      fields: Object.entries(values).map(([key, value]) => ({ key, value })), languageCode: 'EN', countryCode: 'us',
    },
  }, options.headers);
  return res;
}

const leadCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.leads))[0]!.n;
const deliveries = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.outbox).where(eq(schema.outbox.topic, 'lead.deliver')))[0]!.n;

beforeAll(async () => {
  t = await startTestApp({ now, config: { TRUST_PROXY: true, FORMS_PARENT_ORIGINS: ['http://127.0.0.1:3000', 'https://vet.probe.example'] } });
});
afterAll(() => t?.close());

describe('marketing forms as data (spec §2, §3)', () => {
  it('serves a form by its path with its fields, choices and copy in the language asked, English where it has none; an unknown path is null', async () => {
    const demo = (await form('demo'))!;
    expect(demo.title).toBe('Book a demo');
    expect(demo.fields.find((f) => f.key === 'EMAIL')).toEqual({ key: 'EMAIL', required: true, choices: null });
    expect(demo.fields.find((f) => f.key === 'SPECIALTY')!.choices).toContain('CARDIOLOGY');
    expect(demo.parentOrigins).toEqual(['http://127.0.0.1:3000', 'https://vet.probe.example']);
    expect((await form('demo', 'DE'))!.title).toBe('Demo vereinbaren');
    expect((await form('demo', 'JA'))!.title).toBe('Book a demo');
    const vet = (await form('vet-webinar/small-animal-abdomen'))!;
    expect(vet.fields.find((f) => f.key === 'SPECIALTY')!.choices).toEqual(['VET_SMALL_ANIMAL', 'VET_EQUINE', 'VET_MIXED']);
    // The demo webinar keeps its weekday and hour, moved on by four-week steps to at least 14 days ahead (seed/lead-forms.ts).
    const vetDate = new Date(vet.eventStartsAt!);
    expect([vetDate.getUTCDay(), vetDate.getUTCHours()]).toEqual([3, 17]);
    expect(vetDate.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect((vetDate.getTime() - Date.parse('2026-10-21T17:00:00Z')) % (28 * 86_400_000)).toBe(0);
    expect(await form('no-such-form')).toBeNull();
    expect(await form('../demo')).toBeNull();
  });

  it('a new form is a row: it is served without a deploy, and a deactivated one is gone', async () => {
    await t.database.db.insert(schema.leadForms).values({
      path: 'trade-show/arab-health-2027', kind: 'TRADE_SHOW', name: 'trade-show-arab-health-2027', department: 'HUMAN_MARKETING',
      fields: [{ key: 'EMAIL', required: true }, { key: 'NOT_A_KEY', required: true }], copy: { en: { title: 'Meet us at Arab Health', intro: 'Ask for a meeting.' } },
    });
    const added = (await form('trade-show/arab-health-2027'))!;
    expect(added.fields.map((f) => f.key)).toEqual(['EMAIL']);
    await t.database.db.update(schema.leadForms).set({ active: false }).where(eq(schema.leadForms.path, 'trade-show/arab-health-2027'));
    expect(await form('trade-show/arab-health-2027')).toBeNull();
  });
});

describe('submitting a form', () => {
  it('refuses bad input field by field and stores nothing', async () => {
    const [leads, jobs] = [await leadCount(), await deliveries()];
    const res = await submit({ ...DEMO_VALUES, FIRST_NAME: '', EMAIL: 'ada@', PHONE: '12', COUNTRY_AREA: 'Atlantis', POSTAL_CODE: 'ABC', JOB_TITLE: 'WIZARD', COMMENT: 'x'.repeat(2001) });
    const answer = res.body.data!.leadFormSubmit;
    expect(answer.submitted).toBe(false);
    expect(answer.errors.map((e) => `${e.field}:${e.code}`).sort()).toEqual(['COMMENT:INVALID', 'COUNTRY_AREA:INVALID', 'EMAIL:INVALID', 'FIRST_NAME:REQUIRED', 'JOB_TITLE:INVALID', 'PHONE:INVALID', 'POSTAL_CODE:INVALID']);
    expect([await leadCount(), await deliveries()]).toEqual([leads, jobs]);
    // A US lead needs its state and ZIP code (the country's address rules), though the form leaves them optional.
    const noState = (await submit({ ...DEMO_VALUES, COUNTRY_AREA: '', POSTAL_CODE: '' })).body.data!.leadFormSubmit;
    expect(noState.errors.map((e) => `${e.field}:${e.code}`).sort()).toEqual(['COUNTRY_AREA:REQUIRED', 'POSTAL_CODE:REQUIRED']);
    // A country that is not enabled is refused at the country.
    expect((await submit({ ...DEMO_VALUES, COUNTRY: 'MX', COUNTRY_AREA: '', POSTAL_CODE: '' })).body.data!.leadFormSubmit.errors).toEqual([{ field: 'COUNTRY', code: 'INVALID' }]);
  });

  it('stores a good submission with its delivery before answering, cleaned; the same submission again stores nothing more', async () => {
    const id = crypto.randomUUID();
    const [leads, jobs] = [await leadCount(), await deliveries()];
    const first = (await submit(DEMO_VALUES, { id })).body.data!.leadFormSubmit;
    expect(first).toEqual({ submitted: true, formName: 'demo-request', errors: [] });
    const [lead] = await t.database.db.select().from(schema.leads).where(eq(schema.leads.id, id));
    expect(lead!.status).toBe('received');
    expect(lead!.values).toMatchObject({ EMAIL: 'ada@example.com', PHONE: '+12025550123', COUNTRY: 'US', COUNTRY_AREA: 'NY', POSTAL_CODE: '10001', EMAIL_OPT_IN: true });
    expect(lead!.countryCode).toBe('US');
    expect([await leadCount(), await deliveries()]).toEqual([leads + 1, jobs + 1]);
    const again = (await submit(DEMO_VALUES, { id })).body.data!.leadFormSubmit;
    expect(again).toEqual(first);
    expect([await leadCount(), await deliveries()]).toEqual([leads + 1, jobs + 1]);
  });

  it('answers spam exactly like a lead, stores it as spam and never delivers it: the honeypot, a forged ticket, a form sent too fast', async () => {
    const jobs = await deliveries();
    const real = (await submit(DEMO_VALUES)).body.data!.leadFormSubmit;
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const honeypot = (await submit(DEMO_VALUES, { id: ids[0], website: 'https://spam.example' })).body.data!.leadFormSubmit;
    const forged = (await submit(DEMO_VALUES, { id: ids[1], ticket: `${Date.now() - 60_000}.${'A'.repeat(43)}` })).body.data!.leadFormSubmit;
    const ticket = (await form('demo'))!.ticket;
    clock -= 4000; // sent one second after it was shown
    const fast = (await submit(DEMO_VALUES, { id: ids[2], ticket })).body.data!.leadFormSubmit;
    expect([honeypot, forged, fast]).toEqual([real, real, real]);
    const rows = await t.database.db.select().from(schema.leads).where(sql`${schema.leads.id} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.status, r.spamReason]]))).toEqual({ [ids[0]!]: ['spam', 'honeypot'], [ids[1]!]: ['spam', 'ticket'], [ids[2]!]: ['spam', 'too-fast'] });
    expect(await deliveries()).toBe(jobs + 1); // only the real one
  });

  it('a ticket stays valid across a restart and a second instance (its key is kept in the database)', async () => {
    const ticket = (await form('demo'))!.ticket;
    const second = await startTestApp({ now, database: t.database });
    try {
      clock += 5000;
      const id = crypto.randomUUID();
      const res = await second.gql<{ leadFormSubmit: Answer }>(SUBMIT, { input: { path: 'demo', submissionId: id, ticket, fields: Object.entries(DEMO_VALUES).map(([key, value]) => ({ key, value })), languageCode: 'EN', countryCode: 'US' } });
      expect(res.body.data!.leadFormSubmit.submitted).toBe(true);
      const [lead] = await t.database.db.select().from(schema.leads).where(eq(schema.leads.id, id));
      expect(lead!.status).toBe('received');
    } finally {
      await second.app.close();
    }
  });

  it('limits submissions per client address: the 21st in ten minutes is refused with 429 and stores nothing; another address is not affected', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 20; i++) expect((await submit(DEMO_VALUES, { headers })).status).toBe(200);
    const leads = await leadCount();
    const refused = await submit(DEMO_VALUES, { headers });
    expect(refused.status).toBe(429);
    expect(refused.body.errors![0]!.extensions!.exception!.code).toBe('TooManyRequests');
    expect(await leadCount()).toBe(leads);
    expect((await submit(DEMO_VALUES, { headers: { 'x-forwarded-for': '203.0.113.10' } })).status).toBe(200);
  });
});

describe('a webinar after its date', () => {
  const WEBINAR = 'webinar/lung-ultrasound-basics';
  const REGISTER = { FIRST_NAME: 'Ada', LAST_NAME: 'Lovelace', EMAIL: 'ada.webinar@example.com', COUNTRY: 'US' };
  const closedFlag = async (path: string) => (await t.gql<{ leadForm: { registrationClosed: boolean; eventStartsAt: string | null } }>('query F($path: String!) { leadForm(path: $path, languageCode: EN) { registrationClosed eventStartsAt } }', { path })).body.data!.leadForm;

  it('is open before it begins, then says registration is closed and refuses a submission with CLOSED, storing nothing; a retry of one stored before still succeeds; other forms stay open', async () => {
    const saved = clock;
    try {
      const { eventStartsAt } = await closedFlag(WEBINAR);
      const starts = Date.parse(eventStartsAt!);
      clock = starts - 60 * 60_000;
      expect((await closedFlag(WEBINAR)).registrationClosed).toBe(false);
      const required = (await form(WEBINAR))!.fields.filter((f) => f.required);
      const values = Object.fromEntries(required.map((f) => [f.key, REGISTER[f.key as keyof typeof REGISTER] ?? f.choices?.[0] ?? 'Test']));
      const id = crypto.randomUUID();
      const early = await submit(values, { id, path: WEBINAR });
      expect(early.body.data!.leadFormSubmit).toEqual({ submitted: true, formName: 'webinar-lung-ultrasound-basics', errors: [] });

      // A ticket taken before the start, sent after it: refused all the same.
      const ticket = (await form(WEBINAR))!.ticket;
      clock = starts;
      expect((await closedFlag(WEBINAR)).registrationClosed).toBe(true);
      const before = await leadCount();
      const late = await submit(values, { path: WEBINAR, ticket });
      expect(late.status).toBe(200);
      expect(late.body.data!.leadFormSubmit).toEqual({ submitted: false, formName: null, errors: [{ field: null, code: 'CLOSED' }] });
      expect(await leadCount()).toBe(before);
      // The same submission id again (a retried request of the registration made in time) is answered as before.
      expect((await submit(values, { id, path: WEBINAR })).body.data!.leadFormSubmit.submitted).toBe(true);
      // A trade show and a form without a date are not closed by this.
      expect((await closedFlag('trade-show/rsna-2026')).registrationClosed).toBe(false);
      expect((await closedFlag('demo')).registrationClosed).toBe(false);
      expect((await submit(DEMO_VALUES)).body.data!.leadFormSubmit.submitted).toBe(true);
    } finally {
      clock = saved;
    }
  });
});

describe('forms configuration', () => {
  it('takes exact parent origins, always with the store\'s own, and refuses anything that is not an origin', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://probe.store', FORMS_PARENT_ORIGINS: 'https://Beta.Probe.Store/, https://vet.probe.example:8443' });
    expect(config.FORMS_PARENT_ORIGINS).toEqual(['https://probe.store', 'https://beta.probe.store', 'https://vet.probe.example:8443']);
    expect(() => loadConfig({ FORMS_PARENT_ORIGINS: 'https://*.probe.store' })).toThrow(/FORMS_PARENT_ORIGINS/);
    expect(() => loadConfig({ FORMS_PARENT_ORIGINS: 'https://probe.store/embed' })).toThrow(/not an origin/);
  });
});
