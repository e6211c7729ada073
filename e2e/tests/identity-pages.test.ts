import { createHash, randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';

/** Opens the built-in provider's sign-in page the way the storefront does (code + PKCE), in a language. */
async function openSignIn(page: Page, language: string): Promise<string> {
  const origin = inject('baseUrl');
  const verifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    client_id: 'probe-store', response_type: 'code', redirect_uri: `${origin}/auth/callback`, scope: 'openid email profile',
    state: randomBytes(16).toString('base64url'), code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256', ui_locales: language,
  });
  await page.goto(`/oidc/auth?${params}`);
  await page.waitForURL(/\/oidc\/interaction\/[^/]+$/);
  return new URL(page.url()).pathname;
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the identity provider's pages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const language of ['en', 'ar'] as const) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      it(`${language} at ${viewport.width} px: sign-in, a refused password, sign-up and forgotten password are readable, keyboard-usable and axe clean`, async () => {
        const { context, page } = await openPage(browser, { viewport });
        const signIn = await openSignIn(page, language);
        expect(await page.getAttribute('html', 'lang')).toBe(language);
        expect(await page.getAttribute('html', 'dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
        expect(await seriousViolations(page)).toEqual([]);
        expect(await noSidewaysScroll(page)).toBe(true);

        // By keyboard: the e-mail field comes first, then the password, then the button that signs in.
        await page.keyboard.press('Tab');
        for (let i = 0; i < 4 && (await page.evaluate(() => document.activeElement?.getAttribute('type'))) !== 'email'; i++) await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
        await page.keyboard.type('admin@demo.probe.store');
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
        await page.keyboard.type('not the password');
        await Promise.all([page.waitForURL(/\/login$/), page.keyboard.press('Enter')]);
        // Refused: the message is tied to the form, the e-mail stays, the password does not.
        expect(await page.locator('input[type=email]').inputValue()).toBe('admin@demo.probe.store');
        expect(await page.locator('input[type=password]').inputValue()).toBe('');
        expect(await page.locator('[role=alert], .field__error, [id$=-error]').count()).toBeGreaterThan(0);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `identity-sign-in-${language}-${size}`);

        for (const next of ['signup', 'forgot']) {
          await page.goto(`${signIn}/${next}`);
          expect(await page.locator('h1').count()).toBe(1);
          expect(await seriousViolations(page)).toEqual([]);
          expect(await noSidewaysScroll(page)).toBe(true);
          await screenshot(page, `identity-${next}-${language}-${size}`);
        }
        await context.close();
      });
    }
  }
});
