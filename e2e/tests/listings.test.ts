import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainText } from '../support/text.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, settled, VIEWPORTS } from '../support/browser.ts';


/** Accessories and supported countries, in en-US, de and ar. */
describe('accessories and supported countries', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const cases = [
    { country: 'us', language: 'en', cable: 'USB-C Cable', cablePrice: '$38.99', heading: 'Accessories', germany: 'Germany' },
    { country: 'de', language: 'de', cable: null, cablePrice: '42,99 €', heading: null, germany: 'Deutschland' },
    { country: 'ae', language: 'ar', cable: null, cablePrice: null, heading: null, germany: 'ألمانيا' },
  ];

  for (const c of cases) {
    it(`/${c.country}/${c.language}/accessories/ and /supported-countries/: names, prices in the route format, axe clean`, async () => {
      for (const [device, viewport] of Object.entries(VIEWPORTS)) {
        const { context, page, problems } = await openPage(browser, { viewport });
        await page.goto(`/${c.country}/${c.language}/accessories/`);
        const h1 = await page.getByRole('heading', { level: 1 }).textContent();
        if (c.heading) expect(h1).toBe(c.heading);
        else expect(h1).not.toBe('Accessories');
        await expect(page.locator('.product-card').count()).resolves.toBe(4);
        const first = page.locator('.product-card').first();
        if (c.cable) expect(await first.locator('h3').textContent()).toBe(c.cable);
        if (c.cablePrice) expect(plainText(await first.locator('.price__current').textContent())).toBe(c.cablePrice);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `accessories-${c.country}-${device}`);

        await page.goto(`/${c.country}/${c.language}/supported-countries/`);
        await expect(page.locator('.country-list li').count()).resolves.toBe(32);
        await expect(page.locator('.country-list').getByText(c.germany, { exact: true }).count()).resolves.toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
        await settled(page);
        expect(problems.errors).toEqual([]);
        await context.close();
      }
    });
  }
});

describe('pricing and feature comparison', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const [path, proPrice] of [['/us/en/pricing/', '$35'], ['/de/de/pricing/', '38 €'], ['/ae/ar/pricing/', null]] as const) {
    it(`${path}: plans side by side with prices and features, axe clean on phone and desktop`, async () => {
      for (const [device, viewport] of Object.entries(VIEWPORTS)) {
        const { context, page, problems } = await openPage(browser, { viewport });
        await page.goto(path);
        const table = page.getByRole('table');
        await expect(table.locator('thead th').count()).resolves.toBe(5);
        await expect(table.locator('tbody tr').count()).resolves.toBe(9);
        const pro = table.locator('thead th.is-featured');
        if (proPrice) expect(plainText(await pro.locator('.price__current').textContent())).toContain(proPrice);
        // Team: worksheets included; Core: not.
        const worksheets = table.locator('tbody tr').nth(6);
        await expect(worksheets.locator('td').nth(0).getByRole('img').getAttribute('aria-label')).resolves.not.toBe(await worksheets.locator('td').nth(2).getByRole('img').getAttribute('aria-label'));
        expect(await seriousViolations(page)).toEqual([]);
        await settled(page);
        // The table scrolls in its own box; the page itself is never wider than the screen (it was 716 px at 390).
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(problems.errors).toEqual([]);
        await screenshot(page, `pricing-${path.split('/')[1]}-${device}`);
        await context.close();
      }
    });
  }
});

describe('contact', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const cases: Array<[path: string, region: string, academy: boolean, englishOnlyNote: boolean]> = [
    ['/gb/en/contact/', 'gb', true, false],
    ['/de/de/contact/', 'de-at', true, true],
    ['/at/de/contact/', 'de-at', true, true],
    ['/ca/fr/contact/', 'default', true, true],
    ['/ca/en/contact/', 'default', true, false],
    ['/es/es/contact/', 'default', false, false],
    ['/ae/ar/contact/', 'default', false, false],
  ];

  it('shows the regional page or the default one, support and return links by country and language, and the Academy rules', async () => {
    const { context, page } = await openPage(browser);
    for (const [path, region, academy, note] of cases) {
      await page.goto(path);
      await expect(page.locator('.contact-grid').getAttribute('data-region'), path).resolves.toBe(region);
      await expect(page.locator('#contact-academy').count(), path).resolves.toBe(academy ? 1 : 0);
      await expect(page.getByTestId('english-only-note').count(), path).resolves.toBe(note ? 1 : 0);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.goto('/nl/nl/contact/');
    await expect(page.locator('#contact-support ~ a, section[aria-labelledby=contact-support] a').first().getAttribute('href')).resolves.toMatch(/\/nl-nl$/);
    await screenshot(page, 'contact-nl-desktop');
    await context.close();
  });
});

describe('site map', () => {
  it('links every built screen in the route language, and each link answers 200', async () => {
    const browser = await launchBrowser();
    try {
      const { context, page } = await openPage(browser);
      await page.goto('/de/de/site-map/');
      const links = await page.locator('.site-map a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(links.length).toBeGreaterThanOrEqual(8);
      expect(links).toEqual(expect.arrayContaining(['/de/de/accessories/', '/de/de/iq-3/', '/de/de/vet/pro/3-year/', '/de/de/pricing/cable/', '/de/de/terms/']));
      expect(links.every((href) => href.startsWith('/de/de/'))).toBe(true);
      for (const href of links) expect((await page.request.get(href)).status(), href).toBe(200);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});

describe('bundles', () => {
  it('/iq/bundle/ and /vet/bundle/ show the all-in bundle of their market with its saving, and open it chosen', async () => {
    const browser = await launchBrowser();
    try {
      const { context, page } = await openPage(browser);
      await page.goto('/us/en/iq/bundle/');
      await expect(page.locator('.product-card').count()).resolves.toBe(1);
      const card = page.locator('.product-card');
      expect(plainText(await card.locator('s').textContent())).toContain('$5,579.00');
      expect(plainText(await card.locator('.price__current').textContent())).toContain('$4,999.00');
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/de/de/vet/bundle/');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.locator('.product-card a.button').click();
      await page.waitForURL('**/de/de/product/all-in-bundle/?sku=ALLIN-IQ3-VET');
      await expect(page.getByRole('radio', { checked: true }).getAttribute('value')).resolves.toBe('ALLIN-IQ3-VET');
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
