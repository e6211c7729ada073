import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated } from '../support/account.ts';
import { launchBrowser, openPage } from '../support/browser.ts';
import { uiMessages } from '../support/text.ts';

/**
 * A page's description, sharing tags and structured data follow in-app navigation (issue 36): a crawler
 * that runs the page's code, or a share after moving around, reads the page it is on, never the first one.
 */
const head = (page: Page) => page.evaluate(() => ({
  descriptions: [...document.querySelectorAll('meta[name="description"]')].map((m) => (m as HTMLMetaElement).content),
  ogUrl: [...document.querySelectorAll('meta[property="og:url"]')].map((m) => (m as HTMLMetaElement).content),
  ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? null,
  jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? 'null') as { '@type': string; name: string; offers: Array<{ priceCurrency: string }> }),
}));

describe('page meta', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('moving from the home to a product and to pricing in the app replaces the description, og:url and the Product data', async () => {
    const m = uiMessages('de');
    const { context, page, problems } = await openPage(browser);
    await page.goto('/de/de/');
    await hydrated(page);
    const origin = new URL(page.url()).origin;
    let now = await head(page);
    expect(now.descriptions).toEqual([m['meta.description.home']]);
    expect(now.jsonLd).toEqual([]);

    await page.locator('.product-card a[href="/de/de/product/iq3/"]').first().click();
    await page.waitForURL((url) => url.pathname === '/de/de/product/iq3/');
    await expect.poll(async () => (await head(page)).jsonLd.length).toBe(1);
    now = await head(page);
    const name = (await page.locator('h1').textContent())!;
    expect(now.jsonLd[0]).toMatchObject({ '@type': 'Product', name });
    expect(now.jsonLd[0]!.offers.every((o) => o.priceCurrency === 'EUR')).toBe(true);
    expect(now.descriptions).toEqual([(await page.locator('.product-page__lead').textContent())!]);
    expect(now.ogUrl).toEqual([`${origin}/de/de/product/iq3/`]);
    expect(now.ogTitle).toContain(name);

    await page.getByRole('navigation', { name: m['app.mainNav'] }).getByRole('link', { name: m['nav.pricing'], exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/de/de/pricing/');
    await expect.poll(async () => (await head(page)).descriptions).toEqual([m['meta.description.pricing']]);
    now = await head(page);
    expect(now.jsonLd).toEqual([]);
    expect(now.ogUrl).toEqual([`${origin}/de/de/pricing/`]);
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
