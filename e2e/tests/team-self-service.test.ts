import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated } from '../support/account.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, settled, VIEWPORTS } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { plainText, uiMessages } from '../support/text.ts';

const PASSWORD = 'demo-password-1';

async function providerSignIn(page: Page, email: string): Promise<void> {
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('form[action$="/login"] button[type=submit]').click();
}

/**
 * Issue 34, spec 6 and 7: Team is restricted shop data. A visitor is asked to talk to our team; a signed-in
 * buyer gets the Team plan's price per seat from AuthorizedUserShop and buys it themselves, to the cart's
 * seats. AuthorizedUserShop is never sent anonymously.
 */
describe('a signed-in buyer buys Team themselves', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // Each buyer in their organization's country (the first membership's country decides where a signed-in buyer lands).
  for (const [name, viewport, base, language, email] of [['phone', VIEWPORTS.phone, '/de/de', 'de', 'vet@demo.probe.store'], ['desktop', VIEWPORTS.desktop, '/us/en', 'en-US', 'admin@demo.probe.store']] as const) {
    it(`pricing: a visitor talks to our team; signed in, Team has its price per seat and is added to the cart (${language}, ${name})`, async () => {
      const messages = uiMessages(language);
      const { context, page, problems } = await openPage(browser, { viewport, baseURL: server.url });
      await page.goto(`${base}/pricing/`);
      await settled(page);
      expect(await page.getByTestId('buy-team').count()).toBe(0);
      expect(problems.graphql).not.toContain('AuthorizedUserShop');

      await page.goto(`${base}/account/`);
      await providerSignIn(page, email);
      await page.waitForURL((url) => url.pathname.endsWith('/account/') && !url.pathname.startsWith('/auth'));
      await hydrated(page);
      await page.goto(`${base}/pricing/`);
      await settled(page);
      expect(new URL(page.url()).pathname).toBe(`${base}/pricing/`);
      const buy = page.getByTestId('buy-team');
      await buy.waitFor();
      expect(problems.graphql).toContain('AuthorizedUserShop');
      const teamColumn = page.locator('th', { has: buy });
      expect(plainText(await teamColumn.textContent())).toContain(messages['pricing.teamPerSeat']);
      expect(plainText(await teamColumn.locator('.compare__price').textContent())).toMatch(language === 'de' ? /€/ : /\$/);
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `pricing-team-signed-in-${language}-${name}`);

      await buy.click();
      await page.waitForURL(/\/product\/team-membership\/\?sku=TEAM-ANNUAL-HUMAN$/);
      await hydrated(page);
      await page.locator('.add-to-cart button').click();
      await page.locator('.add-to-cart__status a[href$="/cart/"]').click();
      await page.waitForSelector('.cart-line');
      expect(await page.locator('.cart-line__name').first().textContent()).toContain('Team');
      // A Team plan's quantity is its seats, typed within the shop's limits.
      expect(await page.locator('.cart-line input').count()).toBeGreaterThan(0);
      expect(problems.errors).toEqual([]);
      await context.close();
    });
  }
});
