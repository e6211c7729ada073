import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, settled } from '../support/browser.ts';

const GERMAN_HEADING = 'Handheld-Ultraschall – wo immer Sie arbeiten';

/** The data layer as a buyer's browser meets it: persisted cache, retries, chunk retries, no stray headers. */
describe('storefront data layer', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function toGerman(page: Page) {
    await page.locator('.region-picker summary').click();
    await page.getByRole('link', { name: 'Germany, Deutsch' }).click();
  }

  it('sends no Authorization header on anonymous requests', async () => {
    const { context, page } = await openPage(browser);
    const headers: Array<Record<string, string>> = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/graphql' && headers.push(r.headers()));
    await page.goto('/us/en/');
    await settled(page);
    await toGerman(page);
    await page.getByRole('heading', { name: GERMAN_HEADING }).waitFor();
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.filter((h) => 'authorization' in h)).toEqual([]);
    expect(headers.every((h) => h.accept === '*/*' && h['content-type']?.startsWith('application/json'))).toBe(true);
    await context.close();
  });

  it('a page reloaded within 10 minutes renders from the persisted cache with /graphql cut; after 10 minutes it does not', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/us/en/');
    await settled(page);
    await toGerman(page);
    await page.getByRole('heading', { name: GERMAN_HEADING }).waitFor();
    await page.waitForFunction(() => (localStorage.getItem('apollo-cache-persist') ?? '').includes('"DE"'));

    await page.goto('/us/en/');
    await settled(page);
    let cut = 0;
    await page.route('**/graphql', (route) => {
      cut++;
      return route.abort('internetdisconnected');
    });
    await toGerman(page);
    await page.getByRole('heading', { name: GERMAN_HEADING }).waitFor();
    // The running promo's banner too: its query is cached beside Shop's (the same catalogue, both kept).
    await expect(page.locator('.promo-banner[data-promo="SPRING10"]').count()).resolves.toBe(1);
    expect(cut).toBe(0);

    await page.unroute('**/graphql');
    await page.evaluate(() => localStorage.setItem('apollo-cache-persist-timestamp', String(Date.now() - 11 * 60 * 1000)));
    await page.goto('/us/en/');
    await settled(page);
    expect(await page.evaluate(() => localStorage.getItem('apollo-cache-persist'))).toBeNull();
    await page.route('**/graphql', (route) => {
      cut++;
      return route.abort('internetdisconnected');
    });
    await toGerman(page);
    await page.getByTestId('error-screen').waitFor({ timeout: 20_000 });
    expect(cut).toBeGreaterThan(1); // it retried before giving up
    await context.close();
  });

  it('the store opens at once without its promo banners when they cannot be loaded', async () => {
    const isPromos = (request: Request) => request.postDataJSON()?.operationName === 'PromoBanners';
    // Never answered: a store that waited on its banners would never open.
    const hanging = await openPage(browser);
    await hanging.page.goto('/us/en/');
    await settled(hanging.page);
    await hanging.page.evaluate(() => localStorage.clear());
    let asked = 0;
    await hanging.page.route('**/graphql', (route) => (isPromos(route.request()) && ++asked ? new Promise<void>(() => {}) : route.continue()));
    await toGerman(hanging.page);
    await hanging.page.getByRole('heading', { name: GERMAN_HEADING }).waitFor();
    expect(asked).toBeGreaterThan(0);
    await expect(hanging.page.locator('.promo-banner').count()).resolves.toBe(0);
    await hanging.context.close();

    // Answered with a GraphQL error: the banner's own error, not the page's error screen.
    const failing = await openPage(browser);
    await failing.page.goto('/us/en/');
    await settled(failing.page);
    await failing.page.evaluate(() => localStorage.clear());
    let refused = 0;
    await failing.page.route('**/graphql', (route) => (isPromos(route.request()) && ++refused
      ? route.fulfill({ json: { errors: [{ message: 'promos unavailable' }] } })
      : route.continue()));
    await toGerman(failing.page);
    await failing.page.getByRole('heading', { name: GERMAN_HEADING }).waitFor();
    await expect.poll(() => refused).toBeGreaterThan(0);
    await failing.page.waitForTimeout(500); // time for an error event to reach the layout, had it been sent
    await expect(failing.page.getByTestId('error-screen').count()).resolves.toBe(0);
    await expect(failing.page.getByRole('heading', { name: GERMAN_HEADING }).isVisible()).resolves.toBe(true);
    await expect(failing.page.locator('.promo-banner').count()).resolves.toBe(0);
    await failing.context.close();
  });

  it('an offline page retries and recovers when the network returns', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/us/en/');
    await settled(page);
    await page.evaluate(() => localStorage.clear());
    let attempts = 0;
    await page.route('**/graphql', (route) => (++attempts <= 2 ? route.abort('internetdisconnected') : route.continue()));
    await toGerman(page);
    await page.getByRole('heading', { name: GERMAN_HEADING }).waitFor({ timeout: 15_000 });
    expect(attempts).toBeGreaterThan(2);
    await expect(page.getByTestId('error-screen').count()).resolves.toBe(0);
    await context.close();
  });

  it('a route chunk failing twice and then loading needs no reload', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/us/en/no-such-page/');
    await settled(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    let failures = 0;
    await page.route(/\/assets\/home-[\w-]+\.js$/, (route) => (++failures <= 2 ? route.abort('failed') : route.continue()));
    await page.getByRole('link', { name: 'Go to the store home page' }).click();
    await page.getByRole('heading', { name: 'Handheld ultrasound, wherever you work' }).waitFor({ timeout: 15_000 });
    expect(failures).toBeGreaterThanOrEqual(3); // two refused, then loaded (Vite's preload may ask once more)
    await expect(page.evaluate(() => (window as unknown as { marker?: number }).marker)).resolves.toBe(42);
    await context.close();
  });
});
