import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueTexts, plainText, uiMessages } from '../support/text.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, settled, VIEWPORTS } from '../support/browser.ts';

/**
 * The landing pages (src/landing/pages.ts) and the terms, in en-US, de and ar: the h1 is the
 * product or plan name (translated in de and ar), a price in the route's currency format where the
 * page sells something, the call to action, axe clean, no console errors.
 */
type Heading = { product: string } | { message: string };
const PAGES: Array<{ path: string; heading: Heading; priced: boolean }> = [
  { path: 'iq-3/', heading: { product: 'iq3' }, priced: true },
  { path: 'iq-plus/', heading: { product: 'iq-plus' }, priced: true },
  { path: 'vet/iq-plus/', heading: { product: 'iq-plus-vet' }, priced: true },
  { path: 'probe/', heading: { product: 'probe-only' }, priced: true },
  { path: 'vet/probe/', heading: { product: 'probe-only' }, priced: true },
  { path: 'device-iq/', heading: { message: 'landing.deviceIq.title' }, priced: true },
  { path: 'vet/device/', heading: { message: 'landing.vetDevice.title' }, priced: true },
  { path: 'vet/rental/', heading: { product: 'probe-rental' }, priced: true },
  { path: 'pro-membership/', heading: { product: 'pro-membership' }, priced: true },
  { path: 'vet/pro-membership/', heading: { product: 'pro-membership-vet' }, priced: true },
  { path: 'vet/pro/1-year/', heading: { message: 'landing.vetPro1.title' }, priced: true },
  { path: 'vet/pro/2-year/', heading: { message: 'landing.vetPro2.title' }, priced: true },
  { path: 'vet/pro/3-year/', heading: { message: 'landing.vetPro3.title' }, priced: true },
  { path: 'trade-in/', heading: { message: 'landing.tradeIn.title' }, priced: true },
  { path: 'pricing/cable/', heading: { message: 'landing.cable.title' }, priced: true },
  { path: 'terms/', heading: { message: 'terms.title' }, priced: false },
];

/**
 * Axe takes most of the time (~0.8 s a page). The three stores render the same markup in another
 * language and direction, so each store checks one page of each layout plus a third of the others:
 * every page is checked in at least one store, every layout in all three.
 */
const AXE_IN_EVERY_LANGUAGE = new Set(['iq-3/', 'vet/pro/3-year/', 'pro-membership/', 'terms/']);

const STORES = [
  { base: '/us/en/', language: 'en-US', catalogue: null, price: /^\$\d{1,3}(,\d{3})*(\.\d{2})?( |\/|$)/ },
  { base: '/de/de/', language: 'de', catalogue: 'de', price: /^\d{1,3}(\.\d{3})*(,\d{2})? €/ },
  { base: '/ae/ar/', language: 'ar', catalogue: 'ar', price: /US\$|\$|دولار/ },
];

const ENGLISH_NAMES: Record<string, string> = {
  iq3: 'IQ3 Probe', 'iq-plus': 'IQ+ Probe', 'iq-plus-vet': 'IQ+ Vet Probe', 'probe-only': 'Probe Only', 'probe-rental': 'Probe Rental',
  'pro-membership': 'Pro Membership', 'pro-membership-vet': 'Pro Membership Vet',
};

/** The first price the page shows, as seen: without its struck-through previous amount or the words for screen readers. */
async function firstPrice(page: Page): Promise<string> {
  const text = await page.locator('[data-testid=price] .price__current').first().evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
    return copy.textContent;
  });
  return plainText(text).replace(/^\u200f/, '');
}

describe('landing pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const store of STORES) {
    // The three stores run side by side (one browser, a context each): most of the time is spent waiting on pages.
    it.concurrent(`${store.base}: every landing page and the terms, named, priced in the store's format, with a call to action, axe clean`, async ({ expect }) => {
      const m = uiMessages(store.language);
      const english = uiMessages('en');
      const names = store.catalogue ? catalogueTexts(store.catalogue).products : null;
      const { context, page, problems } = await openPage(browser);
      for (const entry of PAGES) {
        const path = `${store.base}${entry.path}`;
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        const h1 = plainText(await page.getByRole('heading', { level: 1 }).textContent());
        if ('product' in entry.heading) {
          const expected = names ? names[entry.heading.product]!.name : ENGLISH_NAMES[entry.heading.product]!;
          expect(h1, path).toBe(expected);
          if (names) expect(h1, path).not.toBe(ENGLISH_NAMES[entry.heading.product]);
        } else {
          expect(h1, path).toBe(m[entry.heading.message]);
          if (store.catalogue) expect(h1, path).not.toBe(english[entry.heading.message]);
        }
        if (entry.priced) {
          expect(await firstPrice(page), path).toMatch(store.price);
          const cta = page.locator('.add-to-cart button, a.landing-offer__link');
          expect(await cta.count(), path).toBeGreaterThan(0);
          if (entry.path !== 'trade-in/') await expect(page.getByRole('button', { name: m['product.addToCart'] }).first().isEnabled(), path).resolves.toBe(true);
        } else {
          await expect(page.locator('[data-terms=MASTER_TERMS] li').count(), path).resolves.toBeGreaterThan(3);
          await expect(page.locator('[data-terms=RENTAL_TERMS] li').count(), path).resolves.toBeGreaterThan(2);
        }
        expect(await page.title(), path).toContain(h1);
        await expect(page.locator('link[rel=canonical]').getAttribute('href'), path).resolves.toMatch(new RegExp(`${path}$`));
        await expect(page.locator('link[rel=alternate][hreflang=x-default]').getAttribute('href'), path).resolves.toMatch(new RegExp(`/us/en/${entry.path}$`));
        if (AXE_IN_EVERY_LANGUAGE.has(entry.path) || PAGES.indexOf(entry) % STORES.length === STORES.indexOf(store)) {
          expect(await seriousViolations(page), path).toEqual([]);
        }
      }
      await settled(page);
      expect(problems.errors).toEqual([]);
      expect(await page.locator('html').getAttribute('dir')).toBe(store.language === 'ar' ? 'rtl' : 'ltr');
      await context.close();
    }, 120_000);
  }

  it('pushes each page view, keeps the chosen option, adds it to the cart by keyboard, and loads no financing script unless configured', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto('/us/en/pro-membership/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const views = () => page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event: string; pageName?: string }> }).dataLayer ?? []).filter((e) => e.event === 'page_view').map((e) => e.pageName));
    await expect.poll(views).toContain('subscription purchase');
    // Yearly billing reads per month with the yearly amount beside it.
    expect(await firstPrice(page)).toMatch(/^\$\d+ ?\/mo$/);
    expect(plainText(await page.locator('.landing-price__billing').textContent())).toMatch(/\$\d{3}\.00$/);
    // Choose the 3-year prepaid option by keyboard, then add it to the cart.
    await page.getByRole('radio').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { checked: true }).getAttribute('value')).resolves.toBe('PRO-3Y-HUMAN');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Add to cart');
    await page.keyboard.press('Enter');
    // The line goes into a new checkout (its token kept for the cart), and the status offers the cart.
    await page.locator('.add-to-cart__status a').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('checkoutToken'))).resolves.toMatch(/^[0-9a-f-]{36}$/);
    // In-app navigation to an iq product page: its own page view; the build has no financing script.
    await page.locator('.store-footer').getByRole('link', { name: 'Terms and conditions' }).click();
    await page.waitForURL('**/us/en/terms/');
    await expect.poll(views).toContain('terms and conditions');
    await page.goto('/us/en/iq-3/');
    await expect.poll(views).toContain('IQ3 product');
    await expect(page.locator('script[data-financing-snippet]').count()).resolves.toBe(0);
    await expect(page.locator('.financing').count()).resolves.toBe(0);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('screenshots a product page, a card page and the terms on a phone and a desktop', async () => {
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page } = await openPage(browser, { viewport });
      for (const path of ['/us/en/iq-3/', '/de/de/vet/pro/3-year/', '/ae/ar/device-iq/', '/us/en/terms/']) {
        await page.goto(path);
        await screenshot(page, `landing-${path.split('/').slice(1, -1).join('-')}-${device}`);
      }
      await context.close();
    }
  });
});
