import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated } from '../support/account.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { addFromProductPage } from '../support/buyer.ts';
import { uiMessages } from '../support/text.ts';

/** Issue 14: cart-based solutions — what the cart still needs, built from it. */
describe('cart-based solutions', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('US / en: a probe alone in the cart needs a membership, a cable of its connector and cover; a part added leaves the list', async () => {
    const en = uiMessages('en-US');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await addFromProductPage(page, '/us/en', 'iq3');
    await page.getByRole('link', { name: en['solutions.link'] }).click();
    await page.waitForURL(/\/us\/en\/solutions\/$/);
    const headings = page.locator('.solutions-part h2');
    await headings.first().waitFor();
    expect(await headings.allTextContents()).toEqual([en['solutions.plan'], en['solutions.cable'], en['solutions.warranty']]);
    const cables = page.locator('section[aria-labelledby=solutions-cable] .solutions-choice__name');
    expect(await cables.allTextContents()).toEqual(['USB-C Cable', 'USB-C Cable, Long']);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'solutions-phone');

    await page.locator('section[aria-labelledby=solutions-cable] .solutions-choice').first().locator('.add-to-cart button').click();
    await page.locator('section[aria-labelledby=solutions-cable] .add-to-cart__status a').first().waitFor();
    await page.reload();
    await hydrated(page);
    await headings.first().waitFor();
    expect(await headings.allTextContents()).toEqual([en['solutions.plan'], en['solutions.warranty']]);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('DE / de: with an empty cart the page says so and offers the step-by-step flow', async () => {
    const de = uiMessages('de');
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto('/de/de/solutions/');
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: de['solutions.title'] }).waitFor();
    await page.getByText(de['cart.empty']!).waitFor();
    expect(await page.getByRole('link', { name: de['solutions.start'] }).getAttribute('href')).toBe('/de/de/product-flow/');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
