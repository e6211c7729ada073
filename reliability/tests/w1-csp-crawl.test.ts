import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, PLACE, readyCheckout, type PlaceAnswer } from '../../apps/server/test/checkout-support.ts';
import { LANDING_PAGES } from '../../apps/storefront/src/features/catalogue/landing/pages.ts';
import { signInAtProvider } from '../../e2e/support/account.ts';
import { httpGql } from '../../e2e/support/api.ts';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { buy } from '../../e2e/support/buyer.ts';
import { REPO_ROOT, startServer, type RunningServer } from '../../e2e/support/server.ts';
import { recordScenario } from '../support/report.ts';

const built = existsSync(`${REPO_ROOT}/apps/server/dist/main.js`) && existsSync(`${REPO_ROOT}/apps/storefront/dist/client/index.html`);

interface Violation { page: string; directive: string; blocked: string; source: string; sample: string }

/**
 * Every screen of the store's router (apps/storefront/src/app/routes.tsx, with real tokens in its
 * paths, as e2e/tests/routes.test.ts lists them), under one market.
 */
function storeScreens(tokens: { order: string; invoice: string; checkout: string }): string[] {
  return [
    '', 'cart/', 'accessories/', 'accessories-step/', 'accessories-step/?device=iq3&sku=IQ3-USBC-HUMAN', 'checkout/', `checkout/${tokens.checkout}/`, `checkout/payment/${tokens.checkout}/`,
    'product/iq3/', 'product/iq3/pro/', 'product/iq3/pro/annual/', 'product/iq-plus/', 'product/pro-membership/', 'product/usb-c-cable/', 'product/extended-warranty-2-years/', 'product/iq3/all-in/',
    'all-in/', 'pricing-survey/', 'survey-results/', 'pro-custom/', 'product-flow/', 'offer/', 'solutions/',
    `payment-details/${tokens.order}/`, `order-payment/${tokens.order}/`, `order-payment-confirmation/${tokens.order}/`, `confirmation/${tokens.order}/`,
    `invoice-payment/${tokens.invoice}/`, `invoice-payment-confirmation/${tokens.invoice}/`,
    'iq/', 'vet/', 'iq/bundle/', 'vet/bundle/', 'subscription/', 'account/', 'learner-verification/', 'vet/learner-verification/',
    'upgrade/', 'upgrade/expired/', 'upgrade/license/', 'upgrade/pro/', 'upgrade/add-iq/',
    'pro-custom/upgrade/', 'pro-custom/downgrade/', 'pro-custom/reactivation/',
    'site-map/', 'contact/', 'pricing/', 'terms/', 'supported-countries/', 'refer/no-such-referral/', 'no-such-page/',
    ...LANDING_PAGES.map((page) => page.path),
    'form/demo/', 'form/contact/',
  ];
}

const CONSOLE_PAGES = ['', 'prices', 'vouchers', 'maintenance', 'learners', 'audit', 'dashboard', 'no-such-page'];

/**
 * W1 (browser part, long suite only): the built server, Chromium visiting every screen — the store's
 * routes with real order, invoice and checkout tokens, a buyer's journey from a product page through
 * the cart and checkout to the confirmation of a test-card order, the built-in provider's sign-in,
 * sign-up and forgotten-password pages, My account and the organization page signed in as a demo admin,
 * the marketing forms, and the operator console signed in as its owner — collecting every
 * `securitypolicyviolation` event (in every frame) and every console message about the
 * Content-Security-Policy. Zero of either.
 */
describe.runIf(process.env.RELIABILITY_LONG && built)('W1 CSP violations in a browser crawl of every screen (built server, Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  const violations: Violation[] = [];
  const consoleCsp: string[] = [];
  const visited = new Set<string>();

  beforeAll(async () => {
    server = await startServer({ FORMS_MIN_FILL_MS: '300' });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A context whose every frame reports CSP violations to the test; analytics consent given (so its scripts load too). */
  async function watchedContext(): Promise<BrowserContext> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await context.exposeBinding('__reportCspViolation', ({ frame }, v: Omit<Violation, 'page'>) => {
      violations.push({ page: frame.url(), ...v });
    });
    await context.addInitScript(() => {
      if (localStorage.getItem('analyticsConsent') === null) localStorage.setItem('analyticsConsent', 'granted');
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __reportCspViolation: (v: object) => void }).__reportCspViolation({
          directive: e.effectiveDirective || e.violatedDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}`, sample: e.sample,
        });
      });
    });
    context.on('console', (msg) => {
      if (/content[- ]security[- ]policy|refused to (load|execute|apply|connect|frame|create)/i.test(msg.text())) consoleCsp.push(`${msg.page()?.url()}: ${msg.text()}`);
    });
    return context;
  }

  /** Opens a path and lets it settle: hydrated (store pages), its lazy chunks and first queries done. */
  async function visit(page: Page, path: string): Promise<void> {
    const response = await page.goto(path);
    expect(response?.status() ?? 0, path).toBeLessThan(500);
    await settle(page);
  }

  async function settle(page: Page): Promise<void> {
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 5_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
    record(page.url());
  }

  /** A screen by its path, tokens and the provider's interaction id replaced by placeholders. */
  function record(url: string): void {
    visited.add(new URL(url).pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\/interaction\/[^/]+/g, (m) => (m.startsWith('/') ? '/interaction/:uid' : ':token')));
  }

  it('zero securitypolicyviolation events and zero CSP console errors on every screen', async () => {
    // Real tokens for the screens that take one: a card order, an electronic-quote invoice, an open checkout.
    const api = httpGql(server.url);
    const place = async (method: string, card: object | null) => {
      const { token, total } = await readyCheckout(api, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], method });
      return (await api.gql<PlaceAnswer>(PLACE, { token, key: `w1-${method}-${token}`, total, card })).body.data!.checkoutPlaceOrder.order!;
    };
    const order = await place('CREDIT_CARD', CARD_OK);
    const quote = await place('ELECTRONIC_QUOTE', null);
    const open = await readyCheckout(api, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    const tokens = { order: order.token, invoice: quote.invoice!.token, checkout: open.token };

    // The listener can fail: an inline script added to a page is refused, and both the event and the console say so.
    const canary = await watchedContext();
    const probe = await canary.newPage();
    await probe.goto('/us/en/');
    await probe.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.name = "inline"';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    await expect.poll(() => consoleCsp.length).toBeGreaterThan(0);
    const planted = { violations: violations.splice(0), console: consoleCsp.splice(0) };
    expect(planted.violations[0]!.directive).toMatch(/^script-src/);
    await canary.close();

    // A buyer's journey in a new browser: product page → cart with a line → each checkout step → test card → confirmation.
    const buyer = await watchedContext();
    const journey = await buyer.newPage();
    journey.on('framenavigated', (frame) => {
      if (frame === journey.mainFrame()) record(frame.url());
    });
    await buy(journey, { base: '/us/en', product: 'usb-c-cable', method: 'CREDIT_CARD', address: { firstName: 'Ada', lastName: 'Lovelace', streetAddress1: '1 Market St', city: 'San Francisco', postalCode: '94105', countryArea: 'CA' } });
    await settle(journey);
    await buyer.close();

    // Anonymous: every store screen in English, the home pages of other markets (German, right-to-left Arabic).
    const anonymous = await watchedContext();
    const page = await anonymous.newPage();
    for (const path of ['/', '/de/de/', '/ae/ar/', '/pl/pl/product/iq3/']) await visit(page, path);
    for (const path of storeScreens(tokens)) await visit(page, `/us/en/${path}`);
    await anonymous.close();

    // The built-in provider's pages, as the storefront opens them (code + PKCE).
    const provider = await watchedContext();
    const signInPage = await provider.newPage();
    const verifier = randomBytes(32).toString('base64url');
    const params = new URLSearchParams({
      client_id: 'probe-store', response_type: 'code', redirect_uri: `${server.url}/auth/callback`, scope: 'openid email profile',
      state: randomBytes(16).toString('base64url'), code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256',
    });
    await signInPage.goto(`/oidc/auth?${params}`);
    await signInPage.waitForURL(/\/oidc\/interaction\/[^/]+$/);
    await settle(signInPage);
    const signIn = new URL(signInPage.url()).pathname;
    await signInPage.locator('input[name=email]').fill('admin@demo.probe.store');
    await signInPage.locator('input[name=password]').fill('not the password');
    await Promise.all([signInPage.waitForURL(/\/login$/), signInPage.locator('form[action$="/login"] button[type=submit]').click()]);
    await settle(signInPage);
    for (const next of ['signup', 'forgot']) await visit(signInPage, `${signIn}/${next}`);
    await provider.close();

    // Signed in as a demo organization admin: My account, the organization, the subscription and upgrade screens.
    const member = await watchedContext();
    const account = await member.newPage();
    await signInAtProvider(account, '/us/en/account/', 'admin@demo.probe.store');
    await settle(account);
    // My account lists the organizations on a page of their own; each links to its membership.
    await visit(account, '/us/en/account/organizations/');
    await account.locator('a[href*="/account/organization/"]').first().waitFor({ timeout: 15_000 });
    const organization = await account.locator('a[href*="/account/organization/"]').first().getAttribute('href');
    for (const path of [organization!, '/us/en/subscription/', '/us/en/upgrade/', '/us/en/upgrade/pro/', '/us/en/learner-verification/', '/us/en/account/']) await visit(account, path);
    await member.close();

    // The operator console, signed in as its owner.
    const staff = await watchedContext();
    const operator = await staff.newPage();
    await signInAtProvider(operator, '/admin/', 'operator@demo.probe.store');
    await operator.getByTestId('console-user').filter({ hasText: 'operator@demo.probe.store' }).waitFor();
    await settle(operator);
    for (const path of [...CONSOLE_PAGES.map((p) => `/admin/${p}`), `/admin/orders/${order.number}`]) await visit(operator, path);
    await staff.close();

    const pages = visited.size;
    const pass = violations.length === 0 && consoleCsp.length === 0;
    recordScenario({
      id: 'W1b',
      done: `Chromium over the built server: ${pages} distinct screens — every store route with real tokens, a card purchase from product page to confirmation, the provider's sign-in/refused/sign-up/forgot pages, My account and organization signed in, the forms, ${CONSOLE_PAGES.length + 1} console pages as operator; securitypolicyviolation listener in every frame`,
      figure: `${violations.length} CSP violations, ${consoleCsp.length} CSP console errors on ${pages} screens (a planted inline script: ${planted.violations.length} violation and ${planted.console.length} console error caught)`,
      pass,
    });
    expect(violations).toEqual([]);
    expect(consoleCsp).toEqual([]);
  }, 600_000);
});
