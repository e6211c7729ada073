import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.ts';

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
    await page.waitForLoadState('networkidle');
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
    await page.waitForLoadState('networkidle');
    await toGerman(page);
    await page.getByRole('heading', { name: GERMAN_HEADING }).waitFor();
    await page.waitForFunction(() => (localStorage.getItem('apollo-cache-persist') ?? '').includes('"DE"'));

    await page.goto('/us/en/');
    await page.waitForLoadState('networkidle');
    let cut = 0;
    await page.route('**/graphql', (route) => {
      cut++;
      return route.abort('internetdisconnected');
    });
    await toGerman(page);
    await page.getByRole('heading', { name: GERMAN_HEADING }).waitFor();
    expect(cut).toBe(0);

    await page.unroute('**/graphql');
    await page.evaluate(() => localStorage.setItem('apollo-cache-persist-timestamp', String(Date.now() - 11 * 60 * 1000)));
    await page.goto('/us/en/');
    await page.waitForLoadState('networkidle');
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

  it('an offline page retries and recovers when the network returns', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/us/en/');
    await page.waitForLoadState('networkidle');
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
    await page.waitForLoadState('networkidle');
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
