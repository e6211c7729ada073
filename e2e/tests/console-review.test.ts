import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CARD_OK, PLACE, readyCheckout, type PlaceAnswer } from '../../apps/server/test/checkout-support.ts';
import { httpGql } from '../support/api.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { consoleAs } from '../support/console.ts';
import { plainText } from '../support/text.ts';

const TABLET = { width: 768, height: 1024 };

/** Issue 35, the rest of the review: the console's dashboard as an operator reads it, at 1440 and 768 px. */
describe('console review (issue 35)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let owner: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page: owner } = await consoleAs(browser, 'operator@demo.probe.store'));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('the dashboard: net sales, every day of the period drawn (zeros too), refunds beside the sales; readable at 768 px, axe clean', async () => {
    const api = httpGql(inject('baseUrl'));
    const ready = await readyCheckout(api, { country: 'DE', lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    const placed = (await api.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `review-${ready.token}`, total: ready.total, card: CARD_OK })).body.data!.checkoutPlaceOrder;
    expect(placed.errors).toEqual([]);

    await owner.goto('/admin/dashboard');
    const byCountry = owner.getByTestId('sales-by-country');
    await byCountry.waitFor();
    expect(plainText(await owner.getByTestId('kpis').textContent())).toMatch(/Net sales.*€/);
    expect(await byCountry.locator('thead th').allTextContents()).toEqual(['Country', 'Orders', 'Refunded', 'Net sales']);
    expect(plainText(await byCountry.locator('tr').filter({ hasText: /^DE/ }).textContent())).toMatch(/^DE\d+.*€/);
    // The last 30 days, each a row of the figures (and a bar of the chart), days without orders as zeros.
    await owner.locator('summary').filter({ hasText: 'The figures' }).click();
    const dayRows = owner.locator('section[aria-labelledby="dash-days-title"] tbody tr');
    expect(await dayRows.count()).toBe(30);
    expect((await dayRows.allTextContents()).filter((row) => plainText(row).endsWith('0——')).length).toBeGreaterThan(0);
    expect(await seriousViolations(owner)).toEqual([]);
    await screenshot(owner, 'console-review-dashboard-1440');
    await owner.setViewportSize(TABLET);
    // The charts redraw at the new width a moment later (Chart.js watches its box).
    await expect.poll(() => owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    expect(await seriousViolations(owner)).toEqual([]);
    await screenshot(owner, 'console-review-dashboard-768');
    await owner.setViewportSize(VIEWPORTS.desktop);
  });
  it('the support role reads every screen without a live control to change anything; a note says who may; at 1440 and 768 px, axe clean', async () => {
    const { context: supportContext, page } = await consoleAs(browser, 'support@demo.probe.store', '/admin/prices');
    const pages: Array<[string, string]> = [
      ['prices', 'Your role may read prices, not change them: a catalogue manager or the owner changes them.'],
      ['promos', 'Your role reads promotions; a catalogue manager or the owner changes them.'],
      ['learners', 'Your role reads the queue; an order manager or the owner approves or rejects a request.'],
      ['data-requests', 'Your role reads the data requests; only the owner starts an erasure.'],
    ];
    for (const [path, note] of pages) {
      await page.goto(`/admin/${path}`);
      await page.getByTestId('read-only').filter({ hasText: note }).waitFor();
      await page.locator('h1').waitFor();
      // What is left to press only reads (a country to show, a file to download); nothing writes.
      const writes = page.locator('main').getByRole('button', { name: /Preview|Save|Create|Switch|Approve|Reject|Start|Erase/ });
      expect(await writes.count(), path).toBe(0);
      expect(await page.locator('main input:not([type=hidden])').count(), path).toBe(0);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // The promotions' fixed amounts are money, not the server's JSON; states are words.
    await page.goto('/admin/promos');
    const europe = page.locator('tr', { has: page.getByRole('cell', { name: 'EUROPE50', exact: true }) });
    expect(plainText(await europe.textContent())).toContain('€50.00');
    expect(plainText(await europe.locator('td[data-state]').textContent())).toMatch(/^(Active|Scheduled|Expired|Used up|Switched off)$/);
    expect(plainText(await page.locator('main').textContent())).not.toMatch(/[{}"]/);
    await page.goto('/admin/prices');
    await page.getByRole('cell', { name: 'ACC-USBC-1M' }).waitFor();
    await screenshot(page, 'console-review-support-prices-1440');
    await page.setViewportSize(TABLET);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-review-support-prices-768');
    await supportContext.close();
  });
  it('the audit log speaks the console\'s words: a promo created in the console shows as "Promo created" on "Promo CODE" with what changed, no code or JSON; readable at 768 px', async () => {
    const code = `REVIEW${Date.now().toString(36).toUpperCase()}`;
    await owner.goto('/admin/promos');
    await owner.locator('#p-code').fill(code);
    await owner.locator('#p-name').fill('Review voucher');
    await owner.locator('#p-percent').fill('5');
    await owner.getByRole('button', { name: 'Create promo' }).click();
    // Its outcome is said once.
    await owner.getByRole('status').filter({ hasText: code }).waitFor();
    expect(await owner.locator('main [role="status"], main [role="alert"]').count()).toBe(1);

    await owner.goto('/admin/audit');
    const row = owner.locator('tr', { has: owner.getByRole('cell', { name: `Promo ${code}`, exact: true }) });
    await row.waitFor();
    expect(await row.getAttribute('data-action')).toBe('promo.create');
    const text = plainText(await row.textContent());
    expect(text).toContain('Promo created');
    expect(text).toContain(`Code: — → ${code}`);
    expect(text).toContain('Name: — → Review voucher');
    const page = plainText(await owner.locator('main').textContent());
    expect(page).not.toMatch(/[{}"]|promo\.create|FULLY_CHARGED|price:DE|\bVOUCHER\b/);
    expect(await seriousViolations(owner)).toEqual([]);
    // Narrowed on the server to the owner's promo changes, in words; days without a change say so.
    await owner.getByLabel('Who changed it').selectOption('operator@demo.probe.store');
    await owner.getByLabel('What was changed').selectOption({ label: 'Promo' });
    await owner.getByRole('button', { name: 'Show changes' }).click();
    await expect.poll(() => new URL(owner.url()).searchParams.get('kind')).toBe('promo');
    await expect.poll(() => owner.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')).filter((a) => !a?.startsWith('promo.')).length)).toBe(0);
    await row.waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.getByLabel('On or after (UTC day)').fill('2001-01-01');
    await owner.getByLabel('On or before (UTC day, included)').fill('2001-01-31');
    await owner.getByRole('button', { name: 'Show changes' }).click();
    await owner.getByText('No change matches these filters.').waitFor();
    await owner.goto('/admin/audit');
    await screenshot(owner, 'console-review-audit-1440');
    await owner.setViewportSize(TABLET);
    await expect.poll(() => owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    await screenshot(owner, 'console-review-audit-768');
    await owner.setViewportSize(VIEWPORTS.desktop);
  });
  it('a promo written in the console with its German banner shows the German on /de/de/ and the English on /us/en/; switched off again', async () => {
    const code = `HERBST${Date.now().toString(36).toUpperCase()}`;
    await owner.goto('/admin/promos');
    await owner.locator('#p-code').fill(code);
    await owner.locator('#p-name').fill('Autumn offer');
    await owner.locator('#p-percent').fill('5');
    await owner.locator('#p-countries').fill('DE, US');
    await owner.locator('#p-bannerMessage').fill(`Autumn offer ${code}`);
    await owner.getByRole('group', { name: 'Banner shown on' }).getByRole('checkbox', { name: 'Home', exact: true }).check();
    // Kinds of purchase, pages and kinds of code are words, not the server's codes (INDIVIDUAL_CHECKOUT…).
    expect(await owner.getByRole('group', { name: 'Kinds of purchase (none: all)' }).getByRole('checkbox', { name: 'A probe with a plan', exact: true }).count()).toBe(1);
    expect(plainText(await owner.locator('main').textContent())).not.toMatch(/[A-Z]+_CHECKOUT|AFFILIATE|\bREFERRAL\b/);
    await owner.getByTestId('promo-translations').locator('summary').click();
    await owner.getByLabel('Banner message in German (de)').fill(`Herbstangebot ${code}`);
    await owner.getByLabel('Name in German (de)').fill('Herbstangebot');
    expect(await seriousViolations(owner)).toEqual([]);
    await screenshot(owner, 'console-review-promo-translations-1440');
    await owner.getByRole('button', { name: 'Create promo' }).click();
    await owner.getByRole('status').filter({ hasText: code }).waitFor();
    expect(await owner.locator('main [role="status"], main [role="alert"]').count()).toBe(1);

    const buyer = await openPage(browser, { viewport: VIEWPORTS.phone });
    const bannerOf = async (path: string) => {
      await buyer.page.goto(path);
      return plainText(await buyer.page.locator(`.promo-banner[data-promo="${code}"]`).textContent());
    };
    await expect.poll(() => bannerOf('/de/de/'), { timeout: 10_000 }).toBe(`Herbstangebot ${code}`);
    await screenshot(buyer.page, 'console-review-promo-de-390');
    expect(await bannerOf('/us/en/')).toBe(`Autumn offer ${code}`);
    await buyer.context.close();

    // Switched off: other browser tests read the German home page.
    await owner.goto('/admin/promos');
    await owner.getByRole('button', { name: `Switch off ${code}` }).click();
    await owner.getByRole('status').filter({ hasText: code }).waitFor();
  });
  it('a site banner written in the console for the pricing page with its German message shows it on /de/de/pricing/ (390 px), then is deleted', async () => {
    const message = `Open on Saturdays ${Date.now().toString(36)}`;
    await owner.goto('/admin/banners');
    await owner.locator('#b-content').fill(message);
    await owner.locator('#b-countries').fill('DE');
    await owner.getByRole('group', { name: 'Shown on (none: every page)' }).getByRole('checkbox', { name: 'Pricing', exact: true }).check();
    await owner.getByTestId('banner-translations').locator('summary').click();
    await owner.getByLabel('Message in German (de)').fill(`Samstags geöffnet ${message}`);
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.getByRole('button', { name: 'Create banner' }).click();
    await owner.getByRole('status').filter({ hasText: 'The banner is saved' }).waitFor();

    const buyer = await openPage(browser, { viewport: VIEWPORTS.phone });
    const siteBanner = async () => {
      await buyer.page.goto('/de/de/pricing/');
      return plainText(await buyer.page.locator('[data-site-banner]').textContent({ timeout: 2000 }).catch(() => ''));
    };
    await expect.poll(siteBanner, { timeout: 10_000 }).toBe(`Samstags geöffnet ${message}`);
    expect(await seriousViolations(buyer.page)).toEqual([]);
    await screenshot(buyer.page, 'console-review-site-banner-pricing-390-de');
    await buyer.context.close();

    owner.once('dialog', (dialog) => void dialog.accept());
    await owner.getByRole('button', { name: new RegExp(`^Delete .*${message}`) }).click();
    await owner.getByRole('status').filter({ hasText: 'The banner is deleted.' }).waitFor();
  });
});
