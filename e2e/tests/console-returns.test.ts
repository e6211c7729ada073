import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CARD_OK, PLACE, readyCheckout, type PlaceAnswer } from '../../apps/server/test/checkout-support.ts';
import { hydrated, signInAtProvider } from '../support/account.ts';
import { httpGql } from '../support/api.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { TABLET, consoleAs, lookAt } from '../support/console.ts';
import { mailTo } from '../support/mail.ts';
import { plainText } from '../support/text.ts';

/** The order's payment state, shipping state and what a return of it waits for, as the orders list shows them. */
async function listed(page: Page, number: string): Promise<[string, string, string]> {
  await page.goto(`/admin/?search=${number}`);
  const row = page.getByTestId('order-row').filter({ hasText: number });
  await row.waitFor();
  const action = row.getByTestId('order-return-action');
  return [
    plainText(await row.getByTestId('order-payment-state').textContent()), plainText(await row.getByTestId('order-fulfilment-state').textContent()),
    (await action.count()) ? plainText(await action.textContent()) : '',
  ];
}

const openOrder = async (page: Page, number: string) => {
  await page.goto(`/admin/orders/${number}`);
  await page.getByRole('heading', { name: `Order ${number}` }).waitFor();
};

/** Issue 35: a shipped order partly returned, the return received and refunded; the list, the order page, the buyer's page and e-mail follow. */
describe('operator console: a return (RMA)', () => {
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

  it('placed → shipped → partly returned (awaiting the goods) → received → refunded with a credit note e-mailed; the list is right at each step', async () => {
    const baseUrl = inject('baseUrl');
    const api = httpGql(baseUrl);
    const ready = await readyCheckout(api, { lines: [{ sku: 'ACC-USBC-1M', quantity: 3 }] });
    const order = (await api.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `console-returns-${ready.token}`, total: ready.total, card: CARD_OK })).body.data!.checkoutPlaceOrder.order!;
    expect(await listed(owner, order.number)).toEqual(['Paid', 'Not shipped', '']);

    // Shipped in full.
    await openOrder(owner, order.number);
    expect(await owner.getByTestId('return-form').count()).toBe(0);
    await owner.getByRole('button', { name: 'Put everything left in the parcel' }).click();
    await owner.getByLabel('Carrier').selectOption('DHL');
    await owner.getByLabel('Tracking number').fill('1234567890');
    await owner.getByRole('button', { name: 'Record the shipment and tell the buyer' }).click();
    await owner.getByRole('status').filter({ hasText: 'Shipment recorded; the buyer gets the shipping e-mail.' }).waitFor();
    await expect.poll(async () => plainText(await owner.getByTestId('order-fulfilment-state').textContent())).toBe('Shipped');
    expect(await listed(owner, order.number)).toEqual(['Paid', 'Shipped', '']);

    // A return of one cable, damaged: more than was shipped is asked for again, then it is opened.
    await openOrder(owner, order.number);
    const form = owner.getByTestId('return-form');
    await form.getByLabel('Reason').selectOption({ label: 'Damaged' });
    await form.getByRole('button', { name: 'Open the return' }).click();
    await owner.getByRole('alert').filter({ hasText: 'Choose at least one item that comes back.' }).waitFor();
    await form.getByLabel('Quantity of ACC-USBC-1M in this return').fill('1');
    await form.getByLabel('Note (optional)').fill('Connector bent in transit');
    await form.getByRole('button', { name: 'Open the return' }).click();
    const opened = owner.getByRole('status').filter({ hasText: /^Return RMA-\d{6} opened\. Mark it received when the goods arrive\.$/ });
    await opened.waitFor();
    const rma = /RMA-\d{6}/.exec(plainText(await opened.textContent()))![0];
    const row = owner.getByTestId('order-returns').getByRole('row').filter({ hasText: rma });
    await row.waitFor();
    const cells = async () => (await row.getByRole('cell').allTextContents()).map(plainText);
    expect((await cells()).slice(0, 4)).toEqual([rma, 'Awaiting the goods', '1 × ACC-USBC-1M', 'DamagedConnector bent in transit']);
    await row.getByText('Connector bent in transit', { exact: true }).waitFor();
    await owner.getByRole('row').filter({ hasText: 'Return opened' }).filter({ hasText: `${rma} · 1 × ACC-USBC-1M · Damaged · Connector bent in transit` }).waitFor();
    await lookAt(owner, 'console-order-return-open');
    expect(await listed(owner, order.number)).toEqual(['Paid', 'Shipped', 'Return on its way']);
    await lookAt(owner, 'console-orders-list-return');

    // Received: the cable counts as returned; the return waits for its refund.
    await openOrder(owner, order.number);
    await owner.getByRole('button', { name: `Mark ${rma} received` }).click();
    await owner.getByRole('status').filter({ hasText: `${rma} received: its items count as returned.` }).waitFor();
    await expect.poll(async () => plainText(await owner.getByTestId('order-fulfilment-state').textContent())).toBe('Partly returned');
    expect(await listed(owner, order.number)).toEqual(['Paid', 'Partly returned', 'Return to refund']);

    // Refunded after a confirmation: a credit note, linked from the return, e-mailed to the buyer.
    await openOrder(owner, order.number);
    await owner.getByRole('button', { name: `Refund ${rma}` }).click();
    await owner.getByText(new RegExp(`^Refund 1 × ACC-USBC-1M of ${rma} to the buyer through the gateway\\?`)).waitFor();
    await lookAt(owner, 'console-order-return-confirm');
    await owner.getByRole('button', { name: 'Yes, refund' }).click();
    await owner.getByRole('status').filter({ hasText: `${rma} refunded; the buyer gets the credit note by e-mail.` }).waitFor();
    await expect.poll(async () => plainText(await owner.getByTestId('order-payment-state').textContent())).toBe('Partly refunded');
    const note = owner.getByTestId('order-returns').getByRole('link', { name: /^Credit note CN-\d{6} \(PDF\)$/ });
    const notePath = await note.getAttribute('href');
    const pdf = await fetch(`${baseUrl}${notePath}`);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const number = /CN-\d{6}/.exec((await note.textContent())!)![0];
    expect(plainText(await owner.getByTestId('order-refunds').textContent())).toContain(rma);
    await lookAt(owner, 'console-order-return-refunded');
    expect(await listed(owner, order.number)).toEqual(['Partly refunded', 'Partly returned', '']);

    const refundMail = await mailTo(baseUrl, 'buyer@example.com', new RegExp(`Refund for your order ${order.number}`));
    expect(refundMail).toContain(`Your credit note ${number} is attached as a PDF.`);
    expect(refundMail).toContain(`filename=credit-note-${number}.pdf`);

    // The buyer's order page says it was partly returned and links the credit note.
    const buyer = await openPage(browser, { viewport: VIEWPORTS.phone });
    await buyer.page.goto(`/us/en/confirmation/${order.token}/`);
    await hydrated(buyer.page);
    expect(plainText(await buyer.page.getByTestId('order-delivery').getByRole('heading').textContent())).toBe('Delivery: Partly returned');
    expect(await buyer.page.getByTestId('credit-note-pdf').getAttribute('href')).toBe(notePath);
    expect(await seriousViolations(buyer.page)).toEqual([]);
    await screenshot(buyer.page, 'store-order-returned-phone');
    expect(buyer.problems.errors).toEqual([]);
    await buyer.context.close();

    // Support reads the returns without a control.
    const { context: support, page } = await openPage(browser, { viewport: TABLET });
    await signInAtProvider(page, `/admin/orders/${order.number}`, 'support@demo.probe.store');
    await page.getByTestId('order-read-only').waitFor();
    await page.getByTestId('order-returns').getByRole('row').filter({ hasText: rma }).waitFor();
    expect(await page.locator('form, button:not(.link)').filter({ hasNotText: /Sign out/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await support.close();
  });
});
