import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage, seriousViolations, settled } from '../support/browser.ts';

/** Spec §2 redirect rules, as a buyer's browser meets them: first requests (HTTP) and in-app navigation. */
describe('base path and redirect rules', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function landing(path: string, headers: Record<string, string> = {}) {
    const { context, page, problems } = await openPage(browser, { extraHTTPHeaders: headers });
    const response = await page.goto(path);
    return { context, page, problems, response, path: new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash };
  }

  it('the site root lands on /us/en/, server-rendered and hydrated without a GraphQL call or a warning', async () => {
    const { context, page, problems, path } = await landing('/');
    expect(path).toBe('/us/en/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Handheld ultrasound, wherever you work');
    await settled(page);
    expect(problems.errors).toEqual([]);
    expect(problems.graphql).toEqual([]);
    await context.close();
  });

  it('a visitor geolocated in Poland lands in the Polish store, in Polish', async () => {
    const { context, page, path } = await landing('/', { 'x-country-code': 'PL' });
    expect(path).toBe('/pl/pl/');
    expect(await page.locator('html').getAttribute('lang')).toBe('pl-PL');
    await context.close();
  });

  it('an unknown country keeps the sub-path, query and hash and uses the geolocated country', async () => {
    const { context, path } = await landing('/zz/en/product/iq3/?voucherCode=SPRING#details', { 'x-country-code': 'DE' });
    expect(path).toBe('/de/de/product/iq3/?voucherCode=SPRING#details');
    await context.close();
  });

  it('an invalid language with nothing geolocated goes to the default country', async () => {
    const { context, path } = await landing('/fr/xx/');
    expect(path).toBe('/us/en/');
    await context.close();
  });

  it('paths without a prefix, store and forms alike, get the prefix', async () => {
    const store = await landing('/cart/?a=1');
    expect(store.path).toBe('/us/en/cart/?a=1');
    await store.context.close();
    const forms = await landing('/form/demo/');
    expect(forms.path).toBe('/us/en/form/demo/');
    await expect(forms.page.getByTestId('forms-page').isVisible()).resolves.toBe(true);
    await forms.context.close();
  });

  it('Belgium in French and Switzerland in German are served in English', async () => {
    const be = await landing('/be/fr/');
    expect(be.path).toBe('/be/en/');
    expect(be.response?.status()).toBe(200);
    await be.context.close();
    const ch = await landing('/ch/de/');
    expect(ch.path).toBe('/ch/en/');
    await ch.context.close();
  });

  it('a country without device pricing goes to the default country, and the buyer is told why', async () => {
    const { context, page, path } = await landing('/mx/es/');
    expect(path).toBe('/us/en/');
    const notice = page.getByTestId('unavailable-country');
    await expect(notice.textContent()).resolves.toContain('Mexico');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice.count()).resolves.toBe(0);
    await page.reload();
    await expect(page.getByTestId('unavailable-country').count()).resolves.toBe(0);
    await context.close();
  });

  it('a further usd country with device pricing is served as it is, and one geolocated without pricing falls back', async () => {
    const qa = await landing('/qa/ar/');
    expect(qa.path).toBe('/qa/ar/');
    expect(qa.response?.status()).toBe(200);
    await qa.context.close();
    const mx = await landing('/', { 'x-country-code': 'MX' });
    expect(mx.path).toBe('/us/en/');
    await expect(mx.page.getByTestId('unavailable-country').textContent()).resolves.toContain('Mexico');
    await mx.context.close();
  });

  it('applies the same rules on in-app navigation (no document request)', async () => {
    const { context, page } = await landing('/us/en/');
    // The router listens once the store's code has hydrated the page (its code starts after the first paint:
    // on a loaded machine the network can be idle before then, and a popstate sent earlier goes unheard).
    await hydrated(page);
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    await page.evaluate(() => {
      history.pushState(null, '', '/be/fr/');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL('**/be/en/');
    // The address changes first; the document's language follows once the new market's data is in.
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en-BE');
    expect(documents).toEqual([]);
    await context.close();
  });

  it('switches country and language in the app, reloading data only then', async () => {
    const { context, page, problems } = await landing('/us/en/');
    await hydrated(page);
    await page.locator('.region-picker summary').click();
    await page.getByRole('link', { name: 'Germany, Deutsch' }).click();
    await page.waitForURL('**/de/de/');
    await page.getByRole('heading', { level: 1, name: 'Handheld-Ultraschall – wo immer Sie arbeiten' }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de-DE');
    expect(problems.graphql).toEqual(expect.arrayContaining(['EnabledCountries', 'Shop']));
    const before = problems.graphql.length;
    await page.getByRole('link', { name: /Tiermedizin|Veterinär/ }).first().click();
    await page.waitForURL('**/de/de/vet/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Same country and language: the base path and store root do not reload; only the new page's own query runs.
    expect(problems.graphql.slice(before).filter((op) => op !== 'Home')).toEqual([]);
    await context.close();
  });

  it('Arabic is right to left', async () => {
    const { context, page } = await landing('/ae/ar/');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await context.close();
  });

  it('a browser without CSS custom properties in colours goes to the static unsupported-browser page', async () => {
    const { context, page } = await openPage(browser);
    await page.addInitScript(() => {
      CSS.supports = () => false;
    });
    await page.goto('/us/en/');
    await page.waitForURL('**/unsupported-browser.html');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Please update your browser');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
