import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor, intlLocale } from '../../packages/domain/src/index.ts';
import { hydrated, savePrimaryCard } from '../support/account.ts';
import { ADDRESSES, pay } from '../support/buyer.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { plainText, uiMessages } from '../support/text.ts';

const PASSWORD = 'demo-password-1';
const en = uiMessages('en-US');

/** An amount as the page shows it ("$1,234.56", "−$230.14", "2 049,00 zł") in minor units. */
const minor = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
const text = async (page: Page, testId: string) => plainText(await page.getByTestId(testId).first().textContent());
const pageViews = (page: Page) => page.evaluate(() => ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? [])
  .filter((e) => e.event === 'page_view').map((e) => String(e.pageName)));

/** The built-in provider's sign-in page (its fields are named email and password in every language). */
async function providerSignIn(page: Page, email: string): Promise<void> {
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('form[action$="/login"] button[type=submit]').click();
}

/** A quote for the current choice is on the page (the preview answered) and the button may be pressed. */
async function quoteShown(page: Page): Promise<void> {
  await page.getByTestId('upgrade-quote').waitFor();
  await expect.poll(() => page.getByTestId('upgrade-submit').isEnabled()).toBe(true);
}

/**
 * The upgrade pages against the real API on a fresh database of their own (they change the demo
 * subscriptions), signed in through the built-in OpenID Connect provider as the demo users.
 */
describe('upgrade pages (built-in provider, real API)', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A page of its own for `email`, signed in from `path` and back on it (in the organization's store). */
  async function signedIn(email: string, path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
    const opened = await openPage(browser, { viewport, baseURL: server.url });
    const tail = path.replace(/^\/[a-z]{2}\/[a-z]{2}/, '');
    await opened.page.goto(path);
    await providerSignIn(opened.page, email);
    await opened.page.waitForURL((url) => url.pathname.endsWith(tail) && !url.pathname.startsWith('/auth'));
    await hydrated(opened.page);
    return opened;
  }
  const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

  it('(a) Ada (Pro) upgrades to Team with 3 seats: a prorated charge with a credit, the confirmation, and Team with 3 seats after a reload', async () => {
    const { context, page, problems } = await signedIn('individual@demo.probe.store', '/us/en/upgrade/');
    await page.getByTestId('upgrade-current').waitFor();
    expect(await text(page, 'current-plan')).toBe('Pro');
    expect(await page.locator('h1').textContent()).toBe(en['upgrade.title']);
    await expect.poll(() => pageViews(page)).toContain('upgrade user');
    // Team is offered first; its price for two seats (the minimum), then for three.
    expect(await page.locator('input[name=plan][value=TEAM]').isChecked()).toBe(true);
    expect(await page.locator('input[name=plan][value=CLINIC]').count()).toBe(1);
    await quoteShown(page);
    const twoSeats = minor(await text(page, 'quote-new-price'));
    await page.getByLabel(en['upgrade.seatsLabel']!).fill('3');
    await expect.poll(async () => minor(await text(page, 'quote-new-price'))).toBe((twoSeats / 2) * 3);
    await quoteShown(page);
    const yearOfTeam = minor(await text(page, 'quote-new-price'));
    const today = minor(await text(page, 'quote-amount'));
    const credit = minor(await text(page, 'quote-credit'));
    expect(today).toBeGreaterThan(0);
    expect(today).toBeLessThan(yearOfTeam);
    expect(credit).toBeGreaterThan(0);
    // The sum explained (issue 36): the new price for the rest of the period, less the credit, is what is charged today.
    expect(minor(await text(page, 'quote-rest')) - credit).toBe(today);
    expect(await text(page, 'quote-method')).toBe('Visa …4242');
    expect(await text(page, 'quote-credit')).toMatch(/^−\$/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'upgrade-main-us-desktop');

    await page.getByTestId('upgrade-submit').click();
    await page.getByTestId('upgrade-done').waitFor();
    expect(await text(page, 'done-plan')).toBe('Team');
    expect(await text(page, 'done-seats')).toBe('3 seats');
    expect(minor(await text(page, 'done-charged'))).toBe(today);
    expect(await page.getByTestId('upgrade-done').locator('a[href="/us/en/subscription/"]').count()).toBe(1);
    // The confirmation's heading takes the focus (screen readers hear it).
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('upgrade-done-title');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'upgrade-main-done-us-desktop');

    // The server changed the subscription: a fresh page shows Team with 3 seats, and /upgrade/ is now the team's page.
    await page.goto('/us/en/upgrade/license/');
    await page.getByTestId('upgrade-current').waitFor();
    expect(await text(page, 'current-plan')).toBe('Team');
    expect(await text(page, 'current-seats')).toBe('3 seats');
    await page.goto('/us/en/upgrade/');
    await page.getByTestId('upgrade-current').waitFor();
    await expect.poll(() => pageViews(page)).toContain('upgrade team');
    expect(await page.locator('input[name=plan]').count()).toBe(0); // Clinic is the one larger plan: offered alone
    expect(await page.getByRole('heading', { name: en['upgrade.newPlan']!.replace('{plan}', 'Clinic') }).count()).toBe(1);
    expect(problems.graphql).toContain('CheckoutProrationPreview');
    expect(problems.graphql).toContain('ChangeSubscription');
    expect(realErrors(problems.errors)).toEqual([]);
    await context.close();
  });

  it('(b) the Lakeside admin (Clinic, 10 seats) adds 2 seats on /upgrade/license/: a wrong count is refused under the field, a changed price asked again, a lost answer retried under the same key, then 12 seats after a reload', async () => {
    const { context, page, problems } = await signedIn('admin@demo.probe.store', '/us/en/upgrade/license/');
    await page.getByTestId('upgrade-current').waitFor();
    expect(await text(page, 'current-seats')).toBe('10 seats');
    await expect.poll(() => pageViews(page)).toContain('additional licenses');
    const field = page.getByLabel(en['upgrade.license.addLabel']!);
    // More than the plan allows: the server's answer under the field, the typed value kept, no button.
    await field.fill('500');
    await expect.poll(() => page.locator('#upgrade-seats-error').textContent()).toBe(en['upgrade.error.seats']);
    expect(await field.inputValue()).toBe('500');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('upgrade-submit').isDisabled()).toBe(true);
    await field.fill('2');
    expect(await text(page, 'license-total')).toBe('After the change: 12 seats');
    await quoteShown(page);
    expect(await page.locator('#upgrade-seats-error').count()).toBe(0);
    const today = minor(await text(page, 'quote-amount'));
    expect(today).toBeGreaterThan(0);
    // The real server answers what the browser sends; the route only changes what is sent: first an amount the
    // buyer did not see (as if the price moved since), then a request whose answer is lost on the way.
    const sent: Array<{ key: string; expectedAmount: number }> = [];
    let mode: 'stale' | 'drop' | 'pass' = 'stale';
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string; variables: { idempotencyKey: string; expectedAmount: number } };
      if (body?.operationName !== 'ChangeSubscription') return route.continue();
      sent.push({ key: body.variables.idempotencyKey, expectedAmount: body.variables.expectedAmount });
      if (mode === 'stale') return route.continue({ postData: JSON.stringify({ ...body, variables: { ...body.variables, expectedAmount: body.variables.expectedAmount - 1 } }) });
      if (mode === 'drop') {
        mode = 'pass';
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    // By keyboard: Enter in the field sends the form once the price is there.
    await field.press('Enter');
    await expect.poll(() => page.getByTestId('upgrade-errors').last().textContent()).toContain(en['upgrade.error.pricesChanged']);
    // PRICES_ARE_CHANGED: nothing was charged, the quote is asked again and shown, and the buyer confirms again.
    await quoteShown(page);
    expect(sent[0]!.expectedAmount).toBe(minor(await text(page, 'quote-amount')));
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'upgrade-license-prices-changed-us-desktop');
    mode = 'drop';
    // The button this time (Playwright waits until it may be pressed; the keyboard was proven above).
    await page.getByTestId('upgrade-submit').click();
    const answer = await Promise.race([
      page.getByTestId('upgrade-done').waitFor({ timeout: 60_000 }).then(() => 'done'),
      page.getByText(en['upgrade.error.noAnswer']!).waitFor({ timeout: 60_000 }).then(() => 'lost'),
    ]);
    // The link retries a lost ChangeSubscription by itself; if it gave up, the buyer sends it again: the same key.
    if (answer === 'lost') await page.getByTestId('upgrade-submit').click();
    await page.getByTestId('upgrade-done').waitFor();
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    expect(new Set(sent.slice(1).map((s) => s.key)).size).toBe(1);
    await page.unroute('**/graphql');
    expect(await text(page, 'done-seats')).toBe('12 seats');
    expect(minor(await text(page, 'done-charged'))).toBe(today);
    await page.reload();
    await page.getByTestId('upgrade-current').waitFor();
    expect(await text(page, 'current-seats')).toBe('12 seats');
    expect(realErrors(problems.errors)).toEqual([]);
    await context.close();
  });

  it('(c, f) the lapsed Warsaw practice renews from /upgrade/expired/ in Polish and złoty: what ended, the price, then a year from today; afterwards it is active', async () => {
    const pl = uiMessages('pl');
    const { context, page, problems } = await signedIn('lapsed@demo.probe.store', '/pl/pl/upgrade/expired/');
    const language = 'pl';
    const messages = pl;
    const locale = intlLocale('PL', language);
    await page.getByTestId('upgrade-expired-what').waitFor();
    expect(await page.locator('h1').textContent()).toBe(messages['upgrade.expired.title']);
    const ended = await text(page, 'upgrade-expired-what');
    expect(ended).toContain('zakończył się');
    await expect.poll(() => pageViews(page)).toContain('upgrade expired');
    await quoteShown(page);
    // The renewal's price (the plan's 2 049,00 zł) in the route's locale, charged to the saved card.
    expect(await text(page, 'quote-amount')).toBe(plainText(formatMinor(204900, 'PLN', locale)));
    expect(await text(page, 'quote-method')).toBe('Visa …4242');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'upgrade-expired-pl-desktop');

    await page.getByTestId('upgrade-submit').click();
    await page.getByTestId('upgrade-done').waitFor();
    expect(await page.locator('#upgrade-done-title').textContent()).toBe(messages['upgrade.done.renewal']);
    const nextYear = new Date();
    nextYear.setFullYear(nextYear.getFullYear() + 1);
    expect(await text(page, 'done-period-end')).toBe(plainText(new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(nextYear)));
    expect(await text(page, 'done-charged')).toBe(plainText(formatMinor(204900, 'PLN', locale)));
    await screenshot(page, 'upgrade-expired-done-pl-desktop');
    await page.reload();
    await page.getByTestId('upgrade-active').waitFor();
    expect(await page.getByTestId('upgrade-active').locator('h2').textContent()).toBe(messages['upgrade.expired.active']);
    expect(problems.graphql).toContain('SubscriptionRenewal');
    expect(realErrors(problems.errors)).toEqual([]);
    await context.close();
  });

  it('(d) a declined saved card: the Lakeside admin makes the 0341 test card primary in my account; adding a seat is refused, nothing changes, the way to the saved methods is shown', async () => {
    const { context, page } = await signedIn('admin@demo.probe.store', '/us/en/account/payment-methods/');
    const org = page.getByTestId('organization-methods');
    await org.waitFor();
    await savePrimaryCard(org, '4000 0000 0000 0341');

    await page.goto('/us/en/upgrade/license/');
    await page.getByTestId('upgrade-current').waitFor();
    const seats = await text(page, 'current-seats');
    await page.getByLabel(en['upgrade.license.addLabel']!).fill('1');
    await quoteShown(page);
    expect(await text(page, 'quote-method')).toBe('Visa …0341');
    await page.getByTestId('upgrade-submit').click();
    const errors = page.getByTestId('upgrade-errors').last();
    await expect.poll(() => errors.textContent()).toContain(en['upgrade.error.declined']);
    expect(await errors.locator('a[href="/us/en/account/payment-methods/"]').count()).toBe(1);
    await page.reload();
    await page.getByTestId('upgrade-current').waitFor();
    expect(await text(page, 'current-seats')).toBe(seats);
    await context.close();
  });

  it('(e) every upgrade page at 390 and 1440 px as the Nordvet admin (Team, veterinary, Germany): no serious axe violation, nothing wider than the screen', async () => {
    const { context, page, problems } = await signedIn('vet@demo.probe.store', '/de/de/upgrade/', VIEWPORTS.phone);
    const de = uiMessages('de');
    const pages: Array<{ path: string; ready: string; shot: string; view: string }> = [
      { path: '/de/de/upgrade/', ready: 'upgrade-quote', shot: 'upgrade-main-de-phone', view: 'upgrade team' },
      { path: '/de/de/upgrade/license/', ready: 'upgrade-quote', shot: 'upgrade-license-de-phone', view: 'additional licenses' },
      { path: '/de/de/upgrade/pro/', ready: 'upgrade-already-pro', shot: 'upgrade-pro-de-phone', view: 'upgrade user' },
      { path: '/de/de/upgrade/add-iq/', ready: 'extra-probes', shot: 'upgrade-add-iq-de-phone', view: 'additional vet probe' },
      { path: '/de/de/upgrade/expired/', ready: 'upgrade-active', shot: 'upgrade-expired-active-de-phone', view: 'upgrade expired' },
      { path: '/de/de/pro-custom/upgrade/', ready: 'pro-custom-other-plan', shot: 'upgrade-pro-custom-other-de-phone', view: 'pro custom' },
    ];
    for (const [name, viewport] of [['phone', VIEWPORTS.phone], ['desktop', VIEWPORTS.desktop]] as const) {
      await page.setViewportSize(viewport);
      for (const target of pages) {
        await page.goto(target.path);
        await page.getByTestId(target.ready).waitFor();
        await expect.poll(() => pageViews(page), { message: target.path }).toContain(target.view);
        expect(await seriousViolations(page), `${target.path} ${name}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${target.path} ${name}`).toBeLessThanOrEqual(viewport.width);
        await screenshot(page, target.shot.replace('-phone', `-${name}`));
      }
    }
    await page.setViewportSize(VIEWPORTS.phone);
    // German text and euro amounts on the license page.
    await page.goto('/de/de/upgrade/license/');
    await quoteShown(page);
    expect(await page.locator('h1').textContent()).toBe(de['upgrade.license.title']);
    expect(await text(page, 'quote-amount')).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
    // The veterinary extra probe is offered, not the human ones.
    await page.goto('/de/de/upgrade/add-iq/');
    await page.getByTestId('extra-probes').waitFor();
    expect(await page.locator('[data-testid=extra-probes] input[type=number]').count()).toBe(1);
    expect(await page.locator('input[name="IQ3-USBC-VET-EXTRA"]').count()).toBe(1);
    expect(realErrors(problems.errors)).toEqual([]);
    await context.close();
  }, 180_000);

  it('a member is told only an admin can change the subscription (no form); a student without a subscription gets the pricing page; signed out goes to sign in', async () => {
    const member = await signedIn('member@demo.probe.store', '/us/en/upgrade/', VIEWPORTS.phone);
    await member.page.getByTestId('upgrade-not-admin').waitFor();
    expect(await member.page.getByTestId('upgrade-not-admin').textContent()).toContain('Lakeside Clinic');
    expect(await member.page.locator('form, [data-testid=upgrade-submit]').count()).toBe(0);
    // Nothing only an admin may ask was sent (PermissionDenied would sign the member out).
    expect(member.problems.graphql).not.toContain('CheckoutProrationPreview');
    expect(await seriousViolations(member.page)).toEqual([]);
    await screenshot(member.page, 'upgrade-not-admin-us-phone');
    await member.context.close();

    const student = await signedIn('student@demo.probe.store', '/gb/en/upgrade/license/', VIEWPORTS.phone);
    await student.page.getByTestId('upgrade-no-subscription').waitFor();
    expect(await student.page.getByTestId('upgrade-no-subscription').locator('a[href="/gb/en/pricing/"]').count()).toBe(1);
    expect(await seriousViolations(student.page)).toEqual([]);
    await screenshot(student.page, 'upgrade-no-subscription-gb-phone');
    await student.context.close();

    const anonymous = await openPage(browser, { baseURL: server.url });
    // Rendered on the server like the other screens: the heading is in the first response.
    for (const [path, title] of [['/us/en/upgrade/', 'upgrade.title'], ['/us/en/upgrade/expired/', 'upgrade.expired.title'], ['/us/en/pro-custom/downgrade/', 'upgrade.proCustom.downgrade.title']] as const) {
      const html = await (await anonymous.page.request.get(path)).text();
      expect(html, path).toContain(`>${en[title]}</h1>`);
    }
    const response = await anonymous.page.goto('/us/en/upgrade/add-iq/');
    expect(response?.status()).toBe(200);
    await anonymous.page.waitForURL(/\/oidc\/interaction\//);
    await anonymous.context.close();
  });

  it('the Lakeside admin adds a probe on /upgrade/add-iq/ through the normal checkout: the plan has one probe more after the order', async () => {
    const { context, page, problems } = await signedIn('admin@demo.probe.store', '/us/en/upgrade/add-iq/');
    await page.getByTestId('extra-probes').waitFor();
    await expect.poll(() => pageViews(page)).toContain('team additional probes');
    const before = Number(await text(page, 'current-devices'));
    expect(await page.locator('input[name="IQ3-USBC-VET-EXTRA"]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'upgrade-add-iq-us-desktop');
    await page.getByTestId('add-iq-submit').click();
    await page.waitForURL(/\/us\/en\/checkout\/(contact|shipping)\/$/);
    await page.locator('[name="shippingAddress.firstName"]').waitFor();
    const address = ADDRESSES.us!;
    for (const field of ['firstName', 'lastName', 'streetAddress1', 'city', 'postalCode'] as const) await page.locator(`[name="shippingAddress.${field}"]`).fill(address[field]!);
    await page.locator('[name="shippingAddress.countryArea"]').selectOption(address.countryArea!);
    await page.locator('.checkout-main button[type=submit]').click();
    await page.waitForURL(/\/checkout\/billing\/$/);
    await page.locator('.checkout-main button[type=submit]').click();
    await page.waitForURL(/\/checkout\/payment\/$/);
    await pay(page, { base: '/us/en', product: 'extra-probe', method: 'CREDIT_CARD', address });
    await page.waitForURL(/\/confirmation\/[0-9a-f-]{36}\/$/);
    await page.goto('/us/en/upgrade/add-iq/');
    await page.getByTestId('extra-probes').waitFor();
    expect(Number(await text(page, 'current-devices'))).toBe(before + 1);
    expect(realErrors(problems.errors)).toEqual([]);
    await context.close();
  });

  it('Pro Custom: the student buys Pro Custom through the purchase flow; /pro-custom/upgrade/ prices more add-ons and asks for a saved method first', async (ctx) => {
    const { context, page, problems } = await signedIn('student@demo.probe.store', '/gb/en/pro-custom/upgrade/');
    await page.getByTestId('upgrade-no-subscription').waitFor();
    // The purchase flow still works beside the variants: its summary puts the plan in the cart, bought as usual.
    await page.goto('/gb/en/pro-custom/summary/?addon=DIAGNOSTIC_TOOLS&seats=1');
    await hydrated(page);
    const addAll = page.locator('.flow-summary__add-all button');
    if (!(await addAll.count())) return ctx.skip(); // Pro Custom is not sold in the GB store
    await addAll.click();
    await page.locator('.flow-summary__add-all .add-to-cart__status a').click();
    await page.waitForSelector('.cart-line');
    await page.locator('.checkout-aside a.button').click();
    await page.waitForURL(/\/checkout\/(contact|billing)\/$/);
    if (page.url().endsWith('/contact/')) {
      await page.locator('.checkout-main button[type=submit]').click();
      await page.waitForURL(/\/checkout\/billing\/$/);
    }
    const gb = { firstName: 'Sam', lastName: 'Student', streetAddress1: '1 Trumpington St', city: 'Cambridge', postalCode: 'CB2 1RL' };
    for (const [field, value] of Object.entries(gb)) await page.locator(`[name="billingAddress.${field}"]`).fill(value);
    await page.locator('.checkout-main button[type=submit]').click();
    await page.waitForURL(/\/checkout\/payment\/$/);
    await pay(page, { base: '/gb/en', product: 'pro-custom', method: 'CREDIT_CARD', address: gb });
    await page.waitForURL(/\/confirmation\/[0-9a-f-]{36}\/$/);

    await page.goto('/gb/en/pro-custom/upgrade/');
    await page.getByTestId('addon-choices').waitFor();
    await expect.poll(() => pageViews(page)).toContain('pro custom');
    expect(await text(page, 'current-plan')).toBe('Pro Custom');
    expect(await page.getByTestId('upgrade-submit').isDisabled()).toBe(true);
    await page.getByLabel(/Diagnostic Tools/).check();
    await page.getByLabel(/^Education/).check();
    await page.getByTestId('upgrade-quote').waitFor();
    // A card paid the order, but no method is saved to the organization: the price is shown, the charge waits for one.
    expect(minor(await text(page, 'quote-amount'))).toBeGreaterThan(0);
    expect(await text(page, 'quote-method')).toContain(en['upgrade.quote.noMethod']);
    expect(await page.getByTestId('quote-method').locator('a[href="/gb/en/account/payment-methods/"]').count()).toBe(1);
    expect(await page.getByTestId('upgrade-submit').isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'upgrade-pro-custom-upgrade-gb-desktop');
    // With no add-on on the plan there is none to remove.
    await page.goto('/gb/en/pro-custom/downgrade/');
    await page.getByTestId('pro-custom-nothing').waitFor();
    expect(realErrors(problems.errors)).toEqual([]);
    await context.close();
  });

  // No screen of the store ends a subscription (periods end by time), so no ended Pro Custom plan can be made for
  // /pro-custom/reactivation/ without faking data; its renewal is the expired page's, tested in (c).
  it.skip('Pro Custom reactivation: an ended Pro Custom plan renewed with the add-ons it had', () => {});
});
