import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated } from '../support/account.ts';
import { launchBrowser, openPage, pageViews, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { uiMessages } from '../support/text.ts';

/** Issue 14: analytics wait for the visitor's choice — queued in order, pushed once on allow, dropped on decline. */
describe('analytics consent', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('DE / de: views before the choice wait across page loads; allowing pushes them in order, once; the footer reopens the choice', async () => {
    const de = uiMessages('de');
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.phone }, { consent: null });
    await page.goto('/de/de/cart/');
    await hydrated(page);
    const banner = page.getByRole('region', { name: de['consent.heading'] });
    await banner.waitFor();
    expect(await pageViews(page)).toEqual([]);
    await page.goto('/de/de/accessories/');
    await hydrated(page);
    await banner.waitFor();
    expect(await pageViews(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('anonymousId'))).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'consent-banner-phone-de');

    await banner.getByRole('button', { name: de['consent.allow'] }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await pageViews(page)).toEqual(['cart', 'accessories home']);
    await page.reload();
    await hydrated(page);
    await expect.poll(() => pageViews(page)).toEqual(['accessories home']);
    expect(await banner.count()).toBe(0);

    await page.getByRole('button', { name: de['consent.footer'] }).click();
    await page.getByRole('button', { name: de['consent.decline'] }).click();
    await page.goto('/de/de/cart/');
    await hydrated(page);
    expect(await pageViews(page)).toEqual([]);
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it('US / en: declining drops what waited; nothing is pushed afterwards', async () => {
    const en = uiMessages('en-US');
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.desktop }, { consent: null });
    await page.goto('/us/en/cart/');
    await hydrated(page);
    const banner = page.getByRole('region', { name: en['consent.heading'] });
    await screenshot(page, 'consent-banner-desktop-en');
    await banner.getByRole('button', { name: en['consent.decline'] }).click();
    await banner.waitFor({ state: 'detached' });
    await page.goto('/us/en/accessories/');
    await hydrated(page);
    expect(await pageViews(page)).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('analyticsQueue'))).toBeNull();
    await context.close();
  });
});
