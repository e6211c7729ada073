import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';

/**
 * Issue 34: /product/{slug}/{subscription}/{period}/ preselects the plan and the period it names (it was
 * ignored: the first variant was always chosen); the server-rendered page shows it before any script runs.
 */
describe('product deep links', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const checkedSku = (page: import('playwright-core').Page) => page.locator('input[name=variant]:checked').getAttribute('value');

  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    it(`the Pro membership's three years, one year, annual and an unknown plan (${device})`, async () => {
      const { context, page, problems } = await openPage(browser, { viewport });
      expect((await page.goto('/us/en/product/pro-membership/pro/three-years/'))?.status()).toBe(200);
      expect(await checkedSku(page)).toBe('PRO-3Y-HUMAN');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `product-deep-link-three-years-${device}`);
      await page.goto('/us/en/product/pro-membership/individual/one-year/');
      expect(await checkedSku(page)).toBe('PRO-1Y-HUMAN');
      await page.goto('/us/en/product/pro-membership/individual/annual/');
      expect(await checkedSku(page)).toBe('PRO-ANNUAL-HUMAN');
      // A plan the product does not have: its first variant, as without a deep link.
      await page.goto('/us/en/product/pro-membership/clinic/annual/');
      expect(await checkedSku(page)).toBe('PRO-ANNUAL-HUMAN');
      // ?sku= (the buyer's own choice, kept in the address) wins over the link's segments.
      await page.goto('/us/en/product/pro-membership/pro/three-years/?sku=PRO-1Y-HUMAN');
      expect(await checkedSku(page)).toBe('PRO-1Y-HUMAN');
      expect(problems.errors).toEqual([]);
      await context.close();
    });
  }
});
