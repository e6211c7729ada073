import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainText, uiMessages } from '../support/text.ts';
import { launchBrowser, openPage, pageViews, screenshot, seriousViolations, settled, VIEWPORTS } from '../support/browser.ts';


/** The product page in en-US, de and ar: what a buyer needs there — the name, a price in the right format, the call to action. */
describe('product page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const cases = [
    { path: '/us/en/product/iq3/', language: 'en-US', name: 'IQ3 Probe', price: '$3,899.00', tax: 'product.excludesTax' },
    { path: '/de/de/product/iq3/', language: 'de', name: 'IQ3-Sonde', price: '4.269,00 €', tax: 'product.includesVat' },
    { path: '/ae/ar/product/iq3/', language: 'ar', name: null, price: null, tax: 'product.noTaxExport' },
  ];

  for (const c of cases) {
    it(`${c.path}: name, price, tax note and add to cart, axe clean on a phone and a desktop`, async () => {
      const m = uiMessages(c.language);
      for (const [device, viewport] of Object.entries(VIEWPORTS)) {
        const { context, page, problems } = await openPage(browser, { viewport });
        const response = await page.goto(c.path);
        expect(response?.status()).toBe(200);
        const heading = await page.getByRole('heading', { level: 1 }).textContent();
        if (c.name) expect(heading).toBe(c.name);
        else expect(heading).not.toBe('IQ3 Probe'); // translated
        const price = plainText(await page.locator('.product-page__price [data-testid=price]').textContent());
        if (c.price) expect(price).toBe(c.price);
        else expect(price).toMatch(/US\$|\$|دولار/);
        await expect(page.getByText(m[c.tax]!).count()).resolves.toBe(1);
        await settled(page);
        expect(problems.errors).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `product-${c.path.split('/')[1]}-${device}`);
        const add = page.getByRole('button', { name: m['product.addToCart'] });
        await add.click();
        // The line goes into the buyer's checkout (a request): the status names it, with a link to the cart.
        await expect.poll(() => page.getByRole('status').filter({ hasText: c.name ?? '' }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
        await context.close();
      }
    });
  }

  it('Singapore (issue 35): the US list price in US dollars, no tax charged, and the region picker lists Singapore (390 px)', async () => {
    const en = uiMessages('en');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
    expect((await page.goto('/sg/en/product/iq3/'))?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('IQ3 Probe');
    expect(plainText(await page.locator('.product-page__price [data-testid=price]').textContent())).toBe('US$3,899.00');
    await expect(page.getByText(en['product.noTaxExport']!).count()).resolves.toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'product-sg-phone');
    await page.locator('.region-picker summary').click();
    const singapore = page.locator('.region-picker__country', { hasText: /^Singapore$/ });
    await expect(singapore.count()).resolves.toBe(1);
    await singapore.scrollIntoViewIfNeeded();
    await screenshot(page, 'product-sg-phone-picker');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('Arabic is right to left', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/ae/ar/product/iq3/');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await context.close();
  });

  it('shows a running sale struck through, and a voucher from the link in the price', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/us/en/product/iq-plus/');
    const sale = page.locator('.product-page__price');
    await expect(plainText(await sale.locator('s').textContent())).toContain('$2,699.00');
    expect(plainText(await sale.locator('.price__current').textContent())).toContain('$2,399.00');
    await page.goto('/us/en/product/iq3/?voucherCode=SPRING10');
    expect(plainText(await page.locator('.product-page__price .price__current').textContent())).toContain('$3,509.10');
    await context.close();
  });

  it('lets the buyer choose an option by keyboard, and keeps it in the URL', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/us/en/product/pro-membership/');
    await settled(page);
    await page.getByRole('radio').first().focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => new URL(page.url()).searchParams.get('sku')).toBe('PRO-1Y-HUMAN');
    await context.close();
  });

  it('names its canonical URL and its versions for every store country and language, and pushes its page view', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/de/de/product/iq-plus/');
    const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
    expect(new URL(canonical!).pathname).toBe('/de/de/product/iq-plus/');
    const alternates = await page.locator('link[rel=alternate][hreflang]').evaluateAll((links) =>
      links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href')!).pathname]));
    expect(alternates).toContainEqual(['fr-CA', '/ca/fr/product/iq-plus/']);
    expect(alternates).toContainEqual(['en-US', '/us/en/product/iq-plus/']);
    expect(alternates).toContainEqual(['x-default', '/us/en/product/iq-plus/']);
    expect(new Set(alternates.map(([l]) => l)).size).toBe(alternates.length);
    await settled(page);
    const views = await page.evaluate(() => ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).filter((e) => e.event === 'page_view').map((e) => e.pageName));
    expect(views).toEqual(['product']);
    // In-app navigation keeps the links current.
    await page.getByRole('link', { name: /Startseite/ }).click();
    await page.waitForURL('**/de/de/');
    await expect.poll(() => page.locator('link[rel=canonical]').getAttribute('href')).toMatch(/\/de\/de\/$/);
    await context.close();
  });

  it('reached through an ended offer it says so, with the end date in the store\'s language, and counts as an old offer product; a running offer changes nothing', async () => {
    for (const [path, language, date] of [['/us/en/product/iq3/?offer=summer-2026', 'en-US', 'July 31, 2026'], ['/pl/pl/product/iq3/?offer=summer-2026', 'pl', '31 lipca 2026']] as const) {
      const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
      await page.goto(path);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      const expected = uiMessages(language)['product.offerEnded']!.replace('{offer}', 'Summer 2026').replace('{date}', date);
      expect(plainText(await page.locator('.product-page__offer-ended').textContent())).toBe(plainText(expected));
      expect(await pageViews(page)).toEqual(['old offer product']);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems.errors).toEqual([]);
      await context.close();
    }
    const { context, page } = await openPage(browser);
    await page.goto('/us/en/product/iq3/?offer=black-friday-2026');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    expect(await page.locator('.product-page__offer-ended').count()).toBe(0);
    expect(await pageViews(page)).toEqual(['IQ3 product']);
    await context.close();
  });

  it('paints the product and its image before the store\'s code is requested, then hydrates (decision 0007)', async () => {
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await page.goto('/us/en/product/iq3/');
    await page.locator('html[data-hydrated]').waitFor();
    const timing = await page.evaluate(async () => {
      // Largest-paint entries are only given to an observer (buffered: the ones already reported).
      const largest = await new Promise<Array<PerformanceEntry & { element: Element | null }>>((resolve) => {
        new PerformanceObserver((list, observer) => { observer.disconnect(); resolve(list.getEntries() as never); }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const scripts = performance.getEntriesByType('resource').filter((r) => /\/assets\/.*\.js$/.test(r.name));
      return {
        largest: largest.map((e) => ({ at: e.startTime, image: e.element?.tagName === 'IMG' })),
        firstScript: Math.min(...scripts.map((r) => r.startTime)),
        catalogue: scripts.some((r) => /\/assets\/en-US-[\w-]+\.js$/.test(r.name)),
      };
    });
    // The hero image is the page's largest paint, and every script (the entry, its chunks and the
    // page's message catalogue) was requested after it.
    expect(timing.largest.at(-1)?.image).toBe(true);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.largest.at(-1)!.at);
    expect(timing.catalogue).toBe(true);
    await context.close();
  });

  it('an unknown product answers 404 with the not-found screen', async () => {
    const { context, page } = await openPage(browser);
    const response = await page.goto('/us/en/product/no-such-probe/');
    expect(response?.status()).toBe(404);
    await page.getByTestId('not-found').waitFor();
    await context.close();
  });
});
