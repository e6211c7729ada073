import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser, fakeAccountApi, hydrated } from '../support/account.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { uiMessages } from '../support/text.ts';

/**
 * The header's navigation on a phone (issue 36): at 390 px the sections are behind a Menu button that
 * opens, reaches every section and closes by keyboard, in English and in Arabic (right to left); on a
 * desktop they are a row of links. A long signed-in name never pushes the region button out, at any width.
 */
const SECTIONS = [
  { path: 'iq/', label: 'nav.human' },
  { path: 'vet/', label: 'nav.vet' },
  { path: 'accessories/', label: 'nav.accessories' },
  { path: 'pricing/', label: 'nav.pricing' },
] as const;

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** Header controls drawn over one another (each visible one's box against the others'), by class. */
const headerOverlaps = (page: Page) => page.evaluate(() => {
  const selectors = ['.store-header__brand', '.store-nav__toggle', '.store-nav__list', '.store-header__cart', '.account-menu__button', '.region-picker summary'];
  const boxes = selectors.map((selector) => ({ selector, box: document.querySelector(selector)?.getBoundingClientRect() }))
    .filter((b): b is { selector: string; box: DOMRect } => !!b.box && b.box.width > 0 && getComputedStyle(document.querySelector(b.selector)!).display !== 'none');
  const overlaps: string[] = [];
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (a.box.left < b.box.right - 1 && b.box.left < a.box.right - 1) overlaps.push(`${a.selector} / ${b.selector}`);
    }
  }
  return overlaps;
});

describe('store navigation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const c of [{ base: '/us/en/', language: 'en', dir: 'ltr' }, { base: '/ae/ar/', language: 'ar', dir: 'rtl' }]) {
    it(`${c.base} at 390 px: the Menu button opens the sections, focus moves in, Escape closes it and gives focus back; axe clean`, async () => {
      const m = uiMessages(c.language);
      const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
      await page.goto(c.base);
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(c.dir);
      const nav = page.getByRole('navigation', { name: m['app.mainNav'] });
      const button = nav.getByRole('button', { name: m['nav.menu'] });
      const links = SECTIONS.map((s) => nav.getByRole('link', { name: m[s.label], exact: true }));
      await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
      for (const link of links) await expect(link.isVisible()).resolves.toBe(false);

      await button.focus();
      await page.keyboard.press('Enter');
      await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
      const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
      await expect(panel.isVisible()).resolves.toBe(true);
      // Focus is on the first section; Tab walks the sections in order.
      for (const [i, section] of SECTIONS.entries()) {
        if (i > 0) await page.keyboard.press('Tab');
        await expect(focusedText(page)).resolves.toBe(m[section.label]);
        await expect(links[i]!.isVisible()).resolves.toBe(true);
      }
      // The panel spans the header and opens on the reading side: its links start at the right in Arabic.
      const box = (await panel.boundingBox())!;
      expect(box.width).toBeGreaterThan(VIEWPORTS.phone.width - 2);
      const first = (await links[0]!.boundingBox())!;
      if (c.dir === 'rtl') expect(first.x + first.width).toBeGreaterThan(VIEWPORTS.phone.width - 40);
      else expect(first.x).toBeLessThan(40);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `nav-menu-${c.language}-phone-open`);

      await page.keyboard.press('Escape');
      await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(panel.isVisible()).resolves.toBe(false);
      await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('nav-menu');

      // Tab past the last section leaves the menu, which closes behind it.
      await page.keyboard.press('Enter');
      for (let i = 1; i < SECTIONS.length; i++) await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(page.evaluate(() => document.activeElement?.classList.contains('store-header__cart'))).resolves.toBe(true);
      expect(problems.errors).toEqual([]);
      await context.close();
    });

    it(`${c.base} at 390 px: every section is reached from the menu by keyboard, and the menu is closed on arrival`, async () => {
      const m = uiMessages(c.language);
      const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
      await page.goto(c.base);
      await hydrated(page);
      const button = page.getByTestId('nav-menu');
      for (const [i, section] of SECTIONS.entries()) {
        await button.focus();
        await page.keyboard.press('Enter');
        for (let k = 0; k < i; k++) await page.keyboard.press('Tab');
        await expect(focusedText(page)).resolves.toBe(m[section.label]);
        await page.keyboard.press('Enter');
        await page.waitForURL(`**${c.base}${section.path}`);
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
        await expect.poll(() => page.locator('.store-nav__list a[aria-current="page"]').textContent()).toBe(m[section.label]);
      }
      await screenshot(page, `nav-menu-${c.language}-phone-pricing`);
      expect(problems.errors).toEqual([]);
      await context.close();
    });
  }

  it('at 1440 px the sections are a row of links and there is no Menu button', async () => {
    const m = uiMessages('de');
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto('/de/de/');
    await hydrated(page);
    await expect(page.getByTestId('nav-menu').isVisible()).resolves.toBe(false);
    for (const section of SECTIONS) await expect(page.getByRole('link', { name: m[section.label], exact: true }).first().isVisible()).resolves.toBe(true);
    await screenshot(page, 'nav-de-desktop');
    await context.close();
  });

  for (const base of ['/de/de/', '/ae/ar/', '/fr/fr/']) {
    it(`${base} at 1200 and 1440 px, signed out: the sections, cart, sign-in and region button sit side by side`, async () => {
      for (const width of [1200, 1440]) {
        const { context, page } = await openPage(browser, { viewport: { width, height: 900 } });
        await page.goto(base);
        await hydrated(page);
        expect(await headerOverlaps(page), `${width} px`).toEqual([]);
        const region = (await page.locator('.region-picker summary').boundingBox())!;
        expect(region.x + region.width).toBeLessThanOrEqual(width);
        await context.close();
      }
    });
  }

  // 800 and 1200 px: a tablet, and the narrowest width showing the sections and the signed-in name in a row.
  for (const width of [390, 800, 1200, 1440]) {
    const viewport = { width, height: 900 };
    const device = `${width}px`;
    for (const base of ['/de/de/', '/ae/ar/']) {
      it(`${base} at ${device}: a long signed-in name is cut with an ellipsis and the header keeps one line, the region button in it`, async () => {
        const { context, page } = await openPage(browser, { viewport });
        await context.addInitScript(() => {
          localStorage.setItem('authToken', JSON.stringify({ token: 'fake.jwt.token', tokenType: 'JWT', expiresIn: 3600, createdAtSeconds: Math.floor(Date.now() / 1000), state: null }));
        });
        const me = { ...demoUser({ country: base === '/de/de/' ? 'DE' : 'AE' }), name: 'Dr. Maximiliane Alexandra von Hohenzollern-Sigmaringen-Wittelsbach' };
        await fakeAccountApi(page, { me });
        await page.goto(base);
        await hydrated(page);
        const name = page.locator('.account-menu__name');
        await name.waitFor({ state: 'attached' });
        const region = (await page.locator('.region-picker summary').boundingBox())!;
        const header = (await page.locator('.store-header').boundingBox())!;
        expect(region.x).toBeGreaterThanOrEqual(0);
        expect(region.x + region.width).toBeLessThanOrEqual(viewport.width);
        expect(region.y + region.height).toBeLessThanOrEqual(header.y + header.height);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(await headerOverlaps(page)).toEqual([]);
        // One line: the cart, the account entry and the region button sit beside the brand.
        const brand = (await page.locator('.store-header__brand').boundingBox())!;
        expect(region.y).toBeLessThan(brand.y + brand.height);
        if (width >= 1200) {
          expect(await name.isVisible()).toBe(true);
          expect(await name.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
          expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        }
        expect(await seriousViolations(page, '.store-header')).toEqual([]);
        await screenshot(page, `header-long-name-${base.split('/')[2]}-${device}`);
        await context.close();
      });
    }
  }
});
