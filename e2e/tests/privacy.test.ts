import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, signInAtProvider } from '../support/account.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { uiMessages } from '../support/text.ts';

/** The export link e-mailed to an address (the mail sink of this test's own server), once the job has run. */
async function exportLinkFor(server: RunningServer, email: string): Promise<string> {
  const dir = join(server.dataDir, 'mail');
  for (let i = 0; i < 100; i++) {
    for (const name of (() => { try { return readdirSync(dir); } catch { return []; } })()) {
      const raw = readFileSync(join(dir, name), 'utf8').replace(/=\r?\n/g, '');
      const link = /https?:\/\/[^\s"<]+\/privacy\/export\/[A-Za-z0-9_-]{43}/.exec(raw);
      if (link && raw.includes(`To: ${email}`)) return link[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no export mail to ${email}`);
}

async function signIn(page: Page, path: string, email: string): Promise<void> {
  await signInAtProvider(page, path, email);
  await page.waitForURL((url) => url.pathname === path);
  await hydrated(page);
}

/** Issue 38: a user's data export and the erasure of their account, from my account. Its own server: accounts are erased. */
describe('your data (export and erasure)', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('US / en: a member of a US clinic asks for a copy of their data, gets the link by e-mail and downloads it; a wrong password erases nothing', async () => {
    const en = uiMessages('en');
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.phone, baseURL: server.url });
    await signIn(page, '/us/en/account/', 'member@demo.probe.store');
    const section = page.getByTestId('your-data');
    await section.getByRole('heading', { name: en['privacy.title'], exact: true }).waitFor();
    await section.getByRole('button', { name: en['privacy.export.button'] }).click();
    await section.getByText(en['privacy.export.requested']!).waitFor();
    await section.getByTestId('data-requests').getByText(en['privacy.kind.EXPORT']!).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-export-phone-en');

    const link = await exportLinkFor(server, 'member@demo.probe.store');
    const archive = await (await page.request.get(link)).json() as { profile: { email: string }; memberships: unknown[] };
    expect(archive.profile.email).toBe('member@demo.probe.store');
    expect(archive.memberships.length).toBeGreaterThan(0);

    await section.getByRole('button', { name: en['privacy.erase.start'] }).click();
    await section.getByLabel(en['privacy.erase.password']!).fill('not my password');
    await section.getByRole('button', { name: en['privacy.erase.confirm'] }).click();
    await section.getByText(en['privacy.erase.wrongPassword']!).waitFor();
    expect(await section.getByLabel(en['privacy.erase.password']!).getAttribute('aria-invalid')).toBe('true');
    expect(await section.getByLabel(en['privacy.erase.password']!).inputValue()).toBe('not my password');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-wrong-password-phone-en');
    await context.close();
  });

  it('US / en: consents on record: the member allows analytics in the banner, sees it in my account, withdraws it and gives marketing e-mail; this browser stops its analytics', async () => {
    const en = uiMessages('en');
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.phone, baseURL: server.url }, { consent: null });
    await signIn(page, '/us/en/account/', 'member@demo.probe.store');
    const banner = page.getByRole('region', { name: en['consent.heading'] });
    await banner.getByRole('button', { name: en['consent.allow'] }).click();
    await banner.waitFor({ state: 'detached' });
    // The choice is on record for the signed-in member: my account lists it once it is (and after a reload).
    const analytics = page.getByTestId('consent-ANALYTICS');
    await analytics.locator('[data-state="given"]').getByText(en['privacy.consent.source.banner']!, { exact: false }).waitFor();
    await page.reload();
    await hydrated(page);
    await analytics.locator('[data-state="given"]').getByText(en['privacy.consent.source.banner']!, { exact: false }).waitFor();
    const marketing = page.getByTestId('consent-MARKETING_EMAIL');
    await marketing.getByText(en['privacy.consent.none']!).waitFor();

    await analytics.getByRole('button', { name: en['privacy.consent.withdraw'] }).click();
    await page.getByTestId('consents').getByRole('status').getByText(en['privacy.consent.saved']!).waitFor();
    await analytics.locator('[data-state="withdrawn"]').getByText(en['privacy.consent.source.account']!, { exact: false }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('analyticsConsent'))).toBe('denied');
    await marketing.getByRole('button', { name: en['privacy.consent.give'] }).click();
    await marketing.locator('[data-state="given"]').waitFor();
    await analytics.getByRole('button', { name: en['privacy.consent.give'] }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('consents').scrollIntoViewIfNeeded();
    await screenshot(page, 'privacy-consents-phone-en');
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-consents-desktop-en');

    // Keyboard: the analytics button is reached and used with the keyboard, and gives the consent again.
    await analytics.getByRole('button', { name: en['privacy.consent.give'] }).focus();
    await page.keyboard.press('Enter');
    await analytics.locator('[data-state="given"]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('analyticsConsent'))).toBe('granted');
    await context.close();
  });

  it('PL / pl: the admin of a practice whose subscription has lapsed erases their account with their password, is signed out, and can no longer sign in', async () => {
    const pl = uiMessages('pl');
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.desktop, baseURL: server.url });
    await signIn(page, '/pl/pl/account/', 'lapsed@demo.probe.store');
    const section = page.getByTestId('your-data');
    await section.getByRole('button', { name: pl['privacy.erase.start'] }).click();
    await section.getByLabel(pl['privacy.erase.password']!).fill('demo-password-1');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-erase-desktop-pl');
    await section.getByRole('button', { name: pl['privacy.erase.confirm'] }).click();
    await section.getByText(pl['privacy.erase.accepted']!).waitFor();
    await screenshot(page, 'privacy-erase-accepted-desktop-pl');
    for (let i = 0; i < 100 && new URL(page.url()).pathname.endsWith('/account/'); i++) await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname, page.url()).not.toMatch(/\/account\/$/);
    await context.close();

    // The account is gone: the provider no longer knows the e-mail and password.
    const again = await openPage(browser, { baseURL: server.url });
    await again.page.goto('/pl/pl/account/');
    await again.page.waitForURL(/\/oidc\/interaction\//);
    for (let i = 0; i < 50; i++) {
      await again.page.locator('input[name=email]').fill('lapsed@demo.probe.store');
      await again.page.locator('input[name=password]').fill('demo-password-1');
      await again.page.locator('form[action$="/login"] button[type=submit]').click();
      await again.page.waitForLoadState();
      if (new URL(again.page.url()).pathname.startsWith('/oidc/')) break;
      await again.page.goto('/pl/pl/account/');
      await again.page.waitForURL(/\/oidc\/interaction\//);
    }
    expect(new URL(again.page.url()).pathname).toMatch(/^\/oidc\//);
    await again.context.close();
  });

  it('the operator sees both requests in the console, and an erasure the store must refuse is refused with what must happen first', async () => {
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.desktop, baseURL: server.url });
    await signInAtProvider(page, '/admin/data-requests', 'operator@demo.probe.store');
    await page.getByRole('heading', { level: 1, name: 'Data requests' }).waitFor();
    const rows = page.getByTestId('data-requests').locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    await rows.filter({ hasText: 'member@demo.probe.store' }).filter({ hasText: 'Copy of data' }).waitFor();
    await rows.filter({ hasText: 'Erasure' }).filter({ hasText: 'erased account' }).filter({ hasText: 'Done' }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByLabel('E-mail of the customer\'s account').fill('individual@demo.probe.store');
    await page.getByRole('button', { name: 'Start the erasure' }).click();
    await page.getByRole('alert').filter({ hasText: 'The customer is the only admin of Ada Individual' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-console-desktop-en');
    await context.close();
  });
});
