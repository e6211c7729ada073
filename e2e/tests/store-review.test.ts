import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated } from '../support/account.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { plainText } from '../support/text.ts';

/** Issue 35, the rest of the review, as a buyer sees it: the site banner on the pages chosen for it. */
describe('store review (issue 35)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the demo site banner (chosen for home and product) shows on a German product page at 390 and 1440 px, in German, and not on pricing; axe clean', async () => {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { context, page, problems } = await openPage(browser, { viewport });
      await page.goto('/de/de/product/iq3/');
      await hydrated(page);
      const banner = page.getByRole('region', { name: 'Neuigkeiten aus dem Shop' });
      expect(plainText(await banner.textContent())).toBe('Kostenloser Standardversand für jede Bestellung');
      expect(await banner.getByRole('link').getAttribute('href')).toBe('/de/de/supported-countries/');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `store-review-site-banner-${viewport.width}-de`);
      // Its link is a page of the store (it was /shipping/, which is none).
      await banner.getByRole('link').click();
      await page.waitForURL((url) => url.pathname === '/de/de/supported-countries/');
      await page.locator('h1').waitFor();
      expect(await page.getByTestId('not-found').count()).toBe(0);
      await page.goto('/de/de/pricing/');
      await hydrated(page);
      expect(await page.locator('[data-site-banner]').count()).toBe(0);
      expect(problems.errors).toEqual([]);
      await context.close();
    }
  });
});
