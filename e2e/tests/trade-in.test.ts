import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated } from '../support/account.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { ADDRESSES, checkoutToPayment, pay } from '../support/buyer.ts';
import { plainText, uiMessages } from '../support/text.ts';

const SERIAL = `IQP-${Date.now().toString(36).toUpperCase()}`;

/** The figure of a totals row, by its label. */
const totalsRow = (page: Page, label: string) => page.locator('.checkout-aside .totals > div').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd');

/** Issue 14: the trade-in inside the buying path — programme page, probe, cart, credit, order. */
describe('trade-in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('US / en: from the trade-in programme to the order — the credit is shown before it is applied, a bad serial is refused and kept, the credit is a line of the totals and of the confirmation', async () => {
    const en = uiMessages('en-US');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await page.goto('/us/en/trade-in/');
    await hydrated(page);
    await page.locator('a', { hasText: en['landing.tradeIn.cta']! }).first().click();
    await page.waitForURL(/\/us\/en\/iq-3\/$/);
    await hydrated(page);
    await page.locator('.add-to-cart button').click();
    await page.locator('.add-to-cart__status a[href$="/cart/"]').click();
    await page.waitForSelector('.cart-line');
    const totalBefore = plainText(await page.getByTestId('checkout-total').textContent());

    await page.getByRole('heading', { name: en['cart.tradeIn.heading'] }).waitFor();
    await page.getByLabel(en['cart.tradeIn.model']!).selectOption('IQ_PLUS');
    const credit = page.locator('.trade-in__credit');
    await expect.poll(() => credit.textContent()).toMatch(/\$\d/);
    const creditAmount = plainText(await credit.locator('strong').textContent());
    const serial = page.getByLabel(en['cart.tradeIn.serial']!);
    await serial.fill('no!');
    await page.getByRole('button', { name: en['cart.tradeIn.apply'] }).click();
    await page.getByText(en['cart.tradeIn.serialInvalid']!).waitFor();
    expect(await serial.inputValue()).toBe('no!');
    expect(await serial.getAttribute('aria-invalid')).toBe('true');
    expect(await totalsRow(page, en['cart.tradeInCredit']!).count()).toBe(0);

    await serial.fill(SERIAL);
    await serial.press('Enter');
    await page.locator('.trade-in__applied', { hasText: SERIAL }).waitFor();
    expect(plainText(await totalsRow(page, en['cart.tradeInCredit']!).textContent())).toBe(`−${creditAmount}`);
    expect(plainText(await page.getByTestId('checkout-total').textContent())).not.toBe(totalBefore);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'trade-in-cart-phone');

    await checkoutToPayment(page, { base: '/us/en', product: 'iq3', method: 'CREDIT_CARD', address: ADDRESSES.us! });
    await pay(page, { base: '/us/en', product: 'iq3', method: 'CREDIT_CARD', address: ADDRESSES.us! });
    await page.waitForURL(/\/confirmation\/[0-9a-f-]{36}\/$/);
    const row = totalsRow(page, en['confirmation.tradeIn']!.replace('{serial}', SERIAL));
    await row.waitFor();
    expect(plainText(await row.textContent())).toContain(creditAmount);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('DE / de: the form speaks German with euro credit, and the probe the first order took is refused', async () => {
    const de = uiMessages('de');
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto('/de/de/product/iq3/');
    await hydrated(page);
    await page.locator('.add-to-cart button').click();
    await page.locator('.add-to-cart__status a[href$="/cart/"]').click();
    await page.waitForSelector('.cart-line');
    await page.getByRole('heading', { name: de['cart.tradeIn.heading'] }).waitFor();
    await page.getByLabel(de['cart.tradeIn.model']!).selectOption('IQ_PLUS');
    await expect.poll(() => page.locator('.trade-in__credit').textContent()).toMatch(/\d,\d{2}\s€/);
    await page.getByLabel(de['cart.tradeIn.serial']!).fill(SERIAL);
    await page.getByRole('button', { name: de['cart.tradeIn.apply'] }).click();
    await page.getByText(de['cart.tradeIn.taken']!).waitFor();
    expect(await page.getByLabel(de['cart.tradeIn.serial']!).inputValue()).toBe(SERIAL);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'trade-in-cart-desktop-de');
    await context.close();
  });
});
