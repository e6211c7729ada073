import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFromProductPage, ADDRESSES, buy, checkoutToPayment, pay } from '../support/buyer.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { addBusinessDays, PAYMENT_METHODS, shippingMethodsFor } from '../../packages/domain/src/index.ts';
import { plainText, uiMessages } from '../support/text.ts';

/** The summary's delivery forecast for the standard method, as the route's locale writes it (spec §7 CheckoutEstimatedDelivery). */
function estimatedDelivery(template: string, country: string, currency: 'usd' | 'eur', locale: string): string {
  const { days } = shippingMethodsFor(country, currency).find((m) => m.id === 'STANDARD')!;
  const now = new Date();
  const range = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).formatRange(addBusinessDays(now, days[0]), addBusinessDays(now, days[1]));
  return plainText(template.replace('{range}', range));
}

/** Issue 6 journeys: product page to confirmation, in US / en and DE / de, with every payment method. */
describe('buying: cart to confirmation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('US / en: a declined card keeps the checkout and what was typed; a good card then places the order (axe clean)', async () => {
    const en = uiMessages('en-US');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await addFromProductPage(page, '/us/en', 'iq3');
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe('IQ3 Probe');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'cart-us-phone');
    await checkoutToPayment(page, { base: '/us/en', product: 'iq3', method: 'CREDIT_CARD', address: ADDRESSES.us! });
    const total = plainText(await page.getByTestId('checkout-total').textContent());
    await expect.poll(async () => plainText(await page.getByTestId('estimated-delivery').textContent())).toBe(estimatedDelivery(en['checkout.estimatedDelivery']!, 'US', 'usd', 'en-US'));
    expect(total).toMatch(/^\$4,\d{3}\.\d{2}$/); // California sales tax added to $3,899.00
    await pay(page, { base: '/us/en', product: 'iq3', method: 'CREDIT_CARD', address: ADDRESSES.us!, card: '4000 0000 0000 0002' });
    await expect.poll(() => page.locator('.form-errors').textContent()).toBe(en['errors.cardDeclined']);
    expect(await page.locator('[name="card.number"]').inputValue()).toBe('4000 0000 0000 0002');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'checkout-declined-us-phone');
    await page.locator('[name="card.number"]').fill('4242 4242 4242 4242');
    await page.locator('.checkout-main button[type=submit]').click();
    await page.waitForURL(/\/us\/en\/confirmation\/[0-9a-f-]{36}\/$/);
    expect(await page.getByTestId('payment-status').textContent()).toBe(en['confirmation.status.FULLY_CHARGED']);
    expect(plainText(await page.locator('.totals__total dd').textContent())).toBe(total);
    expect(await page.locator('.checkout-aside').textContent()).toContain('VISA •••• 4242');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'orderDataAccessToken')?.value).toBe(page.url().split('/').at(-2));
    const events = await page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event: string }> }).dataLayer ?? []).map((e) => e.event));
    expect(events).toContain('order_completed');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'confirmation-us-phone');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('DE / de: a refused and an accepted voucher, VAT removed by reverse charge, SEPA settled by the gateway\'s webhook', async () => {
    const de = uiMessages('de');
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await addFromProductPage(page, '/de/de', 'iq3');
    await page.locator('#voucher-code').fill('EXPIRED20');
    await page.locator('.voucher-form button[type=submit]').click();
    await expect.poll(() => page.locator('.form-errors').textContent()).toBe(de['errors.voucherNotApplicable']);
    const before = plainText(await page.getByTestId('checkout-total').textContent());
    await checkoutToPayment(page, { base: '/de/de', product: 'iq3', method: 'SEPA', address: ADDRESSES.de!, voucher: 'EUROPE50', vatNumber: 'DE123456789' });
    const after = plainText(await page.getByTestId('checkout-total').textContent());
    expect(after).toMatch(/ €$/);
    await expect.poll(async () => plainText(await page.getByTestId('estimated-delivery').textContent())).toBe(estimatedDelivery(de['checkout.estimatedDelivery']!, 'DE', 'eur', 'de-DE'));
    expect(after).not.toBe(before);
    expect(await page.locator('.totals').textContent()).toContain(de['cart.reverseCharge']);
    // EUROPE50 takes 50 € off the VAT-inclusive price; under reverse charge the buyer sees its net part.
    expect(plainText(await page.locator('.totals__discount dd').textContent())).toMatch(/^−42,0\d €$/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'checkout-payment-de-desktop');
    await pay(page, { base: '/de/de', product: 'iq3', method: 'SEPA', address: ADDRESSES.de! });
    await page.waitForURL(/\/de\/de\/confirmation\/[0-9a-f-]{36}\/$/);
    expect(await page.getByTestId('payment-status').textContent()).toBe(de['confirmation.status.ASYNC_PROCESSING']);
    // The test gateway settles about 5 s later, by a signed webhook.
    await expect.poll(async () => {
      await page.reload();
      return page.getByTestId('payment-status').textContent();
    }, { timeout: 30_000, interval: 1000 }).toBe(de['confirmation.status.FULLY_CHARGED']);
    await screenshot(page, 'confirmation-de-desktop');
    await context.close();
  });

  it('an electronic quote gives an open invoice, paid later at /invoice-payment/{token}/ (then its payment confirmation)', async () => {
    const en = uiMessages('en-US');
    const { context, page } = await openPage(browser);
    const status = await buy(page, { base: '/us/en', product: 'usb-c-cable', method: 'ELECTRONIC_QUOTE', address: ADDRESSES.us! });
    expect(status).toBe(en['confirmation.status.NOT_CHARGED']);
    await page.getByRole('link', { name: en['confirmation.payInvoice'] }).click();
    await page.waitForURL(/\/us\/en\/invoice-payment\/[0-9a-f-]{36}\/$/);
    await page.locator('[name="card.number"]').fill('4242 4242 4242 4242');
    await page.locator('[name="card.expiry"]').fill('12/30');
    await page.locator('[name="card.cvc"]').fill('123');
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('.invoice-form button[type=submit]').click();
    // A paid invoice leads to its payment confirmation page (issue 14), which links to the order.
    await page.waitForURL(/\/us\/en\/invoice-payment-confirmation\/[0-9a-f-]{36}\/$/);
    await expect.poll(() => page.getByTestId('payment-confirmation-state').textContent()).toBe(en['paymentConfirmation.state.PAID']);
    await page.getByRole('link', { name: en['paymentConfirmation.viewOrder'] }).click();
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe(en['confirmation.status.FULLY_CHARGED']);
    await context.close();
  });

  it('ar: the cart and the checkout read right to left, in Arabic, with prices in the route format (axe clean)', async () => {
    const ar = uiMessages('ar');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await addFromProductPage(page, '/ae/ar', 'usb-c-cable');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(ar['cart.title']);
    expect(plainText(await page.getByTestId('checkout-total').textContent())).toMatch(/US\$/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'cart-ar-phone');
    await page.locator('.checkout-aside a.button').click();
    await page.waitForURL(/\/ae\/ar\/checkout\/contact\/$/);
    expect(await page.locator('#step-heading').textContent()).toBe(ar['checkout.step.contact']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'checkout-contact-ar-phone');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  const METHODS: Array<[string, string, string, string?]> = [
    ['CREDIT_CARD', '/de/de', 'de'], ['ACH', '/us/en', 'us'], ['AFFIRM', '/us/en', 'us'], ['KLARNA', '/us/en', 'us'], ['PAYPAL_ONE_TIME', '/de/de', 'de'],
    ['SEPA', '/de/de', 'de'], ['IDEAL', '/nl/nl', 'nl'], ['BANCONTACT', '/be/nl', 'be'], ['EPS', '/at/de', 'at'], ['PRZELEWY24', '/pl/pl', 'pl'],
    ['ACSS', '/ca/en', 'ca'], ['ELECTRONIC_QUOTE', '/de/de', 'de'], ['FREE', '/us/en', 'us', 'SAMPLE100'],
  ];
  it('the 13 payment methods of the spec are all walked below', () => {
    expect(METHODS.map(([method]) => method).sort()).toEqual([...PAYMENT_METHODS].sort());
  });
  it.each(METHODS)('%s takes a buyer (%s) from a product page to a confirmation', async (method, base, country, voucher) => {
    const { context, page } = await openPage(browser);
    const status = await buy(page, { base, product: 'usb-c-cable', method, address: ADDRESSES[country]!, ...(voucher ? { voucher } : {}) });
    expect(status, method).not.toBe('');
    await context.close();
  });

  it('a payment cancelled on the gateway\'s page keeps the checkout; another method then succeeds', async () => {
    const en = uiMessages('en-US');
    const { context, page } = await openPage(browser);
    await addFromProductPage(page, '/us/en', 'usb-c-cable');
    await checkoutToPayment(page, { base: '/us/en', product: 'usb-c-cable', method: 'KLARNA', address: ADDRESSES.us! });
    await pay(page, { base: '/us/en', product: 'usb-c-cable', method: 'KLARNA', address: ADDRESSES.us!, gatewayAnswer: 'Cancel and go back' });
    await page.waitForURL(/\/checkout\/payment\/[0-9a-f-]{36}\/\?/);
    expect(await page.getByRole('alert').textContent()).toBe(en['paymentReturn.notCompleted']);
    await page.locator('.payment-return a.button').click();
    await page.waitForURL(/\/checkout\/payment\/$/);
    await pay(page, { base: '/us/en', product: 'usb-c-cable', method: 'CREDIT_CARD', address: ADDRESSES.us! });
    await page.waitForURL(/\/confirmation\/[0-9a-f-]{36}\/$/);
    await context.close();
  });

  it('DE / de: a SEPA payment that fails after ordering is paid later by card at /order-payment/{token}/', async () => {
    const de = uiMessages('de');
    const { context, page } = await openPage(browser);
    await buy(page, { base: '/de/de', product: 'usb-c-cable', method: 'SEPA', address: ADDRESSES.de!, gatewayAnswer: 'Authorize, then fail settlement' });
    await expect.poll(async () => {
      await page.reload();
      return page.getByTestId('payment-status').textContent();
    }, { timeout: 30_000, interval: 1000 }).toBe(de['confirmation.status.FAILED']);
    await page.getByRole('link', { name: de['confirmation.payNow'] }).click();
    await page.waitForURL(/\/de\/de\/order-payment\/[0-9a-f-]{36}\/$/);
    await page.locator('[name="card.number"]').fill('4242 4242 4242 4242');
    await page.locator('[name="card.expiry"]').fill('12/30');
    await page.locator('[name="card.cvc"]').fill('123');
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('.invoice-form button[type=submit]').click();
    // A paid order leads to its payment confirmation page (issue 14).
    await page.waitForURL(/\/de\/de\/order-payment-confirmation\/[0-9a-f-]{36}\/$/);
    await expect.poll(() => page.getByTestId('payment-confirmation-state').textContent()).toBe(de['paymentConfirmation.state.PAID']);
    await screenshot(page, 'order-payment-de-desktop');
    await context.close();
  });
});
