import { join } from 'node:path';
import { schema } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStorefrontBundles } from '../src/http/storefront-bundle.ts';
import { ensureBuilt, ROOT } from './built-server.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * Promo banners in the server-rendered page (the built storefront, rendered by the app as in production): a promo's
 * banner is in the HTML of the pages it names, in the page's language, and not in the others.
 */
let t: TestApp;
beforeAll(async () => {
  ensureBuilt();
  t = await startTestApp({ storefront: await loadStorefrontBundles(join(ROOT, 'apps/storefront/dist')) });
  const [promo] = await t.database.db.insert(schema.promos).values({
    code: 'SSRSPRING', name: 'Spring', discountKind: 'PERCENT', discountPercent: 10_000, countries: ['DE'],
    bannerMessage: 'Spring sale: 10 % off', bannerLink: '/pricing/', bannerColor: '#b91c1c', bannerVisibilityPages: ['home', 'product'],
  }).returning();
  await t.database.db.insert(schema.promoTranslations).values({ promoId: promo!.id, language: 'de', name: 'Frühling', bannerMessage: 'Frühlingsaktion: 10 % Rabatt' });
}, 600_000);
afterAll(() => t?.close());

/** The rendered markup of a page, without its scripts (the SSR state holds the promos' data on every page). */
const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.body.replace(/<script[\s\S]*?<\/script>/g, '');
};

describe('promo banners, server-rendered', () => {
  it('are in the HTML of a page the promo names, in the page\'s language, linked into the store and coloured by a class', async () => {
    const html = await page('/de/de/');
    const banner = /<div class="promo-banner promo-banner--(\w+)" data-promo="SSRSPRING">([\s\S]*?)<\/div>/.exec(html);
    expect(banner?.[2]).toContain('Frühlingsaktion: 10 % Rabatt');
    expect(banner?.[2]).toContain('href="/de/de/pricing/"');
    expect(banner?.[1]).toBe('red');
    expect(banner?.[0]).not.toContain('style=');
    expect(html).not.toContain('Spring sale: 10 % off');
    expect(await page('/de/de/product/iq3/')).toContain('Frühlingsaktion: 10 % Rabatt');
  });

  it('are not in the HTML of a page the promo does not name', async () => {
    const html = await page('/de/de/pricing/');
    expect(html).not.toContain('Frühlingsaktion');
    expect(html).not.toContain('promo-banner--');
  });

  it('the demo store\'s own promo and site banner are in the German store\'s language, not English', async () => {
    const html = await page('/de/de/');
    expect(html).toContain('Frühlingsangebot: 10 % Rabatt mit dem Code SPRING10');
    expect(html).toContain('Kostenloser Standardversand für jede Bestellung');
    expect(html).not.toContain('Spring offer: 10% off');
    expect(html).not.toContain('Free standard delivery on every order');
    expect(await page('/us/en/')).toContain('Spring offer: 10% off with code SPRING10');
    // Standard delivery is free everywhere but the rest-of-the-world zone: the banner is not shown where it is not true.
    expect(await page('/us/en/')).toContain('Free standard delivery on every order');
    expect(await page('/ae/ar/')).not.toContain('توصيل قياسي مجاني لكل طلب');
  });
});
