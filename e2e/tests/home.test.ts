import { IntlMessageFormat } from 'intl-messageformat';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueTexts, plainText, uiMessages } from '../support/text.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, settled, VIEWPORTS } from '../support/browser.ts';


/** Home and the specialization homes in en-US, de and ar: product names, prices in the route's format, calls to action. */
describe('home and specialization homes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const cases = [
    { path: '/us/en/', language: 'en-US', locale: 'en-US', iq3: 'IQ3 Probe', iq3Price: '$3,899.00', pro: '$35' },
    { path: '/de/de/', language: 'de', locale: 'de-DE', iq3: catalogueTexts('de').products.iq3!.name, iq3Price: '4.269,00 €', pro: '38 €' },
    { path: '/ae/ar/', language: 'ar', locale: 'ar-AE', iq3: catalogueTexts('ar').products.iq3!.name, iq3Price: null, pro: null },
  ];

  for (const c of cases) {
    it(`${c.path}: devices with prices, the plans of spec 1, the offer countdown; axe clean on phone and desktop`, async () => {
      const m = uiMessages(c.language);
      for (const [device, viewport] of Object.entries(VIEWPORTS)) {
        const { context, page, problems } = await openPage(browser, { viewport });
        await page.goto(c.path);
        const card = page.locator('.product-card').filter({ has: page.getByRole('heading', { name: c.iq3, exact: true }) });
        await expect(card.count()).resolves.toBe(1);
        const price = plainText(await card.locator('.price__current').textContent());
        if (c.iq3Price) expect(price).toBe(c.iq3Price);
        else expect(price).toMatch(/3,899|٣٬٨٩٩/);
        await expect(page.getByRole('heading', { name: m['plans.pro.name'], exact: true }).count()).resolves.toBe(1);
        await expect(page.getByText(m['plans.team.copy']!).count()).resolves.toBe(1);
        const presets = String(new IntlMessageFormat(m['plans.presets']!, c.locale).format({ count: 20 }));
        await expect(page.getByText(presets, { exact: true }).count()).resolves.toBe(2);
        if (c.pro) expect(plainText(await page.locator('.plan-card--featured .price__current').textContent())).toContain(c.pro);
        await settled(page);
        await expect(page.getByRole('timer').count()).resolves.toBe(1); // black-friday-2026 runs now
        expect(problems.errors).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `home-${c.path.split('/')[1]}-${device}`);
        await card.getByRole('link', { name: new RegExp(m['home.view']!) }).click();
        await page.waitForURL(`**${c.path}product/iq3/`);
        await context.close();
      }
    });
  }

  it('/vet/ lists the veterinary probes and /iq/ the human ones', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/us/en/vet/');
    await expect(page.locator('.product-card h3').allTextContents()).resolves.toEqual(['IQ3 Vet Probe', 'IQ+ Vet Probe']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'vet-desktop');
    await page.goto('/us/en/iq/');
    await expect(page.locator('.product-card h3').allTextContents()).resolves.toEqual(['IQ3 Probe', 'IQ+ Probe']);
    await context.close();
  });
});
