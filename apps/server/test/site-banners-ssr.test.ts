import { join } from 'node:path';
import { schema } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStorefrontBundles } from '../src/http/storefront-bundle.ts';
import { ensureBuilt, ROOT } from './built-server.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * Site banners (spec §3 Banner, the console's Banners page) in the server-rendered store: a banner shows on every
 * page chosen for it — product, pricing and cart too, which showed none — in the page's language, and where two
 * are chosen for a page the newest wins.
 */
let t: TestApp;
beforeAll(async () => {
  ensureBuilt();
  t = await startTestApp({ storefront: await loadStorefrontBundles(join(ROOT, 'apps/storefront/dist')) });
  const [older] = await t.database.db.insert(schema.banners).values({ content: 'Older: winter service hours', url: '/contact/', visibility: ['product', 'pricing', 'cart', 'checkout'], countries: ['DE'] }).returning();
  await t.database.db.insert(schema.bannerTranslations).values({ bannerId: older!.id, language: 'de', content: 'Älter: Servicezeiten im Winter' });
  const [newer] = await t.database.db.insert(schema.banners).values({ content: 'Newer: probes ship within 24 hours', url: null, visibility: ['product'], countries: ['DE'] }).returning();
  await t.database.db.insert(schema.bannerTranslations).values({ bannerId: newer!.id, language: 'de', content: 'Neuer: Sonden verlassen uns binnen 24 Stunden' });
}, 600_000);
afterAll(() => t?.close());

/** The page's site banner as rendered (the scripts, which hold the page's data, left out). */
const siteBanner = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  const html = res.body.replace(/<script[\s\S]*?<\/script>/g, '');
  return /<div class="site-banner" data-site-banner="">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? null;
};

describe('site banners, server-rendered', () => {
  it('show on the product, pricing and cart pages chosen, in the page\'s language, linked into the store; the newest chosen for a page wins', async () => {
    const product = await siteBanner('/de/de/product/iq3/');
    expect(product).toContain('Neuer: Sonden verlassen uns binnen 24 Stunden');
    expect(product).not.toContain('Älter');
    const pricing = await siteBanner('/de/de/pricing/');
    expect(pricing).toContain('Älter: Servicezeiten im Winter');
    expect(pricing).toContain('href="/de/de/contact/"');
    expect(await siteBanner('/de/de/cart/')).toContain('Älter: Servicezeiten im Winter');
  });

  it('are not shown in another country, nor on a page not chosen', async () => {
    expect(await siteBanner('/at/de/pricing/')).toBeNull();
    expect(await siteBanner('/de/de/accessories/')).toBeNull();
  });

  it('the API gives them newest first, and banner(page) the newest chosen for the page', async () => {
    const res = await t.gql<{ shop: { catalogue: { banners: Array<{ content: string }>; product: { content: string } | null; pricing: { content: string } | null } } }>(
      '{ shop { catalogue(country: DE, languageCode: EN) { banners { content } product: banner(page: "product") { content } pricing: banner(page: "pricing") { content } } } }');
    const catalogue = res.body.data!.shop.catalogue;
    expect(catalogue.banners.slice(0, 2).map((b) => b.content)).toEqual(['Newer: probes ship within 24 hours', 'Older: winter service hours']);
    expect(catalogue.product?.content).toBe('Newer: probes ship within 24 hours');
    expect(catalogue.pricing?.content).toBe('Older: winter service hours');
  });
});
