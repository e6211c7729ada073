import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { mailTo } from '../support/mail.ts';


const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** What the store shows of itself on a provider page: its mark, its name, and where "back to the store" goes. */
async function brand(page: Page) {
  return {
    logo: await page.locator('header.brand svg.logo').count(),
    favicon: await page.locator('link[rel=icon]').getAttribute('href'),
    home: await page.locator('header.brand a').getAttribute('href'),
    back: await page.locator('footer.back a').getAttribute('href'),
  };
}

describe("the identity provider's pages in the store's brand", () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer({ MAIL_SINK_PAGE: 'true' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [base, language, title, already] of [
    ['/de/de', 'de', 'E-Mail-Adresse bestätigt', 'E-Mail-Adresse bereits bestätigt'],
    ['/ae/ar', 'ar', 'تم تأكيد البريد الإلكتروني', 'تم تأكيد البريد الإلكتروني مسبقًا'],
  ] as const) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      it(`${language} at ${viewport.width} px: signs up from the store, the pages lead back to it, a confirmation link opened twice confirms`, async () => {
        const { context, page } = await openPage(browser, { viewport, baseURL: server.url });
        const email = `brand-${Date.now()}-${language}-${size}@example.com`;
        const origin = new URL(server.url).origin;
        await page.goto(`${base}/account/`);
        await page.waitForURL(/\/oidc\/interaction\//);
        expect(await page.getAttribute('html', 'lang')).toBe(language);
        expect(await brand(page)).toMatchObject({ logo: 1, home: `${origin}${base}/account/`, back: `${origin}${base}/account/` });
        expect((await page.request.get(new URL((await brand(page)).favicon!, origin).href)).headers()['content-type']).toContain('image/svg+xml');
        expect(await seriousViolations(page)).toEqual([]);
        expect(await noSidewaysScroll(page)).toBe(true);
        await screenshot(page, `identity-brand-sign-in-${language}-${size}`);

        await page.locator('a[href$="/signup"]').click();
        await page.locator('input[name=name]').fill('Brand Tester');
        await page.locator('input[name=email]').fill(email);
        await page.locator('input[name=password]').fill('quiet harbour lanterns 2024');
        await page.locator('form[action$="/signup"] button[type=submit]').click();
        await page.locator('h1').waitFor();
        expect((await brand(page)).back).toBe(`${origin}${base}/account/`);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `identity-brand-check-mail-${language}-${size}`);

        const mail = await mailTo(server.url, email);
        const link = /https?:\/\/[^\s"<>]+\/oidc\/account\/verify\?[^\s"<>]+/.exec(mail)![0].replace(/&amp;/g, '&');
        // A mail scanner fetches the link first; the person then opens it and is told it is done.
        const scanned = await fetch(link);
        expect(scanned.status).toBe(200);
        expect(await scanned.text()).toContain(title);
        await page.goto(link);
        expect(await page.locator('h1').textContent()).toBe(already);
        const signIn = page.locator('main a.button');
        expect(await signIn.getAttribute('href')).toBe(`${origin}${base}/account/`);
        expect(await brand(page)).toMatchObject({ logo: 1, back: `${origin}${base}/` });
        expect(await seriousViolations(page)).toEqual([]);
        expect(await noSidewaysScroll(page)).toBe(true);
        await screenshot(page, `identity-brand-confirmed-${language}-${size}`);

        // The sign-in button: the store's account page, which asks for the sign-in.
        await signIn.click();
        await page.waitForURL(/\/oidc\/interaction\//);
        await page.locator('input[name=email]').fill(email);
        await page.locator('input[name=password]').fill('quiet harbour lanterns 2024');
        await page.locator('form[action$="/login"] button[type=submit]').click();
        await page.waitForURL((url) => url.pathname === `${base}/account/`);
        await context.close();
      });
    }
  }
});
