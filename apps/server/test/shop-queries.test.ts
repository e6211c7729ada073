import { STORE_COUNTRIES } from '@probe/domain';
import { schema } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`shop queries (${DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      config: { MAINTENANCE_ALLOW_IPS: ['10.9.8.7'], TRUST_PROXY: true },
      geoLookup: (ip) => (ip === '81.2.69.160' ? 'GB' : ip === '1.2.3.4' ? 'JP' : null),
    });
  });
  afterAll(() => t?.close());

  it('EnabledCountries lists the 32 store countries in order, named in the language asked for', async () => {
    const q = 'query EnabledCountries($languageCode: LanguageCodeEnum) { shop { countries(languageCode: $languageCode) { code country } } }';
    const en = await t.gql<{ shop: { countries: Array<{ code: string; country: string }> } }>(q);
    expect(en.body.data!.shop.countries.map((c) => c.code)).toEqual([...STORE_COUNTRIES]);
    expect(en.body.data!.shop.countries[5]).toEqual({ code: 'DE', country: 'Germany' });
    const de = await t.gql<{ shop: { countries: Array<{ code: string; country: string }> } }>(q, { languageCode: 'DE' });
    expect(de.body.data!.shop.countries.find((c) => c.code === 'DE')?.country).toBe('Deutschland');
    const ar = await t.gql<{ shop: { countries: Array<{ code: string; country: string }> } }>(q, { languageCode: 'AR' });
    expect(ar.body.data!.shop.countries.find((c) => c.code === 'DE')?.country).toBe('ألمانيا');
  });

  describe('Geolocalization', () => {
    const q = '{ shop { geolocalization { country { code country } } } }';
    const geo = async (headers: Record<string, string>) =>
      (await t.gql<{ shop: { geolocalization: { country: { code: string } | null } } }>(q, undefined, headers)).body.data!.shop.geolocalization.country;

    it('trusts the CDN country header first', async () => {
      expect(await geo({ 'x-country-code': 'de' })).toMatchObject({ code: 'DE' });
      expect(await geo({ 'x-country-code': 'PL', 'x-forwarded-for': '81.2.69.160' })).toMatchObject({ code: 'PL' });
    });
    it('falls back to the GeoIP database for a public address', async () => {
      expect(await geo({ 'x-forwarded-for': '81.2.69.160' })).toMatchObject({ code: 'GB' });
    });
    it('gives null for loopback, for an unknown or malformed country, and for a country the store does not know', async () => {
      expect(await geo({})).toBeNull();
      expect(await geo({ 'x-forwarded-for': '127.0.0.1' })).toBeNull();
      expect(await geo({ 'x-country-code': 'XX' })).toBeNull();
      expect(await geo({ 'x-country-code': 'germany' })).toBeNull();
      expect(await geo({ 'x-forwarded-for': '1.2.3.4' })).toBeNull();
    });
  });

  describe('MaintenanceQuery', () => {
    const q = '{ shop { maintenanceMode maintenanceAccessAllowed maintenancePageHeader maintenancePageContent maintenancePageUrl } }';
    it('is off by default', async () => {
      const res = await t.gql<{ shop: Record<string, unknown> }>(q);
      expect(res.body.data!.shop).toEqual({
        maintenanceMode: false, maintenanceAccessAllowed: false, maintenancePageHeader: null, maintenancePageContent: null, maintenancePageUrl: null,
      });
    });
    it('reads the settings table, and lets the configured addresses in', async () => {
      await t.database.db.update(schema.shopSettings).set({ maintenanceMode: true, maintenancePageHeader: 'Back soon', maintenancePageUrl: 'https://status.example' });
      try {
        const closed = await t.gql<{ shop: Record<string, unknown> }>(q);
        expect(closed.body.data!.shop).toMatchObject({ maintenanceMode: true, maintenanceAccessAllowed: false, maintenancePageHeader: 'Back soon' });
        const allowed = await t.gql<{ shop: Record<string, unknown> }>(q, undefined, { 'x-forwarded-for': '10.9.8.7' });
        expect(allowed.body.data!.shop).toMatchObject({ maintenanceMode: true, maintenanceAccessAllowed: true });
      } finally {
        await t.database.db.update(schema.shopSettings).set({ maintenanceMode: false, maintenancePageHeader: null, maintenancePageUrl: null });
        // Switched off behind the server's back (not through the console): it sees so at the next request that reads the settings.
        await t.gql(q);
      }
    });
  });

  it('me is null for an anonymous caller', async () => {
    const res = await t.gql<{ me: unknown }>('query UserQuery { me { id email } }');
    expect(res.body).toEqual({ data: { me: null } });
  });

  it('answers queries over GET', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/graphql?query=' + encodeURIComponent('{ shop { maintenanceMode } }') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { shop: { maintenanceMode: false } } });
  });
});

describe('deferred parts', () => {
  it('answers @defer as multipart/mixed parts (the JIT sends the deferred fields inline, which the spec allows)', async () => {
    const t = await startTestApp();
    try {
      const res = await t.app.inject({
        method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', accept: 'multipart/mixed' },
        payload: JSON.stringify({ query: '{ shop { maintenanceMode ... @defer { storeType } } }' }),
      });
      expect(res.headers['content-type']).toMatch(/^multipart\/mixed/);
      const parts = res.body.split(/\r\n-{3,}\r?\n?/).map((p) => p.split('\r\n\r\n')[1]).filter(Boolean).map((p) => JSON.parse(p!));
      const merged = Object.assign({}, ...parts.map((p) => p.data?.shop), ...parts.flatMap((p) => p.incremental ?? []).map((i: { data: object }) => i.data));
      expect(merged).toEqual({ maintenanceMode: false, storeType: 'IQ' });
    } finally {
      await t.close();
    }
  });
});
