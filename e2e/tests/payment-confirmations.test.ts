import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated } from '../support/account.ts';
import { ADDRESSES, buy } from '../support/buyer.ts';
import { launchBrowser, openPage, pageViews, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { plainText, uiMessages } from '../support/text.ts';

const UUID = '[0-9a-f-]{36}';
const fits = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
const state = async (page: Page) => plainText(await page.getByTestId('payment-confirmation-state').textContent());

async function payByCard(page: Page): Promise<void> {
  await hydrated(page);
  await page.locator('[name="card.number"]').fill('4242 4242 4242 4242');
  await page.locator('[name="card.expiry"]').fill('12/30');
  await page.locator('[name="card.cvc"]').fill('123');
  await page.locator('.invoice-form button[type=submit]').click();
}

/**
 * Issue 14: the payment confirmation pages after paying an order or an invoice by its token. The test
 * gateway settles a debit 10 s after it was authorised (TEST_GATEWAY_SETTLE_MS), so an order is seen
 * processing at the bank before its debit fails.
 */
describe('payment confirmations (real server)', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ TEST_GATEWAY_SETTLE_MS: '10000' })]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('DE / de: a SEPA order is processing, then its debit fails (seen without a reload); paid by card it lands on the order payment confirmation, paid in euros, still after a reload; axe clean at 390 px', async () => {
    const de = uiMessages('de');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone, baseURL: server.url });
    await buy(page, { base: '/de/de', product: 'usb-c-cable', method: 'SEPA', address: ADDRESSES.de!, gatewayAnswer: 'Authorize, then fail settlement' });
    const token = page.url().split('/').at(-2)!;
    const total = plainText(await page.locator('.totals__total dd').textContent());
    expect(total).toMatch(/^\d+,\d{2} €$/);

    // Still at the bank: the pending text, server-rendered.
    const first = await page.goto(`/de/de/order-payment-confirmation/${token}/`);
    expect(first?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe(de['paymentConfirmation.heading.PROCESSING']);
    expect(await state(page)).toBe(de['paymentConfirmation.state.PROCESSING']);
    expect(plainText(await page.getByTestId('payment-confirmation-amount').textContent())).toBe(total);
    await hydrated(page);
    expect(await pageViews(page)).toContain('return (external payment)');
    await fits(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'payment-confirmation-processing-de-phone');

    // The page re-reads the order: the failed debit shows without a reload, with a way to pay again.
    await expect.poll(() => state(page), { timeout: 25_000, interval: 500 }).toBe(de['paymentConfirmation.state.FAILED']);
    expect(await page.locator('h1').textContent()).toBe(de['paymentConfirmation.heading.FAILED']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'payment-confirmation-failed-de-phone');
    await page.getByRole('link', { name: de['paymentConfirmation.retry'] }).click();
    await page.waitForURL(new RegExp(`/de/de/order-payment/${token}/$`));

    await payByCard(page);
    await page.waitForURL(new RegExp(`/de/de/order-payment-confirmation/${token}/$`));
    await expect.poll(() => state(page)).toBe(de['paymentConfirmation.state.PAID']);
    expect(await page.locator('h1').textContent()).toBe(de['paymentConfirmation.heading.PAID']);
    expect(await page.getByTestId('payment-confirmation-order').textContent()).toMatch(/^Bestellung \d+$/);
    expect(plainText(await page.getByTestId('payment-confirmation-amount').textContent())).toBe(total);
    await fits(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'payment-confirmation-paid-de-phone');

    // The server has it paid: a reload (and a second tab) still shows paid, and links to the order.
    await page.reload();
    expect(await state(page)).toBe(de['paymentConfirmation.state.PAID']);
    const second = await context.newPage();
    await second.goto(`/de/de/order-payment-confirmation/${token}/`);
    expect(await state(second)).toBe(de['paymentConfirmation.state.PAID']);
    await second.close();
    await hydrated(page);
    await page.getByRole('link', { name: de['paymentConfirmation.viewOrder'] }).click();
    await page.waitForURL(new RegExp(`/de/de/confirmation/${token}/$`));
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe(de['confirmation.status.FULLY_CHARGED']);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('US / en: an electronic quote\'s invoice paid by card lands on the invoice payment confirmation, paid in dollars; axe clean at 390 px and 1440 px', async () => {
    const en = uiMessages('en-US');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.desktop, baseURL: server.url });
    await buy(page, { base: '/us/en', product: 'usb-c-cable', method: 'ELECTRONIC_QUOTE', address: ADDRESSES.us! });
    const orderToken = page.url().split('/').at(-2)!;
    await page.getByRole('link', { name: en['confirmation.payInvoice'] }).click();
    await page.waitForURL(new RegExp(`/us/en/invoice-payment/${UUID}/$`));
    const invoiceToken = page.url().split('/').at(-2)!;
    const amount = plainText(await page.locator('.invoice-page__amount').textContent());
    expect(amount).toMatch(/^\$\d+\.\d{2}$/);
    await payByCard(page);
    await page.waitForURL(new RegExp(`/us/en/invoice-payment-confirmation/${invoiceToken}/$`));
    await expect.poll(() => state(page)).toBe(en['paymentConfirmation.state.PAID']);
    expect(plainText(await page.getByTestId('payment-confirmation-amount').textContent())).toBe(amount);
    expect(await page.locator(`a[href="/us/en/confirmation/${orderToken}/"]`).textContent()).toBe(en['paymentConfirmation.viewOrder']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'payment-confirmation-invoice-en-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await page.reload();
    expect(await state(page)).toBe(en['paymentConfirmation.state.PAID']);
    await fits(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'payment-confirmation-invoice-en-phone');
    // The invoice page itself now says it is paid, with no card form.
    await page.goto(`/us/en/invoice-payment/${invoiceToken}/`);
    await expect.poll(() => page.getByTestId('invoice-status').textContent()).toContain(en['invoice.paid']);
    expect(await page.locator('.invoice-form').count()).toBe(0);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('a debit still at the bank after a minute: polling stops and the page says the buyer may leave (the e-mail follows); axe clean at 1440 px', async () => {
    const en = uiMessages('en');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.desktop, baseURL: server.url });
    await buy(page, { base: '/de/en', product: 'usb-c-cable', method: 'SEPA', address: ADDRESSES.de! });
    const token = page.url().split('/').at(-2)!;
    await page.clock.install();
    await page.goto(`/de/en/order-payment-confirmation/${token}/`);
    expect(await state(page)).toBe(en['paymentConfirmation.state.PROCESSING']);
    await hydrated(page);
    expect(await page.getByTestId('payment-confirmation-timeout').count()).toBe(0);
    await page.clock.fastForward(61_000);
    await expect.poll(() => page.getByTestId('payment-confirmation-timeout').textContent()).toBe(en['paymentConfirmation.stillProcessing']);
    expect(await page.getByTestId('spinner').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'payment-confirmation-still-processing-en-desktop');
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('an unknown order or invoice token is not found (404)', async () => {
    const en = uiMessages('en-US');
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.phone, baseURL: server.url });
    for (const path of ['order-payment-confirmation', 'invoice-payment-confirmation']) {
      const answer = await page.goto(`/us/en/${path}/00000000-0000-4000-8000-000000000000/`);
      expect(answer?.status()).toBe(404);
      expect(await page.locator('h1').textContent()).toBe(en['notFound.heading']);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

