import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated } from '../support/account.ts';
import { addFromProductPage, ADDRESSES } from '../support/buyer.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { uiMessages } from '../support/text.ts';

const PASSWORD = 'demo-password-1';
const en = uiMessages('en-US');

/** From the cart to the payment step as a signed-in buyer (the contact step is skipped when the account gives the e-mail). */
async function toPayment(page: Page): Promise<void> {
  await page.locator('.checkout-aside a.button').click();
  await page.waitForURL(/\/checkout\/(contact|shipping|billing|payment)\/$/);
  for (let step = 0; step < 4 && !page.url().endsWith('/payment/'); step++) {
    const current = page.url();
    if (current.endsWith('/contact/')) await page.locator('[name=email]').fill('admin@demo.probe.store');
    const prefix = current.endsWith('/shipping/') ? 'shippingAddress' : current.endsWith('/billing/') ? 'billingAddress' : null;
    // The billing step offers the shipping address (no fields) when there was one.
    if (prefix && (await page.locator(`[name="${prefix}.firstName"]`).count()) > 0) {
      for (const [field, value] of Object.entries(ADDRESSES.us!)) {
        const target = page.locator(`[name="${prefix}.${field}"]`);
        if (field === 'countryArea') await target.selectOption(value);
        else await target.fill(value);
      }
    }
    await page.locator('.checkout-main button[type=submit]').click();
    await page.waitForURL((url) => url.href !== current);
  }
}

async function providerSignIn(page: Page, email: string): Promise<void> {
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('form[action$="/login"] button[type=submit]').click();
}

/**
 * Issue 34: the admin of an organization with a saved card pays the organization's purchase with it in one
 * step: the primary card is offered first and chosen, no card fields, and the order is paid by it.
 */
describe('checkout with the organization\'s saved method (built-in provider, real API)', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [name, viewport] of [['mobile', VIEWPORTS.phone], ['desktop', VIEWPORTS.desktop]] as const) {
    it(`Lakeside's admin pays a cable with the clinic's saved Visa, chosen for them (${name})`, async () => {
      const { context, page, problems } = await openPage(browser, { viewport, baseURL: server.url });
      await page.goto('/us/en/account/');
      await providerSignIn(page, 'admin@demo.probe.store');
      await page.waitForURL((url) => url.pathname.endsWith('/account/') && !url.pathname.startsWith('/auth'));
      await hydrated(page);

      await addFromProductPage(page, '/us/en', 'usb-c-cable');
      await toPayment(page);
      const offered = page.getByTestId('saved-method-choice');
      await offered.first().waitFor();
      expect(await offered.first().textContent()).toContain('Visa …4242');
      expect(await offered.first().textContent()).toContain(en['payment.savedForOrganization']);
      expect(await offered.first().locator('input').isChecked()).toBe(true);
      // Nothing to type: the card's fields are not there while the saved card is chosen.
      expect(await page.locator('[name="card.number"]').count()).toBe(0);
      await page.locator('[name=paymentMethod][value=CREDIT_CARD]').check();
      await page.locator('[name="card.number"]').waitFor();
      await offered.first().locator('input').check();
      expect(await page.locator('[name="card.number"]').count()).toBe(0);
      for (const box of await page.locator('.attestations input[type=checkbox]').all()) await box.check();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `checkout-saved-method-${name}`);

      await page.locator('.checkout-main button[type=submit]').click();
      await page.waitForURL(/\/confirmation\/[0-9a-f-]{36}\/$/);
      await page.locator('[data-testid=payment-status]').waitFor();
      expect(await page.locator('[data-testid=payment-status]').textContent()).toBe(en['confirmation.status.FULLY_CHARGED']);
      expect(problems.errors.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await context.close();
    });
  }
});
