import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser, fakeAccountApi, fakeProvider, hydrated, signInAtProvider } from '../support/account.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { plainText, uiMessages } from '../support/text.ts';

const SECTIONS = ['profile', 'orders', 'subscription', 'paymentMethods', 'organizations', 'learner', 'referrals'] as const;
const LABELS: Record<(typeof SECTIONS)[number], string> = {
  profile: 'account.nav.profile', orders: 'account.nav.orders', subscription: 'account.nav.subscription', paymentMethods: 'account.nav.paymentMethods',
  organizations: 'account.nav.organizations', learner: 'account.nav.learner', referrals: 'account.nav.referrals',
};
const width = (viewport: { width: number }) => (viewport.width === VIEWPORTS.phone.width ? 'phone' : 'desktop');

/** The account menu's sections, in order, as the page lists them. */
const listed = (page: Page) => page.getByTestId('account-nav').locator('a').evaluateAll((links) => links.map((a) => (a as HTMLElement).dataset.section));
const focused = (page: Page) => page.evaluate(() => ({ tag: document.activeElement?.tagName ?? '', section: (document.activeElement as HTMLElement | null)?.dataset.section ?? '', text: document.activeElement?.textContent ?? '' }));

/** Opens a section from the account menu by keyboard: its link focused, Enter; the new section's heading takes the focus. */
async function openByKeyboard(page: Page, section: string, heading: string): Promise<void> {
  await page.getByTestId('account-nav').locator(`a[data-section=${section}]`).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1', text: heading });
}

/** Issue 36: one account area, its sections each a page of its own beside the account's menu. */
describe('the account area', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const [base, language, country] of [['/us/en', 'en-US', 'US'], ['/ae/ar', 'ar', 'AE']] as const) {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      it(`${base} at ${viewport.width} px: every section reached by keyboard, an order's page inside the account, the referral link copied; axe clean`, async () => {
        const messages = uiMessages(language);
        const { context, page, problems } = await openPage(browser, { viewport });
        await page.goto(`${base}/`);
        const origin = new URL(page.url()).origin;
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
        await fakeProvider(context, origin);
        await fakeAccountApi(page, { me: demoUser({ country, referrerToken: '0123456789abcdef0123456789abcdef' }) });
        await page.goto(`${base}/account/`);
        await page.waitForURL((url) => url.pathname === `${base}/account/` && !url.search);
        await hydrated(page);
        await page.getByTestId('account-profile').waitFor();
        expect(await listed(page)).toEqual([...SECTIONS]);
        expect(await page.getByTestId('account-nav').getAttribute('aria-label')).toBe(messages['account.nav.label']);
        expect(await page.getByTestId('account-nav').locator('a[aria-current=page]').getAttribute('data-section')).toBe('profile');
        // The menu is in the tab order, one section after the other.
        await page.getByTestId('account-nav').locator('a').first().focus();
        const order: string[] = [];
        for (let i = 1; i < SECTIONS.length; i++) {
          await page.keyboard.press('Tab');
          order.push((await focused(page)).section);
        }
        expect(order).toEqual(SECTIONS.slice(1));
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `account-area-profile-${language}-${width(viewport)}`);

        for (const section of ['orders', 'paymentMethods', 'organizations', 'referrals'] as const) {
          await openByKeyboard(page, section, messages[LABELS[section]]!);
          expect(await page.getByTestId('account-nav').locator('a[aria-current=page]').getAttribute('data-section')).toBe(section);
          if (section === 'orders') await page.getByTestId('account-order').first().waitFor();
          if (section === 'paymentMethods') await page.getByTestId('organization-methods').waitFor();
          if (section === 'organizations') await page.getByTestId('account-membership').waitFor();
          expect(await page.evaluate(() => document.documentElement.scrollWidth), section).toBeLessThanOrEqual(viewport.width);
          expect(await seriousViolations(page), section).toEqual([]);
          await screenshot(page, `account-area-${section}-${language}-${width(viewport)}`);

          if (section === 'orders') {
            // The order's page, by keyboard from its card: inside the account (the menu stays, Orders marked), no contradiction about its invoice.
            await page.getByTestId('account-order').first().getByTestId('order-link').focus();
            await page.keyboard.press('Enter');
            await page.waitForURL((url) => url.pathname === `${base}/account/orders/1042/`);
            const order = page.getByTestId('account-order-page');
            await order.waitFor();
            expect(await page.getByTestId('account-nav').locator('a[aria-current]').getAttribute('data-section')).toBe('orders');
            expect(await page.locator('h1').textContent()).toBe(messages['account.orderNumber']!.replace('{number}', '1042'));
            expect(plainText(await order.getByTestId('order-payment-state').textContent())).toBe(messages['order.badge.partlyRefunded']);
            expect(plainText(await order.getByTestId('order-fulfilment-state').textContent())).toBe(messages['order.badge.shipped']);
            expect(await order.getByTestId('order-shipment').locator('a[href^="https://www.ups.com/"]').count()).toBe(1);
            expect(await order.getByTestId('invoice-pdf').getAttribute('href')).toBe('/documents/invoice/11111111-1111-4111-8111-111111111111.pdf');
            expect(await order.getByTestId('credit-note-pdf').getAttribute('href')).toBe('/documents/credit-note/11111111-1111-4111-8111-111111111111/CN-0001.pdf');
            expect(await order.getByRole('img', { name: 'Visa' }).count()).toBe(1);
            expect(plainText(await order.textContent())).not.toContain(messages['account.invoice.none']);
            // Billed where it was shipped: the address printed once, the billing block saying so.
            expect(await order.locator('address').count()).toBe(1);
            expect(plainText(await order.getByTestId('billing-same').textContent())).toBe(messages['checkout.billingSameAsShipping']);
            expect(await seriousViolations(page)).toEqual([]);
            await screenshot(page, `account-area-order-${language}-${width(viewport)}`);
            // Another buyer's number is not in this account.
            await page.goto(`${base}/account/orders/9999/`);
            await page.getByTestId('order-not-found').waitFor();
          }
          if (section === 'referrals') {
            const link = page.getByTestId('referral-link');
            const url = new URL((await link.getAttribute('href'))!, origin).href;
            await page.getByTestId('copy-button').focus();
            await page.keyboard.press('Enter');
            await expect.poll(() => page.getByTestId('copy-status').textContent()).toBe(messages['account.copy.copied']);
            expect(await page.getByTestId('copy-status').getAttribute('role')).toBe('status');
            expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
            expect(plainText(await link.textContent())).toBe(url);
          }
        }
        // The spec's own sections are in the menu at their own addresses.
        expect(await page.getByTestId('account-nav').locator('a[data-section=subscription]').getAttribute('href')).toBe(`${base}/subscription/`);
        expect(await page.getByTestId('account-nav').locator('a[data-section=learner]').getAttribute('href')).toBe(`${base}/learner-verification/`);
        if (language === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        expect(problems.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
        await context.close();
      });
    }
  }

  it('a member sees only their sections: no payment methods, no referrals, and no heading of them on the way', async () => {
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await page.goto('/us/en/');
    await fakeProvider(context, new URL(page.url()).origin);
    await fakeAccountApi(page, { me: demoUser({ country: 'US', admin: false }) });
    // Every heading the page shows until the user is known is recorded: none may name a section they do not have.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { headings: string[] }).headings = seen;
      new MutationObserver(() => document.querySelectorAll('h1, h2').forEach((h) => seen.push(h.textContent ?? ''))).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/us/en/account/');
    await page.getByTestId('account-profile').waitFor();
    expect(await listed(page)).toEqual(['profile', 'orders', 'subscription', 'organizations', 'learner']);
    const en = uiMessages('en-US');
    expect(await page.evaluate(() => (window as unknown as { headings: string[] }).headings)).not.toContain(en['savedMethods.title']);
    await page.goto('/us/en/account/payment-methods/');
    await page.getByTestId('not-in-account').waitFor();
    expect(await page.getByTestId('organization-methods').count()).toBe(0);
    await context.close();
  });

  it('DE / de, the real server: the Nordvet admin walks every section by keyboard, the subscription and learner pages inside the area, the Visa mark named, the referral link copied', async () => {
    const de = uiMessages('de');
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const { context, page, problems } = await openPage(browser, { viewport });
      await signInAtProvider(page, '/de/de/account/', 'vet@demo.probe.store');
      await page.waitForURL((url) => url.pathname === '/de/de/account/');
      await hydrated(page);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
      await page.getByTestId('account-profile').waitFor();
      expect(await listed(page)).toEqual([...SECTIONS]);
      for (const section of SECTIONS) {
        await openByKeyboard(page, section, section === 'learner' ? de['learner.title']! : section === 'subscription' ? de['subscription.title']! : de[LABELS[section]]!);
        if (section === 'subscription') await page.getByTestId('subscription-panel').waitFor();
        if (section === 'paymentMethods') {
          await page.getByTestId('organization-methods').first().waitFor();
          expect(await page.getByTestId('saved-method').first().getByRole('img').getAttribute('aria-label')).toBeTruthy();
        }
        if (section === 'referrals') {
          await page.getByTestId('copy-button').click();
          await expect.poll(() => page.getByTestId('copy-status').textContent()).toBe(de['account.copy.copied']);
          expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/de\/de\/refer\/[0-9a-f]{32}\/$/);
        }
        expect(await page.getByTestId('account-nav').locator('a[aria-current]').getAttribute('data-section'), section).toBe(section);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), section).toBeLessThanOrEqual(viewport.width);
        expect(await seriousViolations(page), section).toEqual([]);
        await screenshot(page, `account-area-real-${section}-de-${width(viewport)}`);
      }
      expect(problems.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
      await context.close();
    }
  }, 180_000);

  it('the analytics choice is the browser\'s: signing out keeps it, and the banner does not ask again', async () => {
    const en = uiMessages('en-US');
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.phone }, { consent: null });
    await page.goto('/us/en/');
    await hydrated(page);
    const banner = page.getByRole('region', { name: en['consent.heading'] });
    await banner.getByRole('button', { name: en['consent.decline'] }).click();
    await banner.waitFor({ state: 'detached' });
    const provider = await fakeProvider(context, new URL(page.url()).origin);
    await fakeAccountApi(page, { me: demoUser({ country: 'US' }) });
    await page.getByTestId('sign-in').click();
    await page.getByTestId('account-menu').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).not.toBeNull();
    await page.getByTestId('account-menu').click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL((url) => url.pathname === '/us/en/' && provider.requests.some((u) => u.pathname === '/oidc/session/end'));
    await hydrated(page);
    await page.getByTestId('sign-in').waitFor();
    expect(await page.evaluate(() => ({ token: localStorage.getItem('authToken'), consent: localStorage.getItem('analyticsConsent') }))).toEqual({ token: null, consent: 'denied' });
    await page.reload();
    await hydrated(page);
    expect(await banner.count()).toBe(0);
    await context.close();
  });
});
