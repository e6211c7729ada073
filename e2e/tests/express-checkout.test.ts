import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { addFromProductPage } from '../support/buyer.ts';
import { plainText, uiMessages } from '../support/text.ts';

/** Issue 14: express checkout from the cart, through the test gateway's wallet sheet. */
describe('express checkout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('US / en: Google Pay from the cart — statements first, a declined wallet card said in the sheet, then paid with the other card, to the confirmation', async () => {
    const en = uiMessages('en-US');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await addFromProductPage(page, '/us/en', 'iq3');
    const express = page.getByTestId('express-checkout');
    const buttons = express.getByRole('button', { name: /^Pay with / });
    expect(await buttons.allTextContents()).toEqual(['Apple Pay', 'Google Pay', 'PayPal'].map((w) => en['express.payWith']!.replace('{wallet}', w)));

    await express.getByRole('button', { name: en['express.payWith']!.replace('{wallet}', 'Google Pay') }).click();
    await express.getByText(en['errors.attestations']!).waitFor();
    expect(await page.getByTestId('wallet-sheet').count()).toBe(0);
    for (const box of await express.locator('.attestations input[type=checkbox]').all()) await box.check();
    await express.getByRole('button', { name: en['express.payWith']!.replace('{wallet}', 'Google Pay') }).click();

    const sheet = page.getByRole('dialog', { name: en['express.sheet.title']!.replace('{wallet}', 'Google Pay') });
    await sheet.waitFor();
    const payButton = sheet.getByRole('button', { name: /^Pay / });
    await expect.poll(() => payButton.isEnabled()).toBe(true);
    // The sheet shared a partial address: the cart's total now has the buyer's state tax and shipping.
    expect(plainText(await sheet.textContent())).toContain('San Francisco');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'express-sheet-phone-en');

    await sheet.getByLabel('Visa •••• 0002').check();
    await payButton.click();
    await sheet.getByText(en['errors.cardDeclined']!).waitFor();
    await sheet.getByLabel('Visa •••• 4242').check();
    await payButton.click();
    await page.waitForURL(/\/us\/en\/confirmation\/[0-9a-f-]{36}\/$/);
    // The wallet's contact became the order's.
    await page.getByText('wallet.ada@example.com', { exact: false }).waitFor();
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('DE / de: PayPal from the cart — the sheet hands over the address, PayPal\'s page approves, the order is placed on return', async () => {
    const de = uiMessages('de');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await addFromProductPage(page, '/de/de', 'iq3');
    const express = page.getByTestId('express-checkout');
    await express.getByRole('heading', { name: de['express.title'] }).waitFor();
    for (const box of await express.locator('.attestations input[type=checkbox]').all()) await box.check();
    await express.getByRole('button', { name: de['express.payWith']!.replace('{wallet}', 'PayPal') }).click();
    const sheet = page.getByRole('dialog', { name: de['express.sheet.title']!.replace('{wallet}', 'PayPal') });
    await sheet.getByText(de['express.sheet.paypal']!).waitFor();
    const payButton = sheet.getByRole('button', { name: /bezahlen$/ });
    await expect.poll(() => payButton.isEnabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'express-sheet-desktop-de');
    await payButton.click();
    await page.waitForURL(/\/test-gateway\/pi_test_\w+\/$/);
    expect(await page.textContent('body')).toContain('PAYPAL_ONE_TIME');
    await page.getByRole('button', { name: 'Authorize payment' }).click();
    await page.waitForURL(/\/de\/de\/confirmation\/[0-9a-f-]{36}\/$/);
    await page.getByText('wallet.hanna@example.com', { exact: false }).waitFor();
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
