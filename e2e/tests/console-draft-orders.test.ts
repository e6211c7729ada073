import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { US_ADDRESS } from '../../apps/server/test/checkout-support.ts';
import { hydrated } from '../support/account.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { consoleAs, lookAt, outcomes } from '../support/console.ts';
import { mailTo } from '../support/mail.ts';
import { plainText } from '../support/text.ts';

/** Issue 35: a phone sale written in the console as a draft order, paid by the buyer from the pay-link e-mail. */
describe('operator console: a draft order paid through its pay link', () => {
  let browser: Browser;
  let context: BrowserContext;
  let owner: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page: owner } = await consoleAs(browser, 'operator@demo.probe.store', '/admin/draft-orders'));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('written and sent in the console, opened from the e-mail, paid with the test card once; the console shows it paid', async () => {
    const baseUrl = inject('baseUrl');
    const email = `phone-sale-${Date.now()}@example.com`;
    await owner.getByRole('link', { name: 'New draft order' }).click();
    await owner.getByLabel("Buyer's e-mail").fill(email);
    await owner.getByLabel('Item 1', { exact: true }).selectOption({ label: (await owner.getByLabel('Item 1', { exact: true }).locator('option', { hasText: 'ACC-USBC-1M' }).textContent())! });
    await owner.getByLabel('Quantity of item 1').fill('2');
    for (const [label, value] of [['First name', US_ADDRESS.firstName], ['Last name', US_ADDRESS.lastName], ['Street and number', US_ADDRESS.streetAddress1],
      ['City', US_ADDRESS.city], ['Phone', US_ADDRESS.phone]] as const) await owner.getByLabel(label, { exact: true }).fill(value);
    // The United States' address as the store asks it: a ZIP code and a state from the list.
    await owner.getByLabel('ZIP code', { exact: true }).fill(US_ADDRESS.postalCode);
    await owner.getByLabel('State, province or region', { exact: true }).selectOption(US_ADDRESS.countryArea);
    await owner.getByLabel('Note').fill('Ordered by phone, call ref. 4411');
    await owner.getByRole('button', { name: 'Save draft order' }).click();
    const heading = owner.getByRole('heading', { name: /^Draft order D-\d+$/ });
    await heading.waitFor();
    const number = plainText(await heading.textContent()).replace('Draft order ', '');
    // The new draft's page says it was saved (it said nothing), once.
    await owner.getByRole('status').filter({ hasText: `Draft order ${number} is saved: send its pay link when it is ready.` }).waitFor();
    expect(await outcomes(owner)).toEqual([`Draft order ${number} is saved: send its pay link when it is ready.`]);
    expect(plainText(await owner.getByTestId('draft-state').textContent())).toBe('Draft, not sent');
    const total = plainText(await owner.getByTestId('draft-total').textContent());
    await lookAt(owner, 'console-draft-order');

    await owner.getByRole('button', { name: 'Send pay link' }).click();
    await owner.getByRole('status').filter({ hasText: `The pay link was e-mailed to ${email}.` }).waitFor();
    expect(await outcomes(owner)).toEqual([`The pay link was e-mailed to ${email}.`]);
    await expect.poll(async () => plainText(await owner.getByTestId('draft-state').textContent())).toBe('Pay link sent');

    const mail = await mailTo(baseUrl, email, new RegExp(`Your order ${number} from Probe Store`));
    const link = /https?:\/\/[^\s"<>]+\/us\/en\/pay\/[A-Za-z0-9_-]+\//.exec(mail)![0];
    const buyer = await openPage(browser, { viewport: VIEWPORTS.phone });
    await buyer.page.goto(new URL(link).pathname);
    await buyer.page.getByRole('heading', { name: `Order ${number}` }).waitFor();
    await hydrated(buyer.page);
    expect(plainText(await buyer.page.locator('.pay-link__total').textContent())).toContain(total.replace(/[^\d.,]/g, ''));
    expect(await seriousViolations(buyer.page)).toEqual([]);
    expect(await buyer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(buyer.page, 'store-pay-link-phone');
    for (const box of await buyer.page.locator('fieldset.attestations input[type=checkbox]').all()) await box.check();
    await buyer.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await buyer.page.getByLabel('Expiry date').fill('12/30');
    await buyer.page.getByLabel('Security code (CVC)').fill('123');
    await buyer.page.getByRole('button', { name: 'Pay now' }).click();
    await buyer.page.waitForURL(/\/us\/en\/order-payment-confirmation\/[0-9a-f-]+\/$/);

    // Opened again, the link says it is paid and offers nothing to pay.
    await buyer.page.goto(new URL(link).pathname);
    await buyer.page.getByTestId('pay-link-status').filter({ hasText: 'This order is paid. Thank you.' }).waitFor();
    expect(await buyer.page.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
    await buyer.context.close();

    await owner.reload();
    await expect.poll(async () => plainText(await owner.getByTestId('draft-state').textContent())).toMatch(/^Paid · order \d+$/);
    await owner.getByTestId('draft-state').getByRole('link').click();
    await owner.getByRole('heading', { name: /^Order \d+$/ }).waitFor();
    await expect.poll(async () => plainText(await owner.getByTestId('order-payment-state').textContent())).toBe('Paid');
  });

  it('a company in another member state: its VAT number and a billing address of its own make a reverse-charged draft billed to that address', async () => {
    await owner.goto('/admin/draft-orders/new');
    await owner.getByLabel("Buyer's e-mail").fill(`b2b-${Date.now()}@example.com`);
    await owner.getByLabel('Country (market)').selectOption('FR');
    await owner.getByLabel('Language of the e-mail and pay page').selectOption('fr');
    // The items of the French market, priced in euros (the list is read again for the country).
    const cable = owner.getByLabel('Item 1', { exact: true }).locator('option', { hasText: /ACC-USBC-1M.*€/ });
    await cable.waitFor({ state: 'attached' });
    await owner.getByLabel('Item 1', { exact: true }).selectOption({ label: (await cable.textContent())! });
    for (const [label, value] of [['First name', 'Claire'], ['Last name', 'Martin'], ['Street and number', '5 quai du Port'], ['Postal code', '13002'], ['City', 'Marseille']] as const) {
      await owner.getByLabel(label, { exact: true }).fill(value);
    }
    // The billing address is the shipping one until the operator says otherwise.
    const billing = owner.getByTestId('draft-billing');
    await billing.getByLabel('The billing address is the shipping address').uncheck();
    for (const [label, value] of [['First name', 'Claire'], ['Last name', 'Martin'], ['Company', 'Cliniques Martin SARL'], ['Street and number', '12 rue de la République'], ['Postal code', '69002'], ['City', 'Lyon']] as const) {
      await billing.getByLabel(label, { exact: true }).fill(value);
    }
    await billing.getByLabel(/^Company's EU VAT number/).fill('FR40303265045');
    await lookAt(owner, 'console-draft-order-b2b-form');
    await owner.getByRole('button', { name: 'Save draft order' }).click();
    await owner.getByRole('heading', { name: /^Draft order D-\d+$/ }).waitFor();
    expect(plainText(await owner.getByTestId('draft-reverse-charge').textContent())).toBe('Yes: no VAT charged, the buyer accounts for it');
    expect(plainText(await owner.getByTestId('draft-bill-to').textContent())).toContain('Cliniques Martin SARL 12 rue de la République 69002 Lyon');
    expect(plainText(await owner.getByTestId('draft-ship-to').textContent())).toContain('5 quai du Port 13002 Marseille');
  });
});
