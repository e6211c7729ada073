import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CARD_OK, PLACE, readyCheckout, US_ADDRESS, type PlaceAnswer } from '../../apps/server/test/checkout-support.ts';
import { hydrated, signInAtProvider } from '../support/account.ts';
import { httpGql } from '../support/api.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { TABLET, consoleAs, lookAt, outcomes } from '../support/console.ts';
import { plainText } from '../support/text.ts';
import { mailTo } from '../support/mail.ts';

/** The order's payment and shipping states as the orders list shows them. */
async function listed(page: Page, number: string): Promise<[string, string]> {
  await page.goto(`/admin/?search=${number}`);
  const row = page.getByTestId('order-row').filter({ hasText: number });
  await row.waitFor();
  return [plainText(await row.getByTestId('order-payment-state').textContent()), plainText(await row.getByTestId('order-fulfilment-state').textContent())];
}

/** Issue 35: an operator ships an order with tracking and refunds part of it; the list, the buyer's page and the buyer's e-mails follow. */
describe('operator console: an order shipped and refunded', () => {
  let browser: Browser;
  let context: BrowserContext;
  let owner: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page: owner } = await consoleAs(browser, 'operator@demo.probe.store'));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('placed → shipped in part with tracking (the buyer is e-mailed the link) → refunded in part (credit note PDF and e-mail); the list is right at each step', async () => {
    const baseUrl = inject('baseUrl');
    const api = httpGql(baseUrl);
    const ready = await readyCheckout(api, { lines: [{ sku: 'ACC-USBC-1M', quantity: 3 }], address: { ...US_ADDRESS, companyName: 'Harbour Imaging LLC' } });
    const order = (await api.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `console-orders-${ready.token}`, total: ready.total, card: CARD_OK })).body.data!.checkoutPlaceOrder.order!;
    expect(await listed(owner, order.number)).toEqual(['Paid', 'Not shipped']);
    await lookAt(owner, 'console-orders-list');

    // The order page: what a warehouse needs, then a parcel with two of the three cables.
    await owner.getByRole('link', { name: order.number }).click();
    await owner.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
    expect(plainText(await owner.getByTestId('ship-to').textContent())).toContain('Harbour Imaging LLC');
    expect(plainText(await owner.getByTestId('ship-to').textContent())).toContain('1 Market St San Francisco, CA 94105 United States');
    await owner.getByLabel(/^Quantity of ACC-USBC-1M in this parcel/).fill('2');
    await owner.getByLabel('Carrier').selectOption('DHL');
    await owner.getByLabel('Tracking number').fill('12 3456 7890');
    await owner.getByRole('button', { name: 'Record the shipment and tell the buyer' }).click();
    await owner.getByRole('status').filter({ hasText: 'Shipment recorded; the buyer gets the shipping e-mail.' }).waitFor();
    const tracking = owner.getByTestId('order-shipments').getByRole('link', { name: '1234567890' });
    const trackingUrl = await tracking.getAttribute('href');
    expect(trackingUrl).toBe('https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890');
    await expect.poll(async () => plainText(await owner.getByTestId('order-fulfilment-state').textContent())).toBe('Partly shipped');
    // The history says it in words, not JSON.
    await owner.getByRole('row').filter({ hasText: 'Shipped' }).filter({ hasText: 'DHL 1234567890 · 2 × ACC-USBC-1M' }).waitFor();
    await lookAt(owner, 'console-order-shipped');
    // Every action confirms its outcome once: the next action's message replaces the shipment's (both stayed, each under its form).
    await owner.getByRole('button', { name: 'Send the confirmation e-mail again' }).click();
    await owner.getByRole('status').filter({ hasText: 'The confirmation e-mail is on its way to the buyer again.' }).waitFor();
    expect(await outcomes(owner)).toEqual(['The confirmation e-mail is on its way to the buyer again.']);

    const shippedMail = await mailTo(baseUrl, 'buyer@example.com', new RegExp(`Your order ${order.number} is on its way`));
    expect(shippedMail).toContain(trackingUrl!.replaceAll('&', '&amp;'));
    expect(shippedMail).toContain('Tracking number: 1234567890');
    expect(await listed(owner, order.number)).toEqual(['Paid', 'Partly shipped']);

    // The buyer's order page says so, with the parcel's tracking link.
    const buyer = await openPage(browser, { viewport: VIEWPORTS.phone });
    await buyer.page.goto(`/us/en/confirmation/${order.token}/`);
    await hydrated(buyer.page);
    const delivery = buyer.page.getByTestId('order-delivery');
    expect(plainText(await delivery.getByRole('heading').textContent())).toBe('Delivery: Partly shipped');
    expect(await delivery.getByRole('link', { name: /Track the parcel/ }).getAttribute('href')).toBe(trackingUrl);
    expect(await seriousViolations(buyer.page)).toEqual([]);
    await screenshot(buyer.page, 'store-order-shipped-phone');

    // A refund: an empty form refunds nothing, an amount not written as the console writes it is asked for again, then one cable, confirmed.
    await owner.getByRole('link', { name: order.number }).click();
    await owner.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
    const form = owner.getByTestId('refund-form');
    await form.getByRole('button', { name: 'Review the refund' }).click();
    await owner.getByRole('alert').filter({ hasText: 'Choose lines, the shipping or an amount: nothing is refunded otherwise.' }).waitFor();
    await form.getByLabel(/^Or an amount/).fill('1,5');
    await form.getByRole('button', { name: 'Review the refund' }).click();
    await owner.getByRole('alert').filter({ hasText: 'Write the amount as 1,234.50.' }).waitFor();
    expect(await outcomes(owner)).toEqual(['Write the amount as 1,234.50.']);
    await form.getByLabel(/^Or an amount/).fill('');
    await form.getByLabel(/^Quantity of ACC-USBC-1M to refund/).fill('1');
    await form.getByRole('button', { name: 'Review the refund' }).click();
    await form.getByText(/^Refund 1 × ACC-USBC-1M to the buyer through the gateway\?/).waitFor();
    await lookAt(owner, 'console-order-refund-confirm');
    await form.getByRole('button', { name: 'Yes, refund' }).click();
    await owner.getByRole('status').filter({ hasText: /^Refunded US\$[\d.,]+ through the gateway; the buyer gets the credit note by e-mail\.$/ }).waitFor();
    await expect.poll(async () => plainText(await owner.getByTestId('order-payment-state').textContent())).toBe('Partly refunded');
    const note = owner.getByTestId('order-refunds').getByRole('link', { name: /^CN-\d{6}$/ });
    const notePath = await note.getAttribute('href');
    const pdf = await fetch(`${baseUrl}${notePath}`);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const number = (await note.textContent())!;

    const refundMail = await mailTo(baseUrl, 'buyer@example.com', new RegExp(`Refund for your order ${order.number}`));
    expect(refundMail).toContain(`Your credit note ${number} is attached as a PDF.`);
    expect(refundMail).toContain(`filename=credit-note-${number}.pdf`);
    expect(await listed(owner, order.number)).toEqual(['Partly refunded', 'Partly shipped']);
    await buyer.page.reload();
    await hydrated(buyer.page);
    expect(plainText(await buyer.page.getByTestId('payment-status').textContent())).toBe('Partly refunded.');
    expect(await buyer.page.getByTestId('credit-note-pdf').getAttribute('href')).toBe(notePath);
    expect(buyer.problems.errors).toEqual([]);
    await buyer.context.close();
  });

  it('a cancelled e-quote: cancelled on the list and the page (no confirmation to send again, the invoice void), the buyer e-mailed, the pay link says it can no longer be paid', async () => {
    const baseUrl = inject('baseUrl');
    const api = httpGql(baseUrl);
    const ready = await readyCheckout(api, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], method: 'ELECTRONIC_QUOTE' });
    const order = (await api.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `console-cancel-${ready.token}`, total: ready.total })).body.data!.checkoutPlaceOrder.order!;
    expect(await listed(owner, order.number)).toEqual(['Not paid', 'Not shipped']);
    await owner.getByRole('link', { name: order.number }).click();
    await owner.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
    await owner.getByRole('button', { name: 'Send the confirmation e-mail again' }).click();
    await owner.getByRole('status').filter({ hasText: 'The confirmation e-mail is on its way to the buyer again.' }).waitFor();
    await owner.getByLabel('Why it is cancelled').fill('Ordered twice');
    await owner.getByRole('button', { name: 'Cancel the order' }).click();
    // Said once (it said nothing), and the confirmation sent again before it is not said any more.
    await owner.getByRole('status').filter({ hasText: `Order ${order.number} is cancelled: its invoice is void and the buyer is told by e-mail.` }).waitFor();
    expect(await outcomes(owner)).toEqual([`Order ${order.number} is cancelled: its invoice is void and the buyer is told by e-mail.`]);
    await expect.poll(async () => plainText(await owner.getByTestId('order-payment-state').textContent())).toBe('Cancelled');
    expect(await owner.getByRole('button', { name: 'Send the confirmation e-mail again' }).count()).toBe(0);
    expect(await owner.getByRole('link', { name: 'Invoice (PDF, void: the order is cancelled)' }).count()).toBe(1);
    expect(await seriousViolations(owner)).toEqual([]);
    await screenshot(owner, 'console-order-cancelled-desktop');

    const mail = await mailTo(baseUrl, 'buyer@example.com', new RegExp(`Your order ${order.number} has been cancelled`));
    expect(mail).toContain('Nothing is to be paid, and its invoice is void.');
    expect((await listed(owner, order.number))[0]).toBe('Cancelled');

    const buyer = await openPage(browser, { viewport: VIEWPORTS.phone });
    await buyer.page.goto(`/us/en/invoice-payment/${order.invoice!.token}/`);
    await hydrated(buyer.page);
    // US English spells it "canceled" (en-US.json).
    expect(plainText(await buyer.page.getByTestId('invoice-status').textContent())).toContain('This order was canceled: it can no longer be paid.');
    expect(await buyer.page.getByRole('button', { name: /Pay/ }).count()).toBe(0);
    expect(await seriousViolations(buyer.page)).toEqual([]);
    await screenshot(buyer.page, 'store-invoice-cancelled-phone');
    await buyer.context.close();
  });

  it('support reads an order without a form that would change it', async () => {
    const api = httpGql(inject('baseUrl'));
    const ready = await readyCheckout(api, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    const order = (await api.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `console-support-${ready.token}`, total: ready.total, card: CARD_OK })).body.data!.checkoutPlaceOrder.order!;
    const { context: support, page } = await openPage(browser, { viewport: TABLET });
    await signInAtProvider(page, `/admin/orders/${order.number}`, 'support@demo.probe.store');
    await page.getByTestId('order-read-only').waitFor();
    expect(plainText(await page.getByTestId('order-payment-state').textContent())).toBe('Paid');
    expect(await page.locator('form, button:not(.link)').filter({ hasNotText: /Sign out/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await support.close();
  });

  it('in German, a refund amount is typed as German writes it (1,50), English\'s 1.50 is asked for again, and the states are German words', async () => {
    const api = httpGql(inject('baseUrl'));
    const ready = await readyCheckout(api, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    const order = (await api.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `console-de-${ready.token}`, total: ready.total, card: CARD_OK })).body.data!.checkoutPlaceOrder.order!;
    const { context: german, page } = await openPage(browser, { viewport: VIEWPORTS.desktop, locale: 'de-DE' });
    await signInAtProvider(page, `/admin/orders/${order.number}`, 'operator@demo.probe.store');
    await page.getByRole('heading', { name: `Bestellung ${order.number}` }).waitFor();
    expect(plainText(await page.getByTestId('order-payment-state').textContent())).toBe('Bezahlt');
    const form = page.getByTestId('refund-form');
    await form.getByLabel(/^Oder ein Betrag/).fill('1.50');
    await form.getByRole('button', { name: 'Erstattung prüfen' }).click();
    await page.getByRole('alert').filter({ hasText: 'Schreiben Sie den Betrag wie 1.234,50.' }).waitFor();
    await form.getByLabel(/^Oder ein Betrag/).fill('1,50');
    await form.getByRole('button', { name: 'Erstattung prüfen' }).click();
    await form.getByText(/^1,50\s\S+ über den Zahlungsanbieter an den Käufer erstatten\?/).waitFor();
    await form.getByRole('button', { name: 'Ja, erstatten' }).click();
    await page.getByRole('status').filter({ hasText: /^1,50\s\S+ über den Zahlungsanbieter erstattet/ }).waitFor();
    await expect.poll(async () => plainText(await page.getByTestId('order-payment-state').textContent())).toBe('Teilweise erstattet');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-order-refunded-de-desktop');
    await german.close();
  });
});
