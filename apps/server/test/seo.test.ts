import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLIC_STORE_PATHS } from '@probe/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SitemapCache, xml } from '../src/http/seo.ts';
import { loadStorefrontBundles } from '../src/http/storefront-bundle.ts';
import { localeSitemapXml, priceVariant, type CatalogueSnapshot } from '../src/modules/catalogue/index.ts';
import { ensureBuilt, ROOT } from './built-server.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * What search engines and link previews read (issue 36): robots.txt, the sitemap (an index of one file per
 * market and language, every public page with its hreflang alternates) and, on the server-rendered pages,
 * the description, sharing tags and a product's schema.org Product and Offers, checked against the
 * catalogue, with every absolute URL on PUBLIC_URL whatever Host the request names.
 */
const ORIGIN = 'https://shop.probe.example';
let t: TestApp;
beforeAll(async () => {
  ensureBuilt();
  t = await startTestApp({ config: { PUBLIC_URL: ORIGIN }, storefront: await loadStorefrontBundles(join(ROOT, 'apps/storefront/dist')) });
}, 600_000);
afterAll(() => t?.close());

/** Requests name a host the server answers but that is not PUBLIC_URL's, and a forwarded host it must never use. */
const HEADERS = { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' };
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: HEADERS });
  return res;
};
const messages = (language: string) => JSON.parse(readFileSync(join(ROOT, `apps/storefront/src/i18n/messages/${language}.json`), 'utf8')) as Record<string, string>;

/** The <url> entries of a sitemap file: each page's address and its alternates by hreflang. */
function parseUrlset(xml: string): Map<string, Map<string, string>> {
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
  const urls = new Map<string, Map<string, string>>();
  for (const [, body] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = /<loc>([^<]+)<\/loc>/.exec(body!)![1]!;
    const alternates = new Map([...body!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1]!, m[2]!] as const));
    urls.set(loc, alternates);
  }
  return urls;
}

const soldSlugs = (snapshot: CatalogueSnapshot) => snapshot.products.filter((p) => p.variants.some((v) => v.price)).map((p) => p.slug);

async function sitemapFile(name: string) {
  const res = await get(`/sitemaps/${name}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/xml');
  return parseUrlset(res.body);
}

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt points at the sitemap on PUBLIC_URL and keeps crawlers out of the API and the buyers\' own pages', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    for (const path of ['/graphql', '/admin/', '/*/*/checkout/', '/*/*/account/']) expect(res.body).toContain(`Disallow: ${path}\n`);
    expect(res.body).not.toContain('evil.example');
  });

  it('sitemap.xml indexes one file per market and language the store serves, on PUBLIC_URL', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const files = [...res.body.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]!);
    expect(files).toContain(`${ORIGIN}/sitemaps/us-en-1.xml`);
    expect(files).toContain(`${ORIGIN}/sitemaps/de-de-1.xml`);
    expect(files).toContain(`${ORIGIN}/sitemaps/de-en-1.xml`);
    expect(files).toContain(`${ORIGIN}/sitemaps/ae-ar-1.xml`);
    // Not a store country (the extra usd countries without device prices redirect), nor an unknown file.
    expect(files.some((f) => f.includes('/mx-'))).toBe(false);
    expect(files.every((f) => f.startsWith(`${ORIGIN}/sitemaps/`))).toBe(true);
    expect((await get('/sitemaps/xx-en-1.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/us-en-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/..%2fconfig.xml')).statusCode).toBe(404);
  });

  it('each market\'s file lists its public pages and the products it sells, with hreflang alternates in every market that has them', async () => {
    const [us, de] = await Promise.all([t.catalogue.snapshot('US', 'en'), t.catalogue.snapshot('DE', 'en')]);
    const usUrls = await sitemapFile('us-en-1.xml');
    const deUrls = await sitemapFile('de-de-1.xml');
    for (const [urls, base, snapshot] of [[usUrls, '/us/en/', us!], [deUrls, '/de/de/', de!]] as const) {
      const expected = [...PUBLIC_STORE_PATHS, ...soldSlugs(snapshot).map((slug) => `product/${slug}/`)].map((path) => `${ORIGIN}${base}${path}`);
      expect([...urls.keys()].sort()).toEqual(expected.sort());
    }
    // A product page names its versions in both markets, the other languages of Germany and the default store.
    const iq3 = usUrls.get(`${ORIGIN}/us/en/product/iq3/`)!;
    expect(iq3.get('en-US')).toBe(`${ORIGIN}/us/en/product/iq3/`);
    expect(iq3.get('de-DE')).toBe(`${ORIGIN}/de/de/product/iq3/`);
    expect(iq3.get('en-DE')).toBe(`${ORIGIN}/de/en/product/iq3/`);
    expect(iq3.get('ar-AE')).toBe(`${ORIGIN}/ae/ar/product/iq3/`);
    expect(iq3.get('x-default')).toBe(`${ORIGIN}/us/en/product/iq3/`);
    expect(deUrls.get(`${ORIGIN}/de/de/product/iq3/`)).toEqual(iq3);
    const home = deUrls.get(`${ORIGIN}/de/de/`)!;
    expect(home.get('fr-CH')).toBe(`${ORIGIN}/ch/fr/`);
    expect(home.size).toBeGreaterThan(40);
  });

  it('is kept while the catalogue stands and made again when it changes', async () => {
    const before = (await get('/sitemaps/us-en-1.xml')).body;
    expect((await get('/sitemaps/us-en-1.xml')).body).toBe(before);
    expect(before).toContain('/us/en/product/usb-c-cable/');
    await t.database.db.execute(sql`update product_variants set is_published = false where product_id = (select id from products where slug = 'usb-c-cable')`);
    const after = (await get('/sitemaps/us-en-1.xml')).body;
    expect(after).not.toContain('/product/usb-c-cable/');
    expect(after).toContain('/us/en/product/iq3/');
    await t.database.db.execute(sql`update product_variants set is_published = true where product_id = (select id from products where slug = 'usb-c-cable')`);
    expect((await get('/sitemaps/us-en-1.xml')).body).toBe(before);
  });

  it('keeps its files gzipped within its byte budget: the least recently read goes first and is made again when asked', async () => {
    const file = (cache: SitemapCache, code: string, language: string) => cache.file(`${code}-${language}-1.xml`, (plan) => localeSitemapXml(plan, ORIGIN, code, language, 1));
    const us = (await file(new SitemapCache(t.catalogue), 'us', 'en'))!;
    // A market's file is a few hundred kilobytes of text (every page with ~50 alternates), a tenth of it or less gzipped.
    const size = us.length;
    expect(Buffer.byteLength(xml(us))).toBeGreaterThan(100_000);
    expect(size).toBeLessThan(Buffer.byteLength(xml(us)) / 10);
    const cache = new SitemapCache(t.catalogue, Math.floor(size * 2.5));
    for (const [code, language] of [['us', 'en'], ['de', 'de'], ['fr', 'fr'], ['it', 'it']] as const) {
      expect(xml((await file(cache, code, language))!)).toContain(`${ORIGIN}/${code}/${language}/pricing/`);
      expect(cache.size).toBeLessThanOrEqual(Math.floor(size * 2.5));
    }
    expect(cache.size).toBeGreaterThan(size);
    // The first file was dropped to keep the budget; asked again, it is the same.
    expect(xml((await file(cache, 'us', 'en'))!)).toBe(xml(us));
    // A file larger than the whole budget is answered and not kept.
    const tiny = new SitemapCache(t.catalogue, 100);
    expect(xml((await file(tiny, 'us', 'en'))!)).toBe(xml(us));
    expect(tiny.size).toBe(0);
  });

  it('sends a crawler that takes gzip the file as kept, anyone else the XML', async () => {
    const plain = await get('/sitemaps/us-en-1.xml');
    const zipped = await t.app.inject({ method: 'GET', url: '/sitemaps/us-en-1.xml', headers: { ...HEADERS, 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toContain('accept-encoding');
    expect(xml(zipped.rawPayload)).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.startsWith('<?xml')).toBe(true);
    // A client that names gzip only to refuse it (q=0) gets the XML too.
    const refused = await t.app.inject({ method: 'GET', url: '/sitemaps/us-en-1.xml', headers: { ...HEADERS, 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });
});

/** The page's <head>: its meta tags by name or property, and its JSON-LD objects. */
async function head(url: string) {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  const headHtml = /<head>([\s\S]*?)<\/head>/.exec(res.body)![1]!;
  const meta = new Map<string, string[]>();
  for (const m of headHtml.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)) meta.set(m[1]!, [...(meta.get(m[1]!) ?? []), m[2]!]);
  const jsonLd = [...headHtml.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return { html: res.body, meta, jsonLd };
}
const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

describe('description, sharing tags and product structured data', () => {
  const markets = [
    { path: '/us/en/', country: 'US', language: 'en-US', messages: 'en', currency: 'USD' },
    { path: '/de/de/', country: 'DE', language: 'de', messages: 'de', currency: 'EUR' },
  ];
  for (const market of markets) {
    it(`${market.path}product/iq3/: Product with one Offer per variant sold, in the market's currency, language and price shown`, async () => {
      const snapshot = (await t.catalogue.snapshot(market.country, market.language))!;
      const product = snapshot.productBySlug.get('iq3')!;
      const page = await head(`${market.path}product/iq3/`);
      expect(page.jsonLd).toHaveLength(1);
      const data = JSON.parse(page.jsonLd[0]!) as Record<string, unknown> & { offers: Array<Record<string, string>> };
      expect(data['@context']).toBe('https://schema.org');
      expect(data['@type']).toBe('Product');
      expect(data.name).toBe(product.name);
      expect(data.description).toBe(product.shortDescription);
      expect(data.image).toBe(`${ORIGIN}/media/${product.images[0]!.path}?size=750`);
      const sold = product.variants.filter((v) => v.price);
      expect(data.sku).toBe(sold[0]!.sku);
      expect(data.offers.map((o) => o.sku)).toEqual(sold.map((v) => v.sku));
      for (const [i, variant] of sold.entries()) {
        const pricing = priceVariant(variant, snapshot.country, null)!;
        const minor = snapshot.country.displayGrossPrices ? pricing.price.gross : pricing.price.net;
        expect(data.offers[i]).toMatchObject({
          '@type': 'Offer',
          price: (minor / 100).toFixed(2),
          priceCurrency: market.currency,
          availability: !variant.trackInventory || variant.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          url: `${ORIGIN}${market.path}product/iq3/?sku=${encodeURIComponent(variant.sku)}`,
        });
      }
      expect(page.meta.get('description')?.map(unescape)).toEqual([product.shortDescription]);
      expect(page.meta.get('og:url')).toEqual([`${ORIGIN}${market.path}product/iq3/`]);
      expect(page.meta.get('og:image')).toEqual([data.image]);
      expect(page.meta.get('og:type')).toEqual(['product']);
      expect(page.meta.get('twitter:card')).toEqual(['summary_large_image']);
      expect(unescape(page.meta.get('og:title')![0]!)).toContain(product.name);
      expect(page.html).not.toContain('evil.example');
      expect(page.html).toContain(`<link rel="canonical" href="${ORIGIN}${market.path}product/iq3/" />`);
    });

    it(`${market.path}: the home's own description in the page's language, sharing tags without a product`, async () => {
      const page = await head(market.path);
      expect(page.meta.get('description')?.map(unescape)).toEqual([messages(market.messages)['meta.description.home']]);
      expect(page.meta.get('og:url')).toEqual([`${ORIGIN}${market.path}`]);
      expect(page.meta.get('og:type')).toEqual(['website']);
      expect(page.meta.has('og:image')).toBe(false);
      expect(page.jsonLd).toEqual([]);
      const pricing = await head(`${market.path}pricing/`);
      expect(pricing.meta.get('description')?.map(unescape)).toEqual([messages(market.messages)['meta.description.pricing']]);
    });
  }

  it('a product name with markup stays inside its JSON-LD script and reads back exactly', async () => {
    const name = 'Gel </script><script>alert(1)</script> <!-- & \u2028 "quoted"';
    await t.database.db.execute(sql`update products set name = ${name} where slug = 'usb-c-cable-long'`);
    const [slug] = (await t.database.db.execute(sql`select slug from products where name = ${name}`) as unknown as { rows: Array<{ slug: string }> }).rows;
    expect(slug).toBeDefined();
    const page = await head(`/us/en/product/${slug!.slug}/`);
    expect(page.html).not.toContain('<script>alert(1)</script>');
    expect(page.jsonLd).toHaveLength(1);
    expect(page.jsonLd[0]).not.toMatch(/[<>&\u2028]/);
    expect((JSON.parse(page.jsonLd[0]!) as { name: string }).name).toBe(name);
  });
});
