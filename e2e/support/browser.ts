import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromePath } from './chrome-path.ts';
import { REPO_ROOT } from './server.ts';

export const CHROME_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

function baseUrl(): string {
  return inject('baseUrl');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS });
}

export interface PageProblems {
  /** Console errors and uncaught page errors (hydration mismatches show up here). */
  errors: string[];
  /** Every /graphql request the page sent. */
  graphql: string[];
}

/**
 * A new page that records its errors and its GraphQL calls. Its visitor has allowed analytics (as if
 * they had answered the consent banner before), unless `consent: null` leaves the choice to the test.
 */
export async function openPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
  { consent = 'granted' }: { consent?: 'granted' | 'denied' | null } = {},
): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl(), ...options });
  if (consent) {
    await context.addInitScript((choice) => {
      if (localStorage.getItem('analyticsConsent') === null) localStorage.setItem('analyticsConsent', choice);
    }, consent);
  }
  const page = await context.newPage();
  const problems: PageProblems = { errors: [], graphql: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.errors.push(msg.text());
  });
  page.on('pageerror', (err) => problems.errors.push(err.message));
  page.on('request', (req) => {
    if (new URL(req.url()).pathname !== '/graphql') return;
    // A multipart request (a file upload) names its operation in its 'operations' part.
    const name = (req.headers()['content-type'] ?? '').startsWith('multipart/') ? /"operationName":"(\w+)"/.exec(req.postData() ?? '')?.[1] : req.postDataJSON()?.operationName;
    problems.graphql.push(name ?? req.url());
  });
  return { context, page, problems };
}

/**
 * Waits until the store's code has hydrated the page and then for a quiet network. The code starts after the
 * first paint (decision 0007): on a loaded machine the network can go quiet before it has run, and an in-app
 * step taken then (a keyboard choice, a popstate, a page view read) goes unheard.
 */
export async function settled(page: Page): Promise<void> {
  await hydrated(page);
  await page.waitForLoadState('networkidle');
}

/** Waits until the store's code has hydrated the page (the root marks <html data-hydrated>). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
}

/** Axe violations that matter: serious or critical (of the whole page, or of the part `within` selects). */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  // Only the violations are wanted (axe then skips listing the nodes of every passed rule), and in the page
  // itself: the default mode finishes each run in a new blank page, a second each time. The store's pages
  // have no cross-origin frames for that mode to reach.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  const result = await (within ? builder.include(within) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Saves a full-page screenshot under test-results/screenshots for a person to look at. CI, where nobody
 * looks, sets E2E_SCREENSHOTS=0 and saves the time (a full page at 1440 px is a large PNG to encode).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  const dir = join(REPO_ROOT, 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** The page-view names the page has pushed to its data layer so far, in order. */
export function pageViews(page: Page): Promise<string[]> {
  return page.evaluate(() => ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).filter((e) => e.event === 'page_view').map((e) => e.pageName as string));
}
