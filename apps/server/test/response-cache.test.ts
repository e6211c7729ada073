import { gunzipSync } from 'node:zlib';
import { schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const SHOP = 'query Shop { shop { catalogue(country: US, languageCode: EN) { variants(group: IQ3_DEVICE, market: HUMAN) { sku pricing { price { gross { fractionalAmount } } } } } } }';

/** About 2 KB of answer, different for each i (aliases name the fields). */
const distinct = (i: number) => `query Shop { shop { catalogue(country: US, languageCode: EN) { ${Array.from({ length: 18 }, (_, k) => `v${i}x${k}: variants(group: ACCESSORIES) { sku }`).join(' ')} } } }`;

describe(`response cache for anonymous catalogue answers (${DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { RESPONSE_CACHE_MAX_AGE_S: 60 } });
  });
  afterAll(() => t?.close());

  const post = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify({ query }) });
  const get = (query: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(query)}`, headers });

  it('serves a repeated anonymous Shop query from memory with the same body, an ETag and Cache-Control', async () => {
    const first = await post(SHOP);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await post(SHOP);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });

  it('sends a kept answer gzipped to a client that accepts gzip, and inflated to one that does not or refuses it', async () => {
    const query = distinct(900);
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };
    const miss = await post(query, gzip);
    expect([miss.headers['x-cache'], miss.headers['content-encoding']]).toEqual(['MISS', 'gzip']);
    const answer = gunzipSync(miss.rawPayload).toString();
    expect(JSON.parse(answer).data.shop.catalogue.v900x0.length).toBeGreaterThan(0);
    const hit = await post(query, gzip);
    expect([hit.headers['x-cache'], hit.headers['content-encoding']]).toEqual(['HIT', 'gzip']);
    expect(gunzipSync(hit.rawPayload).toString()).toBe(answer);
    // A client without gzip is sent a plain copy, kept beside the gzipped one and counted in the budget.
    const before = t.responseCache.stats.bytes;
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip;q=0, identity' }] as Array<Record<string, string>>) {
      const plain = await post(query, headers);
      expect([plain.headers['x-cache'], plain.headers['content-encoding']]).toEqual(['HIT', undefined]);
      expect(plain.body).toBe(answer);
    }
    expect(t.responseCache.stats.bytes - before).toBe(Buffer.byteLength(answer));
  });

  it('answers a GET with If-None-Match 304 and no body', async () => {
    const first = await get(SHOP);
    const again = await get(SHOP, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('never shares an answer that depends on who asks, or one asked with a token, or one with errors', async () => {
    const geo = 'query Shop { shop { geolocalization { country { code } } } }';
    await post(geo, { 'x-country-code': 'DE' });
    const other = await post(geo, { 'x-country-code': 'FR' });
    expect(other.headers['x-cache']).toBeUndefined();
    expect(other.json()).toEqual({ data: { shop: { geolocalization: { country: { code: 'FR' } } } } });
    expect(other.headers['cache-control']).toBe('no-store');

    await post(SHOP, { authorization: 'JWT a.b.c' });
    expect((await post(SHOP, { authorization: 'JWT a.b.c' })).headers['x-cache']).toBeUndefined();

    const team = 'query Shop { shop { catalogue(country: US, languageCode: EN) { variants(group: TEAM) { sku } } } }';
    await post(team);
    expect((await post(team)).headers['x-cache']).toBeUndefined();
  });

  it('drops its answers when the catalogue changes', async () => {
    await post(SHOP);
    const [variant] = await t.database.db.select().from(schema.productVariants).where(eq(schema.productVariants.sku, 'IQ3-USBC-HUMAN'));
    await t.database.db.update(schema.variantPrices).set({ amount: 3799_00 }).where(sql`${schema.variantPrices.variantId} = ${variant!.id} and ${schema.variantPrices.country} = 'US'`);
    const fresh = await post(SHOP);
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect(fresh.body).toContain('379900');
  });

  it('drops its answers when shop settings change', async () => {
    const q = 'query Shop { shop { teamConfiguration { maxSeats } } }';
    await post(q);
    await t.database.db.update(schema.shopSettings).set({ teamMaxSeats: 30 });
    const fresh = await post(q);
    expect(fresh.json()).toEqual({ data: { shop: { teamConfiguration: { maxSeats: 30 } } } });
  });

  it('never answers a mutation from memory: a repeated one runs again', async () => {
    const create = 'mutation { checkoutCreate(input: { lines: [{ sku: "ACC-USBC-1M", quantity: 1 }], country: US }) { checkout { token } errors { code } } }';
    const first = await post(create);
    const second = await post(create);
    expect(second.headers['x-cache']).not.toBe('HIT');
    expect(JSON.parse(second.body).data.checkoutCreate.checkout.token).not.toBe(JSON.parse(first.body).data.checkoutCreate.checkout.token);
  });

  it('serves one answer to requests written differently: spacing, key order, an operation name given or not', async () => {
    await post(SHOP);
    const first = await post(SHOP);
    expect(first.headers['x-cache']).toBe('HIT');
    const spaced = await post(SHOP.replace(/ \{ /g, '  {\n  '));
    expect(spaced.headers['x-cache']).toBe('HIT');
    expect(spaced.body).toBe(first.body);
    const reordered = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: `{"variables":{},"query":${JSON.stringify(SHOP)}}` });
    expect(reordered.headers['x-cache']).toBe('HIT');
  });
});

describe(`response cache within its byte budget (${DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { RESPONSE_CACHE_MAX_AGE_S: 1, RESPONSE_CACHE_MAX_BYTES: 64 * 1024, RESPONSE_CACHE_MAX_ANSWER_BYTES: 4 * 1024 } });
  });
  afterAll(() => t?.close());
  const post = (query: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify({ query }) });

  it('keeps at most its budget however many distinct answers come, the least recently used out first', async () => {
    // As browsers ask: with gzip.
    const gzip = { 'accept-encoding': 'gzip' };
    const answerBytes = gunzipSync((await post(distinct(0), gzip)).rawPayload).length;
    for (let i = 1; i < 120; i++) expect((await post(distinct(i), gzip)).headers['x-cache']).toBe('MISS');
    expect(t.responseCache.stats.bytes).toBeLessThanOrEqual(64 * 1024);
    // Kept gzipped: more answers than the budget holds as they are sent.
    expect(t.responseCache.stats.entries).toBeGreaterThan((64 * 1024) / answerBytes);
    expect((await post(distinct(119))).headers['x-cache']).toBe('HIT');
    expect((await post(distinct(0))).headers['x-cache']).toBe('MISS');
  });

  it('does not keep an answer over the per-answer cap', async () => {
    const large = `query Shop { shop { catalogue(country: US, languageCode: EN) { ${Array.from({ length: 30 }, (_, k) => `l${k}: variants(group: ACCESSORIES) { sku name }`).join(' ')} } } }`;
    const first = await post(large);
    expect(first.body.length).toBeGreaterThan(4 * 1024);
    expect(first.headers['cache-control']).toBe('no-store');
    expect((await post(large)).headers['x-cache']).toBeUndefined();
  });

  it('sweeps expired answers without being asked for them', async () => {
    await post(distinct(500));
    expect(t.responseCache.stats.entries).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 2200));
    expect(t.responseCache.stats.entries).toBe(0);
  });
});
