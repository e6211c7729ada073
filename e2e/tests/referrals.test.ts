import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated } from '../support/account.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { addFromProductPage } from '../support/buyer.ts';
import { plainText, uiMessages } from '../support/text.ts';

/** Issue 14: the referrer portal — a member's link, shown in my account, carried by a stranger's cart. */
describe('referrer portal', () => {
  let browser: Browser;
  let link = '';
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a member finds their referral link in my account (the built-in provider signs them in)', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/de/de/account/referrals/');
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.locator('input[name=email]').fill('vet@demo.probe.store');
    await page.locator('input[name=password]').fill('demo-password-1');
    await page.locator('form[action$="/login"] button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/de/de/account/referrals/');
    const anchor = page.getByTestId('referral-link');
    await anchor.waitFor();
    link = new URL((await anchor.getAttribute('href'))!, page.url()).pathname;
    expect(link).toMatch(/^\/de\/de\/refer\/[0-9a-f]{32}\/$/);
    expect(plainText(await anchor.textContent())).toBe(new URL(link, page.url()).href);
    await context.close();
  });

  it('DE / de: a stranger opens the link, sees who referred them, shops with it; the cart names the referrer', async () => {
    const de = uiMessages('de');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
    const answer = await page.goto(link);
    expect(answer!.status()).toBe(200);
    await hydrated(page);
    const heading = plainText(await page.getByRole('heading', { level: 1 }).textContent());
    const name = heading.replace(de['refer.title']!.replace('{name}', ''), '').trim();
    expect(name.length).toBeGreaterThan(0);
    expect(plainText(await page.locator('.page__lead').textContent())).toContain('Nordvet');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'referrer-portal-phone-de');
    await page.getByRole('button', { name: de['refer.use'] }).click();
    await page.getByText(de['refer.saved']!).waitFor();

    await addFromProductPage(page, '/de/de', 'iq3');
    const referral = page.locator('.cart-referral');
    await referral.waitFor();
    expect(plainText(await referral.textContent())).toContain(name);
    expect(plainText(await referral.textContent())).toContain('Nordvet');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('US / en: the same link in English; a token nobody holds is the store\'s 404 page', async () => {
    const en = uiMessages('en-US');
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto(link.replace('/de/de/', '/us/en/'));
    await page.getByRole('heading', { level: 1, name: new RegExp(en['refer.title']!.replace('{name}', '.+')) }).waitFor();
    await screenshot(page, 'referrer-portal-desktop-en');
    const unknown = await page.goto(`/us/en/refer/${'0'.repeat(32)}/`);
    expect(unknown!.status()).toBe(404);
    await page.getByRole('heading', { name: en['notFound.heading'] }).waitFor();
    await context.close();
  });
});
