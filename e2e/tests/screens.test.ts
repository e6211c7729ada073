import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, seriousViolations, settled, VIEWPORTS } from '../support/browser.ts';

const ERROR_HEADING = 'An Error Occurred';
const ERROR_TEXT = 'There was a problem processing your request. Please contact support to complete your order.';

/** The error screen, not-found screen, spinner and maintenance page of spec §2, with axe on each. */
describe('status screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function loaded(path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
    const opened = await openPage(browser, { viewport, permissions: ['clipboard-read', 'clipboard-write'] });
    const response = await opened.page.goto(path);
    await settled(opened.page);
    return { ...opened, response };
  }

  /** In-app navigation to the German store, which reloads the locale data. */
  async function switchToGerman(page: Page) {
    await page.locator('.region-picker summary').click();
    await page.getByRole('link', { name: 'Germany, Deutsch' }).click();
  }

  it('a loader failure shows the generic error screen with the server error id, which can be copied', async () => {
    const { context, page } = await loaded('/de/de/');
    await page.route('**/graphql', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'boom', extensions: { errorId: 'e2e-error-1234' } }] }) }),
    );
    await page.locator('.region-picker summary').click();
    await page.getByRole('link', { name: 'Vereinigte Staaten, English' }).click();
    // The GraphQL error event shows the error screen at once; the failed navigation then lands on /us/en/.
    await page.waitForURL('**/us/en/');
    const screen = page.getByTestId('error-screen');
    await screen.getByRole('heading', { level: 1, name: ERROR_HEADING }).waitFor();
    await expect(screen.textContent()).resolves.toContain(ERROR_TEXT);
    await expect(page.getByTestId('error-id-text').textContent()).resolves.toBe(
      'Please share the following error ID with the support team: e2e-error-1234',
    );
    await page.getByRole('button', { name: 'Copy error ID' }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe('e2e-error-1234');
    await expect(page.getByRole('link').count()).resolves.toBe(0); // no way back is offered
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'error-screen-desktop');
    await context.close();
  });

  it('a network failure in a loader shows the error screen with the id of the report sent to monitoring', async () => {
    const { context, page } = await loaded('/us/en/', VIEWPORTS.phone);
    const reports: Array<{ errorId: string; message: string }> = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/client-errors' && reports.push(r.postDataJSON()));
    await page.route('**/graphql', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await switchToGerman(page);
    await page.getByTestId('error-screen').waitFor({ timeout: 20_000 });
    const shown = await page.getByTestId('error-id-text').locator('code').textContent();
    await expect.poll(() => reports.map((r) => r.errorId)).toContain(shown);
    expect(reports.some((r) => r.message.includes('Response not successful: Received status code 503'))).toBe(true);
    await screenshot(page, 'error-screen-phone');
    await context.close();
  });

  it('the global GraphQL error event replaces the page by the error screen', async () => {
    const { context, page } = await loaded('/de/de/');
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent('store:graphql-error', { detail: { message: 'x', errorId: 'evt-42' } })),
    );
    await page.getByTestId('error-screen').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Es ist ein Fehler aufgetreten');
    await expect(page.getByTestId('error-id-text').textContent()).resolves.toContain('evt-42');
    await context.close();
  });

  it('an unknown store path answers 404 with the not-found screen, whose link leads home', async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page, response, problems } = await loaded('/us/en/no-such-page/', viewport);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page not found');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `not-found-${name}`);
      await page.getByRole('link', { name: 'Go to the store home page' }).click();
      await page.waitForURL('**/us/en/');
      expect(problems.errors.filter((e) => !e.includes('404'))).toEqual([]);
      await context.close();
    }
  });

  it('shows the full-page spinner, two arcs at 0.8 s and 1.6 s, while a navigation loads', async () => {
    const { context, page } = await loaded('/us/en/');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      await held;
      await route.continue();
    });
    await switchToGerman(page);
    const loader = page.getByTestId('page-loader');
    await loader.waitFor();
    const spinner = loader.getByRole('status', { name: 'Loading' });
    const box = await spinner.boundingBox();
    expect(box).toMatchObject({ width: 50, height: 50 });
    const viewport = page.viewportSize()!;
    expect(Math.abs(box!.x + box!.width / 2 - viewport.width / 2)).toBeLessThan(2);
    expect(Math.abs(box!.y + box!.height / 2 - viewport.height / 2)).toBeLessThan(2);
    const durations = await page.locator('.spinner__arc').evaluateAll((arcs) => arcs.map((a) => getComputedStyle(a).animationDuration));
    expect(durations).toEqual(['0.8s', '1.6s']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'spinner-desktop');
    release();
    await page.waitForURL('**/de/de/');
    await loader.waitFor({ state: 'detached' });
    await context.close();
  });

  it('home and forms pages pass axe on a phone and a desktop, in English, German and Arabic', async () => {
    for (const path of ['/us/en/', '/de/de/', '/ae/ar/', '/us/en/form/demo/']) {
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        const { context, page, problems } = await loaded(path, viewport);
        expect(await seriousViolations(page), `${path} ${name}`).toEqual([]);
        expect(problems.errors, `${path} ${name}`).toEqual([]);
        await screenshot(page, `${path.replaceAll('/', '_').replace(/^_|_$/g, '')}-${name}`);
        await context.close();
      }
    }
  }, 180_000);

  it('home works by keyboard: skip link first, then the header controls', async () => {
    const { context, page } = await loaded('/us/en/');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to main content');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    await context.close();
  });
});
