import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor, intlLocale, PLAN_NAMES } from '../../packages/domain/src/index.ts';
import { hydrated } from '../support/account.ts';
import { ADDRESSES, buy } from '../support/buyer.ts';
import { launchBrowser, openPage, pageViews, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { plainText, uiMessages } from '../support/text.ts';

const PASSWORD = 'demo-password-1';
const DE_IBAN = 'DE89 3704 0044 0532 0130 00';
type Viewport = { width: number; height: number };

/** Signs in at the built-in provider's page, where visiting a signed-in screen anonymously leads. */
async function providerSignIn(page: Page, email: string): Promise<void> {
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('form[action$="/login"] button[type=submit]').click();
}

/** The answer of the next GraphQL operation of that name the page sends. */
function nextAnswer(page: Page, operation: string): Promise<Response> {
  return page.waitForResponse((r) => new URL(r.url()).pathname === '/graphql' && r.request().postDataJSON()?.operationName === operation);
}

interface ManagedSubscription {
  currentPeriodEnd: string;
  scheduledPlan: string | null;
  scheduledPrice: { currency: string; fractionalAmount: number } | null;
  currentPrice: { currency: string; fractionalAmount: number };
}
async function subscriptionOf(response: Response): Promise<ManagedSubscription> {
  const body = (await response.json()) as { data: { me: { organizationMemberships: Array<{ organization: { subscription: ManagedSubscription } }> } } };
  return body.data.me.organizationMemberships[0]!.organization.subscription;
}

const longDate = (locale: string, iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
const fits = async (page: Page, viewport: Viewport) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

/**
 * Issue 13's screens against the real server and the built-in sign-in: subscription management,
 * my account's payment methods and the payment details of an order. Debits stay at the bank for the
 * whole file (TEST_GATEWAY_SETTLE_MS), so a SEPA order shows as processing.
 */
describe('subscriptions, payment methods and payment details (real server, built-in provider)', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ TEST_GATEWAY_SETTLE_MS: '3600000' })]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const session = (viewport: Viewport = VIEWPORTS.desktop) => openPage(browser, { viewport, baseURL: server.url });

  it('an admin schedules a change to Team (its price and date shown, kept after a reload), removes it, switches renewal off and on by keyboard; a refused choice shows the reason under the field, keeping it', async () => {
    const en = uiMessages('en-US');
    const { context, page, problems } = await session();
    // Signed out, the screen sends the visitor to sign in and back.
    const first = nextAnswer(page, 'SubscriptionManagement');
    await page.goto('/us/en/subscription/');
    await providerSignIn(page, 'admin@demo.probe.store');
    await page.waitForURL((url) => url.pathname === '/us/en/subscription/');
    const before = await subscriptionOf(await first);
    const panel = page.getByTestId('subscription-panel');
    await panel.waitFor();
    expect(await page.locator('h1').textContent()).toBe(en['subscription.title']);
    expect(plainText(await panel.locator('h2').textContent())).toContain('Clinic');
    expect(await page.getByTestId('subscription-status').textContent()).toBe(en['subscription.status.ACTIVE']);
    expect(plainText(await page.getByTestId('subscription-price').textContent())).toBe(plainText(`${formatMinor(460000, 'USD', 'en-US')} per year`));
    expect(await page.getByTestId('period-end').textContent()).toBe(longDate('en-US', before.currentPeriodEnd));
    expect(plainText(await page.getByTestId('renewal-method').textContent())).toContain('Renewals are charged to Visa …4242.');
    expect(await page.getByTestId('scheduled-change-none').textContent()).toBe(en['subscription.scheduled.none']);
    expect(await pageViews(page)).toContain('my account');
    for (const path of ['/us/en/upgrade/', '/us/en/upgrade/license/', '/us/en/upgrade/add-iq/']) expect(await panel.locator(`a[href="${path}"]`).count(), path).toBe(1);
    const form = page.getByTestId('schedule-form');
    expect(await form.locator('option').allTextContents()).toEqual([en['subscription.schedule.choose'], 'Pro', 'Team']);

    // A move the server refuses (here answered as it would for a plan not sold in the country): its reason under the field, the choice kept, nothing scheduled.
    await page.route('**/graphql', async (route) => {
      if (route.request().postDataJSON()?.operationName !== 'SubscriptionScheduleAdd') return route.continue();
      return route.fulfill({ json: { data: { subscriptionScheduleAdd: { __typename: 'SubscriptionPayload', subscription: null, errors: [{ __typename: 'SubscriptionError', code: 'OPERATION_NOT_ALLOWED', field: 'plan', message: 'This plan is not sold in your country' }] } } } });
    });
    await form.locator('select').selectOption('TEAM');
    await form.locator('button[type=submit]').click();
    await expect.poll(() => form.locator('.field__error').textContent()).toBe(en['subscription.error.scheduleNotAllowed']);
    expect(await form.locator('select').inputValue()).toBe('TEAM');
    expect(await form.locator('select').getAttribute('aria-invalid')).toBe('true');
    await page.unrouteAll();

    // Scheduled for real: shown with the server's price and the renewal date, and still there after a reload.
    const refreshed = nextAnswer(page, 'SubscriptionManagement');
    await form.locator('button[type=submit]').click();
    const after = await subscriptionOf(await refreshed);
    expect(after.scheduledPlan).toBe('TEAM');
    const price = `${formatMinor(after.scheduledPrice!.fractionalAmount, after.scheduledPrice!.currency, 'en-US')} per year`;
    const expected = plainText(`From ${longDate('en-US', after.currentPeriodEnd)}: ${PLAN_NAMES.TEAM} at ${price}`);
    await expect.poll(async () => plainText(await page.getByTestId('scheduled-change').textContent())).toBe(expected);
    expect(await form.locator('.field__error').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'subscription-admin-scheduled-desktop');
    await page.reload();
    await page.getByTestId('scheduled-change').waitFor();
    expect(plainText(await page.getByTestId('scheduled-change').textContent())).toBe(expected);

    // Removed: gone now and after a reload.
    await page.getByTestId('remove-scheduled').click();
    await page.getByTestId('scheduled-change-none').waitFor();
    await page.reload();
    await page.getByTestId('subscription-panel').waitFor();
    expect(await page.getByTestId('scheduled-change').count()).toBe(0);
    expect(await page.getByTestId('scheduled-change-none').textContent()).toBe(en['subscription.scheduled.none']);

    // Automatic renewal off and on again, by keyboard; the server keeps it.
    const toggle = page.getByTestId('auto-renewal-switch');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByTestId('subscription-meaning').textContent()).toBe(en['subscription.meaning.ACTIVE.ends']!.replace('{date}', longDate('en-US', before.currentPeriodEnd)));
    await page.reload();
    await page.getByTestId('subscription-panel').waitFor();
    expect(await page.getByTestId('auto-renewal-switch').getAttribute('aria-checked')).toBe('false');
    await page.getByTestId('auto-renewal-switch').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('auto-renewal-switch').getAttribute('aria-checked')).toBe('true');
    // The provider's sign-in page has no favicon (a 404 the browser reports): nothing else may fail.
    expect(problems.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();

    // The same screen at 390 px, axe clean, reached from the signed-in menu.
    const phone = await session(VIEWPORTS.phone);
    await phone.page.goto('/us/en/account/');
    await providerSignIn(phone.page, 'admin@demo.probe.store');
    await phone.page.waitForURL((url) => url.pathname === '/us/en/account/');
    await hydrated(phone.page);
    expect(await phone.page.getByTestId('account-nav').locator('a[data-section=subscription]').getAttribute('href')).toBe('/us/en/subscription/');
    await phone.page.getByTestId('account-menu').click();
    await phone.page.locator('.account-menu__panel a[href="/us/en/subscription/"]').click();
    await phone.page.getByTestId('subscription-panel').waitFor();
    await fits(phone.page, VIEWPORTS.phone);
    expect(await seriousViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'subscription-admin-phone');
    await phone.context.close();
  }, 180_000);

  it('a vet adds a SEPA debit in my account and makes it primary (the Visa is not, after a reload); a bad IBAN shows the error under the field, keeping it; German text and money', async () => {
    const de = uiMessages('de');
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const { context, page, problems } = await session(viewport);
      await page.goto('/de/de/account/payment-methods/');
      await providerSignIn(page, 'vet@demo.probe.store');
      await page.waitForURL((url) => url.pathname === '/de/de/account/payment-methods/');
      const org = page.getByTestId('organization-methods');
      await org.waitFor();
      expect(await page.locator('#payment-methods-heading').textContent()).toBe(de['savedMethods.title']);
      if (viewport === VIEWPORTS.phone) {
        // The desktop round saved the debit: it is primary, the card is not.
        expect(plainText(await org.locator('[data-primary=true]').textContent())).toContain('…3000');
        expect(await seriousViolations(page)).toEqual([]);
        await fits(page, viewport);
        // Removing the card asks first; keeping it changes nothing, confirming removes it for good.
        const visa = org.getByTestId('saved-method').filter({ hasText: 'Visa …4242' });
        await visa.getByRole('button', { name: de['savedMethods.remove'] }).click();
        expect(await visa.getByRole('group').textContent()).toContain(de['savedMethods.removeQuestion']!.replace('{method}', 'Visa …4242'));
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(de['savedMethods.keep']);
        await page.keyboard.press('Enter');
        expect(await visa.getByRole('group').count()).toBe(0);
        await visa.getByRole('button', { name: de['savedMethods.remove'] }).click();
        await visa.getByTestId('confirm-remove').click();
        await expect.poll(() => org.getByTestId('methods-status').textContent()).toBe(de['savedMethods.removed']!.replace('{method}', 'Visa …4242'));
        await page.reload();
        await org.getByTestId('saved-method').first().waitFor();
        expect(await org.getByTestId('saved-method').count()).toBe(1);
        expect(plainText(await org.getByTestId('saved-method').textContent())).toContain('SEPA-Lastschrift …3000');
        // A card the gateway declines: the reason under the card number, the number kept.
        await org.getByTestId('add-method').click();
        await org.locator('input[name="card.number"]').fill('4000 0000 0000 0002');
        await org.locator('input[name="card.expiry"]').fill('12/30');
        await org.locator('input[name="card.cvc"]').fill('123');
        await org.locator('button[type=submit]').click();
        await expect.poll(() => org.locator('[id="field-card.number-error"]').textContent()).toBe(de['errors.cardDeclined']);
        expect(await org.locator('input[name="card.number"]').inputValue()).toBe('4000 0000 0000 0002');
        await org.locator('input[name=kind][value=SEPA_DIRECT_DEBIT]').check();
        await org.locator('input[name=iban]').fill('DE00 1234');
        await org.locator('button[type=submit]').click();
        await org.locator('.field__error').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await fits(page, viewport);
        await screenshot(page, 'account-methods-de-phone');
        await context.close();
        continue;
      }
      expect(await org.getByTestId('saved-method').count()).toBe(1);
      expect(plainText(await org.getByTestId('saved-method').textContent())).toContain('Visa …4242');
      await org.getByTestId('add-method').click();
      const form = org.getByTestId('add-method-form');
      await form.locator('input[name=kind][value=SEPA_DIRECT_DEBIT]').check();
      const iban = form.locator('input[name=iban]');
      await iban.waitFor();
      // A bad IBAN: the reason under the field, what was typed kept, nothing saved.
      await iban.fill('DE89 3704 0044 0532 0130 01');
      await form.locator('input[name=name]').fill('Nordvet Tierklinik GmbH');
      await form.locator('button[type=submit]').click();
      await expect.poll(() => form.locator('#field-iban-error').textContent()).toBe(de['savedMethods.error.iban']);
      expect(await iban.inputValue()).toBe('DE89 3704 0044 0532 0130 01');
      expect(await iban.getAttribute('aria-describedby')).toBe('field-iban-error');
      expect(await form.locator('input[name=name]').inputValue()).toBe('Nordvet Tierklinik GmbH');
      expect(await org.getByTestId('saved-method').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'account-methods-de-iban-error-desktop');
      // The good one, made primary.
      await iban.fill(DE_IBAN);
      await form.locator('input[name=makePrimary]').check();
      await form.locator('button[type=submit]').click();
      await expect.poll(() => org.getByTestId('methods-status').textContent()).toBe(de['savedMethods.added']!.replace('{method}', 'SEPA-Lastschrift …3000'));
      await page.reload();
      await org.getByTestId('saved-method').first().waitFor();
      const methods = org.getByTestId('saved-method');
      expect(await methods.count()).toBe(2);
      const sepa = methods.filter({ hasText: 'SEPA-Lastschrift …3000' });
      const visa = methods.filter({ hasText: 'Visa …4242' });
      expect(await sepa.getByTestId('primary-badge').textContent()).toBe(de['savedMethods.primary']);
      expect(plainText(await sepa.textContent())).toContain(new Intl.DisplayNames(['de-DE'], { type: 'region' }).of('DE')!);
      expect(await visa.getByTestId('primary-badge').count()).toBe(0);
      expect(await visa.getByRole('button', { name: de['savedMethods.makePrimary'] }).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'account-methods-de-desktop');
      expect(problems.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
      await context.close();
    }
  }, 180_000);

  it('a member sees the subscription read only: no switch, no schedule form, no upgrade links, told that only an admin can change it', async () => {
    const en = uiMessages('en-US');
    const { context, page } = await session(VIEWPORTS.phone);
    await page.goto('/us/en/subscription/');
    await providerSignIn(page, 'member@demo.probe.store');
    await page.waitForURL((url) => url.pathname === '/us/en/subscription/');
    await page.getByTestId('subscription-panel').waitFor();
    expect(await page.getByTestId('subscription-read-only').textContent()).toBe(en['subscription.readOnly']);
    expect(await page.getByTestId('subscription-status').textContent()).toBe(en['subscription.status.ACTIVE']);
    expect(await page.getByTestId('auto-renewal').textContent()).toBe(en['subscription.on']);
    for (const absent of ['auto-renewal-switch', 'schedule-form', 'remove-scheduled', 'renewal-method']) expect(await page.getByTestId(absent).count(), absent).toBe(0);
    expect(await page.locator('a[href^="/us/en/upgrade/"]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await fits(page, VIEWPORTS.phone);
    await screenshot(page, 'subscription-member-phone');
    await context.close();
  }, 120_000);

  it('PL / pl: an ended subscription says when it ended and offers renewing only; GB: an organization without one links to the pricing page', async () => {
    const pl = uiMessages('pl');
    const locale = intlLocale('PL', 'pl');
    const { context, page, problems } = await session(VIEWPORTS.phone);
    const answer = nextAnswer(page, 'SubscriptionManagement');
    await page.goto('/pl/pl/subscription/');
    await providerSignIn(page, 'lapsed@demo.probe.store');
    await page.waitForURL((url) => url.pathname === '/pl/pl/subscription/');
    const sub = await subscriptionOf(await answer);
    const panel = page.getByTestId('subscription-panel');
    await panel.waitFor();
    expect(await page.getByTestId('subscription-status').textContent()).toBe(pl['subscription.status.CANCELED']);
    expect(await page.getByTestId('subscription-meaning').locator('p').first().textContent()).toBe(pl['subscription.meaning.CANCELED']!.replace('{date}', longDate(locale, sub.currentPeriodEnd)));
    expect(plainText(await page.getByTestId('subscription-price').textContent())).toBe(plainText(pl['subscription.pricePer.ANNUAL']!.replace('{price}', formatMinor(204900, 'PLN', locale))));
    const renew = panel.locator('a[href="/pl/pl/upgrade/expired/"]');
    expect(await renew.textContent()).toBe(pl['subscription.link.renew']);
    expect(await panel.locator('a[href^="/pl/pl/upgrade/"]').count()).toBe(1);
    for (const absent of ['auto-renewal-switch', 'schedule-form']) expect(await page.getByTestId(absent).count(), absent).toBe(0);
    expect(await page.getByTestId('auto-renewal').textContent()).toBe(pl['subscription.off']);
    expect(await seriousViolations(page)).toEqual([]);
    await fits(page, VIEWPORTS.phone);
    await screenshot(page, 'subscription-ended-pl-phone');
    expect(problems.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();

    const en = uiMessages('en');
    const student = await session();
    await student.page.goto('/gb/en/subscription/');
    await providerSignIn(student.page, 'student@demo.probe.store');
    await student.page.waitForURL((url) => url.pathname === '/gb/en/subscription/');
    await student.page.getByTestId('no-subscription').waitFor();
    expect(await student.page.getByTestId('no-subscription').textContent()).toBe(en['subscription.none']!.replace('{organization}', 'Sam Student'));
    expect(await student.page.getByTestId('subscription-panel').locator('a[href="/gb/en/pricing/"]').count()).toBe(1);
    expect(await seriousViolations(student.page)).toEqual([]);
    await screenshot(student.page, 'subscription-none-gb-desktop');
    await student.context.close();
  }, 120_000);

  it('payment details: a card order (paid, Visa …4242) and a SEPA order processing at the bank, in English and German, axe clean at 390 px; an unknown token is not found', async () => {
    const en = uiMessages('en-US');
    const de = uiMessages('de');
    const { context, page, problems } = await session(VIEWPORTS.phone);
    await buy(page, { base: '/us/en', product: 'usb-c-cable', method: 'CREDIT_CARD', address: ADDRESSES.us! });
    const cardOrder = page.url().split('/').at(-2)!;
    await buy(page, { base: '/de/de', product: 'usb-c-cable', method: 'SEPA', address: ADDRESSES.de! });
    const sepaOrder = page.url().split('/').at(-2)!;

    for (const [path, messages, locale, state] of [
      [`/us/en/payment-details/${cardOrder}/`, en, 'en-US', 'FULLY_CHARGED'],
      [`/de/de/payment-details/${sepaOrder}/`, de, intlLocale('DE', 'de'), 'ASYNC_PROCESSING'],
    ] as const) {
      for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
        await page.setViewportSize(viewport);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        // Rendered on the server: the state is in the first response.
        expect(await response!.text()).toContain(messages[`paymentDetails.state.${state}`]!.slice(0, 20));
        await hydrated(page);
        expect(await page.locator('h1').textContent()).toBe(messages['paymentDetails.title']);
        expect(plainText(await page.getByTestId('payment-state').textContent())).toBe(plainText(messages[`paymentDetails.state.${state}`]!));
        const total = plainText(await page.getByTestId('order-total').textContent());
        expect(total).toBe(plainText(formatMinor(Number(total.replace(/\D/g, '')), locale.startsWith('de') ? 'EUR' : 'USD', locale)));
        expect(await page.getByTestId('order-date').textContent()).toBe(longDate(locale, new Date().toISOString()));
        if (state === 'FULLY_CHARGED') expect(plainText(await page.getByTestId('order-card').textContent())).toMatch(/^Visa …4242 · Expires 12\/2030$/);
        else expect(await page.getByTestId('order-method').textContent()).toBe(de['payment.methods.SEPA']);
        expect(await pageViews(page)).toContain('payment details');
        await fits(page, viewport);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `payment-details-${state === 'FULLY_CHARGED' ? 'us' : 'de'}-${viewport === VIEWPORTS.phone ? 'phone' : 'desktop'}`);
      }
    }
    const unknown = await page.goto('/us/en/payment-details/00000000-0000-4000-8000-000000000000/');
    expect(unknown?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe(en['notFound.heading']);
    expect(problems.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  }, 180_000);

  it('DE / de: the vet sees the subscription in German, with euro amounts, German dates and the debit it renews with', async () => {
    const de = uiMessages('de');
    const locale = intlLocale('DE', 'de');
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const { context, page, problems } = await session(viewport);
      const answer = nextAnswer(page, 'SubscriptionManagement');
      await page.goto('/de/de/subscription/');
      await providerSignIn(page, 'vet@demo.probe.store');
      await page.waitForURL((url) => url.pathname === '/de/de/subscription/');
      const sub = await subscriptionOf(await answer);
      await page.getByTestId('subscription-panel').waitFor();
      expect(await page.locator('h1').textContent()).toBe(de['subscription.title']);
      expect(plainText(await page.getByTestId('subscription-price').textContent())).toBe(plainText(de['subscription.pricePer.ANNUAL']!.replace('{price}', formatMinor(199500, 'EUR', locale))));
      expect(await page.getByTestId('period-end').textContent()).toBe(longDate(locale, sub.currentPeriodEnd));
      expect(await page.getByTestId('subscription-status').textContent()).toBe(de['subscription.status.ACTIVE']);
      // My account's change above: renewals now go to the SEPA debit.
      expect(plainText(await page.getByTestId('renewal-method').textContent())).toContain(de['subscription.chargedTo']!.replace('{method}', 'SEPA-Lastschrift …3000'));
      expect(await page.getByTestId('schedule-form').locator('option').allTextContents()).toEqual([de['subscription.schedule.choose'], 'Pro', 'Clinic']);
      expect(await seriousViolations(page)).toEqual([]);
      await fits(page, viewport);
      await screenshot(page, `subscription-de-${viewport === VIEWPORTS.phone ? 'phone' : 'desktop'}`);
      expect(problems.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
