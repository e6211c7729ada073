import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated } from '../support/account.ts';
import { launchBrowser, openPage, pageViews, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { catalogueTexts, plainText, uiMessages } from '../support/text.ts';


/** Issue 14: the accessories step inside the buying path — a probe in the cart, then the cables that fit it. */
describe('accessories step', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('US / en: after an IQ3 (USB-C) goes in the cart, the step offers the USB-C cables only; the chosen one joins the probe in the cart', async () => {
    const en = uiMessages('en-US');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await page.goto('/us/en/product/iq3/');
    await hydrated(page);
    await page.locator('.add-to-cart button').click();
    await page.getByRole('link', { name: en['accessoriesStep.link'] }).click();
    await page.waitForURL(/\/us\/en\/accessories-step\/\?device=iq3&sku=IQ3-USBC-HUMAN$/);
    await page.getByRole('heading', { level: 1, name: en['accessoriesStep.titleFor']!.replace('{device}', 'IQ3 Probe'), exact: true }).waitFor();
    expect(await page.locator('input[name=accessory]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(['ACC-USBC-1M', 'ACC-USBC-3M']);
    const add = page.getByRole('button', { name: en['accessoriesStep.addSelected'] });
    expect(await add.isDisabled()).toBe(true);
    // By keyboard: the long cable's box is checked with the space bar.
    await page.locator('input[value=ACC-USBC-3M]').focus();
    await page.keyboard.press('Space');
    expect(await add.isEnabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'accessories-step-phone');
    await add.click();
    await page.locator('.add-to-cart__status a').first().click();
    await page.waitForSelector('.cart-line');
    const names = (await page.locator('.cart-line__name').allTextContents()).map(plainText);
    expect(names).toEqual(expect.arrayContaining(['IQ3 Probe', 'USB-C Cable, Long']));
    expect(names).toHaveLength(2);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('DE / de: an IQ+ Lightning gets the Lightning cables, in German, and the step is counted once as "accessories upsell"', async () => {
    const de = uiMessages('de');
    const products = catalogueTexts('de').products;
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto('/de/de/accessories-step/?device=iq-plus&sku=IQPLUS-LIGHTNING-HUMAN');
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: de['accessoriesStep.titleFor']!.replace('{device}', products['iq-plus']!.name), exact: true }).waitFor();
    expect(await page.locator('input[name=accessory]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(['ACC-LIGHTNING-1M', 'ACC-LIGHTNING-3M']);
    expect(await page.locator('.accessories-step .price').first().textContent()).toMatch(/\d,\d{2}\s€/);
    expect(await pageViews(page)).toEqual(['accessories upsell']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'accessories-step-desktop-de');
    await page.getByRole('link', { name: de['accessoriesStep.skip'] }).click();
    await page.waitForURL(/\/de\/de\/cart\/$/);
    await context.close();
  });
});
