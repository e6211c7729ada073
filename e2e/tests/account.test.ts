import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor, intlLocale } from '../../packages/domain/src/index.ts';
import { AUTHORIZED_OPERATIONS } from '../../apps/storefront/src/data/operations.ts';
import { demoUser, fakeAccountApi, fakeProvider, hydrated, tokenMinter, type FakeAccount } from '../support/account.ts';
import { addFromProductPage, ADDRESSES, pay } from '../support/buyer.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { plainText, uiMessages } from '../support/text.ts';
import { mailTo } from '../support/mail.ts';

const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** Signs in from `path` through the header (keyboard), at the stand-in provider; back at `path` after. */
async function signInFromHeader(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  await page.getByTestId('sign-in').focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === new URL(path, 'http://x').pathname && !url.search.includes('code='));
  await hydrated(page);
  await page.getByTestId('account-menu').waitFor();
}

/**
 * The storefront's side of signing in, with a stand-in provider and account answers routed in the
 * browser: it runs whether or not the server's accounts are there.
 */
describe('accounts (storefront, stand-in provider)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the sign-in return pages are served as they are, never redirected to a base path', async () => {
    const { context, page } = await openPage(browser);
    for (const path of ['/auth/callback?code=x&state=y', '/auth/logged-out']) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
    }
    expect((await page.request.get('/auth/other', { maxRedirects: 0 })).status()).toBe(302);
    await context.close();
  });

  it('US / en: signs in by code + PKCE from the header, keeps the token record, sends JWT only for the listed operations', async () => {
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await page.goto('/us/en/');
    const origin = new URL(page.url()).origin;
    const provider = await fakeProvider(context, origin);
    const account: FakeAccount = { me: demoUser({ country: 'US' }) };
    const log = await fakeAccountApi(page, account);
    await signInFromHeader(page, '/us/en/accessories/?from=test#top');
    expect(page.url()).toBe(`${origin}/us/en/accessories/?from=test#top`);

    const authorize = provider.requests.find((u) => u.pathname === '/oidc/auth')!;
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code', client_id: 'probe-store', redirect_uri: `${origin}/auth/callback`, scope: 'openid email profile', code_challenge_method: 'S256', ui_locales: 'en',
    });
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{22}$/);
    const exchange = provider.tokenBodies[0]!;
    const challenge = createHash('sha256').update(exchange.get('code_verifier')!).digest('base64url');
    expect(challenge).toBe(authorize.searchParams.get('code_challenge'));
    expect(exchange.get('grant_type')).toBe('authorization_code');

    const record = JSON.parse((await storage(page, 'authToken'))!);
    expect(record).toMatchObject({ token: 'fake.jwt.token', tokenType: 'JWT', expiresIn: 3600, state: authorize.searchParams.get('state') });
    expect(await storage(page, 'loginState')).toBeNull();
    expect(await storage(page, 'lastLoginLocation')).toBeNull();
    expect(log.operations.some((o) => o.name === 'UserQuery')).toBe(true);
    for (const op of log.operations) {
      expect(op.authorization, op.name).toBe(AUTHORIZED_OPERATIONS.has(op.name) ? 'JWT fake.jwt.token' : null);
    }
    // The header names the user; at 390 px it is an icon with its name for screen readers.
    expect(await page.getByTestId('account-menu').getAttribute('aria-expanded')).toBe('false');
    await expect.poll(async () => plainText(await page.getByTestId('account-menu').textContent())).toBe('Dana Admin');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await page.getByTestId('account-menu').focus();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('account-menu').getAttribute('aria-expanded')).toBe('true');
    // Her account, its orders and her clinic's subscription, one step from any page.
    expect(await page.locator('.account-menu__panel a').evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.textContent])))
      .toEqual([['/us/en/account/', 'My account'], ['/us/en/account/orders/', 'Orders'], ['/us/en/subscription/', 'Subscription']]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'account-menu-us-phone');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('account-menu').getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('account-menu');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('AE / ar: an anonymous visitor of my account signs in and comes back to it: profile, membership, orders in Arabic, right to left (axe clean)', async () => {
    const ar = uiMessages('ar');
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { context, page, problems } = await openPage(browser, { viewport });
      await page.goto('/ae/ar/');
      const origin = new URL(page.url()).origin;
      await fakeProvider(context, origin);
      const log = await fakeAccountApi(page, { me: demoUser({ country: 'AE' }) });
      await page.goto('/ae/ar/account/');
      await page.waitForURL((url) => url.pathname === '/ae/ar/account/' && !url.search);
      await hydrated(page);
      await page.getByTestId('account-profile').waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await page.locator('h1').textContent()).toBe(ar['account.nav.profile']);
      expect(plainText(await page.getByTestId('account-profile').textContent())).toContain('admin@demo.probe.store');
      // The account area's sections (issue 36): organization and members, then orders, each a page of its own.
      await page.getByTestId('account-nav').locator('a[data-section=organizations]').click();
      await page.getByTestId('account-membership').waitFor();
      const membership = plainText(await page.getByTestId('account-membership').textContent());
      expect(membership).toContain('Demo Clinic');
      expect(membership).toContain(new Intl.DisplayNames(['ar-AE'], { type: 'region' }).of('AE')!);
      expect(membership).toContain(ar['account.role.admin']);
      await page.getByTestId('account-nav').locator('a[data-section=orders]').click();
      const orders = page.getByTestId('account-order');
      await orders.first().waitFor();
      expect(await orders.count()).toBe(3);
      const locale = intlLocale('AE', 'ar');
      expect(plainText(await orders.nth(0).textContent())).toContain(plainText(formatMinor(389900, 'USD', locale)));
      expect(plainText(await orders.nth(0).textContent())).toContain(plainText(new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date('2026-11-20T10:00:00.000Z'))));
      expect(plainText(await orders.nth(0).getByTestId('order-payment-state').textContent())).toBe(ar['order.badge.partlyRefunded']);
      expect(plainText(await orders.nth(0).getByTestId('order-fulfilment-state').textContent())).toBe(ar['order.badge.shipped']);
      expect(plainText(await orders.nth(1).getByTestId('order-payment-state').textContent())).toBe(ar['order.badge.paymentFailed']);
      expect(await orders.nth(1).locator('a[href="/ae/ar/order-payment/22222222-2222-4222-8222-222222222222/"]').count()).toBe(1);
      expect(await orders.nth(2).locator('a[href="/ae/ar/invoice-payment/44444444-4444-4444-8444-444444444444/"]').count()).toBe(1);
      // Each order's page is in the account, not the public confirmation page: its invoice PDF, and the quote of the one placed on an electronic quote (issue 16).
      expect(await orders.nth(0).locator('a[href^="/ae/ar/confirmation/"]').count()).toBe(0);
      await orders.nth(0).locator('a[href="/ae/ar/account/orders/1042/"]').click();
      const order = page.getByTestId('account-order-page');
      await order.waitFor();
      expect(await order.getByRole('link', { name: ar['documents.invoice']!.replace('{number}', '1042') }).getAttribute('href')).toBe('/documents/invoice/11111111-1111-4111-8111-111111111111.pdf');
      expect(await order.locator('a[href^="/documents/quote/"]').count()).toBe(0);
      await page.goto('/ae/ar/account/orders/1044/');
      await order.waitFor();
      expect(await order.locator('a[href="/documents/quote/33333333-3333-4333-8333-333333333333.pdf"][download]').count()).toBe(1);
      expect(await page.evaluate(() => ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).some((e) => e.event === 'page_view' && e.pageName === 'my account'))).toBe(true);
      expect(log.operations.find((o) => o.name === 'UserRefreshQuery')?.authorization).toBe('JWT fake.jwt.token');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `account-ae-${viewport.width === VIEWPORTS.phone.width ? 'phone' : 'desktop'}`);
      expect(problems.errors).toEqual([]);
      await context.close();
    }
  });

  it("a user whose first organization is in another country goes to that country's store, keeping sub-path, query and hash", async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/us/en/');
    await fakeProvider(context, new URL(page.url()).origin);
    await fakeAccountApi(page, { me: demoUser({ country: 'DE' }) });
    await hydrated(page);
    await page.getByTestId('sign-in').click();
    await page.waitForURL(/\/de\/de\/$/);
    await page.goto('/us/en/accessories/?x=1#h');
    await page.waitForURL((url) => url.pathname === '/de/de/accessories/' && url.search === '?x=1' && url.hash === '#h');
    await context.close();
  });

  it('checkout for a signed-in member: created for their membership with their e-mail, contact prefilled from me', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/us/en/');
    await fakeProvider(context, new URL(page.url()).origin);
    const log = await fakeAccountApi(page, { me: demoUser({ country: 'US', admin: false }) });
    await signInFromHeader(page, '/us/en/');
    await addFromProductPage(page, '/us/en', 'iq3');
    const create = log.operations.find((o) => o.name === 'CheckoutCreateWithOrganization')!;
    expect(create.variables.input).toMatchObject({ organizationMembershipId: 'm-1', email: 'admin@demo.probe.store', country: 'US' });
    expect(create.authorization).toBe('JWT fake.jwt.token');
    // The checkout has the buyer's e-mail from its creation: the contact step is done already.
    await page.locator('.checkout-aside a.button').click();
    await page.waitForURL(/\/checkout\/shipping\/$/);
    await page.locator('.checkout-steps a[href$="/checkout/contact/"]').click();
    await page.waitForURL(/\/checkout\/contact\/$/);
    expect(await page.locator('[name=email]').inputValue()).toBe('admin@demo.probe.store');
    await expect.poll(() => page.locator('[name=firstName]').inputValue()).toBe('Dana');
    expect(await page.locator('[name=lastName]').inputValue()).toBe('Admin');
    await page.locator('.checkout-main button[type=submit]').click();
    await page.waitForURL(/\/checkout\/shipping\/$/);
    await expect.poll(() => page.locator('[name="shippingAddress.firstName"]').inputValue()).toBe('Dana');
    await context.close();
  });

  it('edit membership: an admin changes a member; a member only reads who the admins are', async () => {
    const en = uiMessages('en-US');
    const { context, page, problems } = await openPage(browser);
    await page.goto('/us/en/');
    await fakeProvider(context, new URL(page.url()).origin);
    const account: FakeAccount = { me: demoUser({ country: 'US', admin: true }) };
    const log = await fakeAccountApi(page, account);
    await signInFromHeader(page, '/us/en/');
    await page.getByTestId('account-menu').click();
    await page.locator('.account-menu__panel a[href$="/account/"]').click();
    await page.getByTestId('account-nav').locator('a[data-section=organizations]').click();
    await page.locator('a[href="/us/en/account/organization/m-1/"]').click();
    await page.getByTestId('members').waitFor();
    const rows = page.getByTestId('member-row');
    expect(await rows.count()).toBe(2);
    const member = rows.nth(1);
    expect(await member.locator('[name=isOrganizationAdmin]').isChecked()).toBe(false);
    await member.locator('[name=canPurchasePersonalProbe]').check();
    await member.locator('button[type=submit]').click();
    await expect.poll(() => member.locator('[role=status]').textContent()).toBe(en['account.saved']);
    expect(log.operations.find((o) => o.name === 'OrganizationMembershipUpdate')).toMatchObject({
      variables: { id: 'm-2', input: { isOrganizationAdmin: false, canPurchasePersonalProbe: true } }, authorization: 'JWT fake.jwt.token',
    });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'edit-membership-admin-desktop');

    account.me = demoUser({ country: 'US', admin: false });
    await page.goto('/us/en/account/organization/m-1/');
    await page.getByTestId('membership-read-only').waitFor();
    await expect.poll(() => page.getByTestId('membership-read-only').textContent()).toContain('admin@demo.probe.store');
    expect(log.operations.filter((o) => o.name === 'UserOrganizationRefreshQuery')).toHaveLength(1); // the admin's visit only
    expect(await page.locator('input[type=checkbox]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'edit-membership-member-phone');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('a PermissionDenied answer clears the auth data and logs out at the provider, back to the store', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/us/en/');
    const origin = new URL(page.url()).origin;
    const provider = await fakeProvider(context, origin);
    const account: FakeAccount = { me: demoUser({ country: 'US' }) };
    await fakeAccountApi(page, account);
    await signInFromHeader(page, '/us/en/');
    account.denied = new Set(['UserRefreshQuery']);
    await page.goto('/us/en/account/');
    await page.waitForURL((url) => url.pathname === '/us/en/' && provider.requests.some((u) => u.pathname === '/oidc/session/end'));
    const end = provider.requests.find((u) => u.pathname === '/oidc/session/end')!;
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${origin}/auth/logged-out`);
    expect(end.searchParams.get('client_id')).toBe('probe-store');
    expect(await storage(page, 'authToken')).toBeNull();
    await hydrated(page);
    await page.getByTestId('sign-in').waitFor();
    await context.close();
  });

  it('signing out from the header (keyboard) clears local storage and returns to the store it started from', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/ae/ar/');
    const provider = await fakeProvider(context, new URL(page.url()).origin);
    await fakeAccountApi(page, { me: demoUser({ country: 'AE' }) });
    await signInFromHeader(page, '/ae/ar/');
    await page.getByTestId('account-menu').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('sign-out').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/ae/ar/' && provider.requests.some((u) => u.pathname === '/oidc/session/end'));
    const end = provider.requests.find((u) => u.pathname === '/oidc/session/end')!;
    expect(end.searchParams.get('id_token_hint')).toBe('fake.id.token');
    expect(await storage(page, 'authToken')).toBeNull();
    expect(await storage(page, 'idToken')).toBeNull();
    await hydrated(page);
    await page.getByTestId('sign-in').waitFor();
    await context.close();
  });

  it('a malformed, forged or reused return shows the generic error screen and signs nobody in', async () => {
    const en = uiMessages('en-US');
    const { context, page } = await openPage(browser);
    await page.goto('/us/en/');
    const provider = await fakeProvider(context, new URL(page.url()).origin);
    await fakeAccountApi(page, { me: demoUser({ country: 'US' }) });
    await signInFromHeader(page, '/us/en/');
    const authorize = provider.requests.find((u) => u.pathname === '/oidc/auth')!;
    const used = `/auth/callback?code=code-2&state=${authorize.searchParams.get('state')}`;
    await page.evaluate(() => localStorage.clear());
    for (const path of [used, '/auth/callback?error=access_denied&state=x', '/auth/callback?code=abc', '/auth/callback?code=abc&state=forged&source=mobile']) {
      await page.goto(path);
      await page.getByTestId('error-screen').waitFor();
      expect(await page.locator('#error-heading').textContent(), path).toBe(en['error.heading']);
      expect(await storage(page, 'authToken'), path).toBeNull();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

/**
 * The storefront against the real accounts API (me, memberships, edit membership, checkout for a
 * membership, PermissionDenied): the server trusts a key whose tokens the stand-in provider signs for
 * the demo users. The built-in provider's own pages are covered below, once it is there.
 */
describe('accounts (real API, stand-in provider)', () => {
  let browser: Browser;
  let server: RunningServer;
  const minter = tokenMinter();
  let user: (typeof DEMO)[keyof typeof DEMO] = DEMO.member;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ AUTH_JWT_PUBLIC_KEY: minter.publicKeyPem })]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function session(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
    const opened = await openPage(browser, { viewport, baseURL: server.url });
    const provider = await fakeProvider(opened.context, server.url, () => minter.mint(user));
    return { ...opened, provider };
  }

  it('admin edits a member; the member buys for the clinic with the contact prefilled, sees the order, reads the membership only, and a PermissionDenied answer signs them out', async () => {
    const en = uiMessages('en-US');
    user = DEMO.admin;
    const admin = await session();
    await signInFromHeader(admin.page, '/us/en/');
    await expect.poll(async () => plainText(await admin.page.getByTestId('account-menu').textContent())).toBe('Alex Admin');
    await admin.page.goto('/us/en/account/organizations/');
    await admin.page.getByTestId('account-membership').waitFor();
    expect(plainText(await admin.page.getByTestId('account-membership').textContent())).toContain('Lakeside Clinic');
    const adminMembershipPath = (await admin.page.getByTestId('account-membership').locator('a[href*="/account/organization/"]').getAttribute('href'))!;
    await admin.page.goto(adminMembershipPath);
    await admin.page.getByTestId('members').waitFor();
    const memberRow = admin.page.getByTestId('member-row').filter({ hasText: 'member@demo.probe.store' });
    const box = memberRow.locator('[name=canPurchasePersonalProbe]');
    const before = await box.isChecked();
    await box.setChecked(!before);
    await memberRow.locator('button[type=submit]').click();
    await expect.poll(() => memberRow.locator('[role=status]').textContent()).toBe(en['account.saved']);
    await admin.page.reload();
    await admin.page.getByTestId('members').waitFor();
    // The members are shown from the stored cache first, then as the server has them (cache-and-network).
    await expect.poll(() => admin.page.getByTestId('member-row').filter({ hasText: 'member@demo.probe.store' }).locator('[name=canPurchasePersonalProbe]').isChecked()).toBe(!before);
    expect(await seriousViolations(admin.page)).toEqual([]);
    await screenshot(admin.page, 'edit-membership-real-desktop');
    await admin.page.getByTestId('account-menu').click();
    await admin.page.getByTestId('sign-out').click();
    await admin.page.waitForURL((url) => url.pathname === '/us/en/' && admin.provider.requests.some((u) => u.pathname === '/oidc/session/end'));
    await admin.context.close();

    user = DEMO.member;
    const member = await session(VIEWPORTS.phone);
    await signInFromHeader(member.page, '/us/en/');
    await buyAsSignedIn(member.page, '/us/en', 'Morgan', 'Member');
    const orderToken = member.page.url().split('/').at(-2)!;
    await member.page.goto('/us/en/account/orders/');
    await member.page.getByTestId('account-order').first().waitFor();
    expect(plainText(await member.page.getByTestId('account-order').first().getByTestId('order-payment-state').textContent())).toBe(en['order.badge.paid']);
    // The order's page inside the account (issue 36), read from the real server: lines, both addresses, the card, the invoice by the order's token.
    await member.page.getByTestId('account-order').first().getByTestId('order-link').click();
    const orderPage = member.page.getByTestId('account-order-page');
    await orderPage.waitFor();
    expect(new URL(member.page.url()).pathname).toMatch(/^\/us\/en\/account\/orders\/[^/]+\/$/);
    expect(plainText(await orderPage.getByTestId('order-lines').textContent())).toMatch(/USB-C/i);
    expect(plainText(await orderPage.locator('address').first().textContent())).toContain('San Francisco');
    expect(await orderPage.getByTestId('invoice-pdf').getAttribute('href')).toBe(`/documents/invoice/${orderToken}.pdf`);
    expect(await orderPage.getByRole('img', { name: 'Visa' }).count()).toBe(1);
    // Nothing shown by its message id (a key missing from the catalogue).
    expect(plainText(await orderPage.textContent())).not.toMatch(/\b(account|order)\.[a-zA-Z]+/);
    expect(await seriousViolations(member.page)).toEqual([]);
    await screenshot(member.page, 'account-real-order-phone');
    await member.page.goto('/us/en/account/organizations/');
    await member.page.getByTestId('account-membership').waitFor();
    expect(plainText(await member.page.getByTestId('account-membership').textContent())).toContain(en['account.role.member']);
    expect(await seriousViolations(member.page)).toEqual([]);
    await screenshot(member.page, 'account-real-member-phone');
    const ownPath = (await member.page.getByTestId('account-membership').locator('a[href*="/account/organization/"]').getAttribute('href'))!;
    await member.page.goto(ownPath);
    await member.page.getByTestId('membership-read-only').waitFor();
    // The admin's membership is not theirs: the server answers PermissionDenied, and the store signs them out.
    await member.page.goto(adminMembershipPath);
    await member.page.waitForURL((url) => url.pathname === '/us/en/' && member.provider.requests.some((u) => u.pathname === '/oidc/session/end'));
    expect(await storage(member.page, 'authToken')).toBeNull();
    await member.context.close();
  });

  it("a vet whose clinic is in Germany is taken to the German store after signing in at /us/en/", async () => {
    user = DEMO.vet;
    const { page, context } = await session();
    await page.goto('/us/en/');
    await hydrated(page);
    await page.getByTestId('sign-in').click();
    await page.waitForURL((url) => url.pathname === '/de/de/');
    await context.close();
  });

  /** Sends one GraphQL operation to the server as `who` (a token the stand-in provider signs). */
  async function gqlAs<T>(who: (typeof DEMO)[keyof typeof DEMO], query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `JWT ${minter.mint(who)}` }, body: JSON.stringify({ query, variables }),
    });
    return ((await res.json()) as { data: T }).data;
  }

  /** The clinic admin sets whether the demo member may buy a personal probe (the demo data says no; another case flips it). */
  async function allowMemberProbe(allowed: boolean): Promise<void> {
    const { me } = await gqlAs<{ me: { organizationMemberships: Array<{ id: string }> } }>(DEMO.admin, '{ me { organizationMemberships { id } } }');
    const { organizationMembership } = await gqlAs<{ organizationMembership: { organization: { members: Array<{ membershipId: string; email: string }> } } }>(
      DEMO.admin, 'query Q($id: ID!) { organizationMembership(id: $id) { organization { members { membershipId email } } } }', { id: me.organizationMemberships[0]!.id });
    const id = organizationMembership.organization.members.find((m) => m.email === DEMO.member.email)!.membershipId;
    await gqlAs(DEMO.admin, 'mutation Q($id: ID!, $allowed: Boolean!) { organizationMembershipUpdate(id: $id, input: { canPurchasePersonalProbe: $allowed }) { errors { code } } }', { id, allowed });
  }

  it('a member whose clinic leaves probes to its admin is told so on the probe pages, with no buy button; once allowed, the button is back', async () => {
    const en = uiMessages('en-US');
    const explanation = en['probe.refused.organization']!.replace('{organization}', 'Lakeside Clinic');
    await allowMemberProbe(false);
    user = DEMO.member;
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { page, context, problems } = await session(viewport);
      await signInFromHeader(page, '/us/en/');
      for (const path of ['/us/en/product/iq3/', '/us/en/iq-plus/']) {
        await page.goto(path);
        await hydrated(page);
        const refusal = page.getByTestId('probe-refusal');
        await refusal.waitFor();
        expect(plainText(await refusal.locator('p').textContent()), path).toBe(explanation);
        expect(await refusal.locator('a').getAttribute('href')).toMatch(/^\/us\/en\/account\/organization\/[^/]+\/$/);
        expect(await page.locator('.add-to-cart button').count(), path).toBe(0);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `probe-refused-member-${viewport === VIEWPORTS.phone ? 'phone' : 'desktop'}`);
      expect(problems.errors).toEqual([]);
      await context.close();
    }
    await allowMemberProbe(true);
    try {
      const { page, context } = await session();
      await signInFromHeader(page, '/us/en/product/iq3/');
      await page.locator('.add-to-cart button').waitFor();
      expect(await page.getByTestId('probe-refusal').count()).toBe(0);
      await context.close();
    } finally {
      await allowMemberProbe(false);
    }
  });

  it('my account: the name form shows the server\'s error under the field keeping what was typed, and a saved name everywhere', async () => {
    const en = uiMessages('en-US');
    const invalid = en['account.nameInvalid']!.replace('{max}', '100');
    user = DEMO.individual;
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { page, context, problems } = await session(viewport);
      await signInFromHeader(page, '/us/en/');
      await page.goto('/us/en/account/');
      const form = page.getByTestId('name-form');
      await form.waitFor();
      const input = form.getByLabel(en['account.editName']!);
      for (const typed of ['   ', 'x'.repeat(101)]) {
        await input.fill(typed);
        await form.getByRole('button', { name: en['account.saveName'] }).click();
        await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
        const describedBy = (await input.getAttribute('aria-describedby'))!;
        expect(plainText(await page.locator(`[id="${describedBy}"]`).textContent())).toBe(invalid);
        expect(await input.inputValue()).toBe(typed);
      }
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `account-name-error-${viewport === VIEWPORTS.phone ? 'phone' : 'desktop'}`);
      const name = viewport === VIEWPORTS.phone ? 'Ada Lovelace' : 'Ada King';
      await input.fill(name);
      await input.press('Enter');
      await expect.poll(() => form.getByRole('status').textContent()).toBe(en['account.nameSaved']);
      expect(await input.getAttribute('aria-invalid')).toBeNull();
      expect(plainText(await page.getByTestId('account-profile').textContent())).toContain(name);
      await expect.poll(async () => plainText(await page.getByTestId('account-menu').textContent())).toBe(name);
      // The server kept it: a fresh page shows it.
      await page.reload();
      await page.getByTestId('account-profile').waitFor();
      expect(plainText(await page.getByTestId('account-profile').textContent())).toContain(name);
      expect(problems.errors).toEqual([]);
      await context.close();
    }
  });

  it('a mobile handoff: a code for the app\'s token opens the store signed in at next; the same URL again shows the error page', async () => {
    const en = uiMessages('en-US');
    const issued = await fetch(`${server.url}/auth/handoff`, { method: 'POST', headers: { authorization: `JWT ${minter.mint(DEMO.member)}` } });
    expect(issued.status).toBe(200);
    const { code } = (await issued.json()) as { code: string };
    const url = `/auth/callback?source=mobile&handoff=${code}&next=${encodeURIComponent('/us/en/account/')}`;
    const { page, context } = await openPage(browser, { baseURL: server.url });
    await page.goto(url);
    await page.waitForURL((u) => u.pathname === '/us/en/account/');
    await page.getByTestId('account-profile').waitFor();
    expect(plainText(await page.getByTestId('account-profile').textContent())).toContain(DEMO.member.email);
    expect(JSON.parse((await storage(page, 'authToken'))!)).toMatchObject({ tokenType: 'JWT', source: 'mobile' });
    // The code was used: the same URL signs nobody in.
    await page.evaluate(() => localStorage.clear());
    await page.goto(url);
    await page.getByTestId('error-screen').waitFor();
    expect(await page.locator('#error-heading').textContent()).toBe(en['error.heading']);
    expect(await storage(page, 'authToken')).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("'Failed to load user data': when the server does not answer for the signed-in user, my account is the generic error screen with its id, not a page without its user", async () => {
    const issued = await fetch(`${server.url}/auth/handoff`, { method: 'POST', headers: { authorization: `JWT ${minter.mint(DEMO.member)}` } });
    const { code } = (await issued.json()) as { code: string };
    const { page, context } = await openPage(browser, { baseURL: server.url });
    await page.goto(`/auth/callback?source=mobile&handoff=${code}&next=${encodeURIComponent('/us/en/account/')}`);
    await page.getByTestId('account-profile').waitFor();
    // The user's data is lost on the way (the connection reset); everything else is answered.
    await page.route('**/graphql**', (route) => (/UserRefreshQuery/.test(`${route.request().url()} ${route.request().postData() ?? ''}`) ? route.abort('connectionreset') : route.continue()));
    await page.reload();
    await page.getByTestId('error-screen').waitFor();
    expect(await page.getByTestId('error-id-text').count()).toBe(1);
    expect(await page.getByTestId('account-profile').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

const DEMO = {
  individual: { id: '7d1f0b52-0c1a-4b7e-9a51-000000000001', email: 'individual@demo.probe.store', name: 'Ada Individual' },
  admin: { id: '7d1f0b52-0c1a-4b7e-9a51-000000000002', email: 'admin@demo.probe.store', name: 'Alex Admin' },
  member: { id: '7d1f0b52-0c1a-4b7e-9a51-000000000003', email: 'member@demo.probe.store', name: 'Morgan Member' },
  vet: { id: '7d1f0b52-0c1a-4b7e-9a51-000000000004', email: 'vet@demo.probe.store', name: 'Vera Vet' },
} as const;

/** Product page to confirmation as a signed-in buyer: the contact comes from the account. */
async function buyAsSignedIn(page: Page, base: string, firstName: string, lastName: string): Promise<void> {
  await addFromProductPage(page, base, 'usb-c-cable');
  await page.locator('.checkout-aside a.button').click();
  await page.waitForURL(/\/checkout\/shipping\/$/);
  await expect.poll(() => page.locator('[name="shippingAddress.firstName"]').inputValue()).toBe(firstName);
  expect(await page.locator('[name="shippingAddress.lastName"]').inputValue()).toBe(lastName);
  const address = ADDRESSES.us!;
  for (const field of ['streetAddress1', 'city', 'postalCode'] as const) await page.locator(`[name="shippingAddress.${field}"]`).fill(address[field]!);
  await page.locator('[name="shippingAddress.countryArea"]').selectOption(address.countryArea!);
  await page.locator('.checkout-main button[type=submit]').click();
  await page.waitForURL(/\/checkout\/billing\/$/);
  await page.locator('.checkout-main button[type=submit]').click();
  await page.waitForURL(/\/checkout\/payment\/$/);
  await pay(page, { base, product: 'usb-c-cable', method: 'CREDIT_CARD', address });
  await page.waitForURL(/\/confirmation\/[0-9a-f-]{36}\/$/);
}


/** Fills the built-in provider's sign-in page (its fields are named email and password in every language). */
async function providerSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form[action$="/login"] button[type=submit]').click();
}

/**
 * The whole journey with the built-in OpenID Connect provider (Identity) and the accounts API
 * (Accounts): runs once both are on this branch; until then each case skips itself.
 */
describe('accounts (built-in provider, end to end)', () => {
  let browser: Browser;
  let server: RunningServer | null = null;
  let available = false;
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer({ MAIL_SINK_PAGE: 'true' });
    const discovery = await fetch(`${server.url}/oidc/.well-known/openid-configuration`).catch(() => null);
    available = discovery?.status === 200;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [base, language, viewport] of [['/us/en', 'en-US', VIEWPORTS.desktop], ['/ae/ar', 'ar', VIEWPORTS.phone]] as const) {
    it(`${base}: sign up, confirm by mail, sign in, my account; a member buys for the clinic; sign out; the admin edits a membership`, async (ctx) => {
      if (!available) return ctx.skip();
      const messages = uiMessages(language);
      const { context, page, problems } = await openPage(browser, { viewport, baseURL: server!.url });
      const email = `e2e-${Date.now()}-${language.toLowerCase()}@example.com`;
      const password = 'quiet harbour lanterns 2024';
      // Anonymous on my account: off to the provider's sign-in page, then its sign-up page.
      await page.goto(`${base}/account/`);
      await page.waitForURL(/\/oidc\/interaction\//);
      await page.locator('a[href$="/signup"]').click();
      await page.locator('input[name=name]').fill('Erin Tester');
      await page.locator('input[name=email]').fill(email);
      await page.locator('input[name=password]').fill(password);
      await page.locator('form[action$="/signup"] button[type=submit]').click();
      const mail = await mailTo(server!.url, email);
      const verify = /https?:\/\/[^\s"<>]+\/oidc\/account\/verify\?[^\s"<>]+/.exec(mail)![0].replace(/&amp;/g, '&');
      await page.goto(verify);
      // Signing in from my account brings the buyer back to it.
      await page.goto(`${base}/account/`);
      await providerSignIn(page, email, password);
      await page.waitForURL((url) => url.pathname === `${base}/account/`);
      await page.getByTestId('account-profile').waitFor();
      expect(plainText(await page.getByTestId('account-profile').textContent())).toContain(email);
      expect(await page.locator('h1').textContent()).toBe(messages['account.nav.profile']);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `account-e2e-new-${language}`);
      await page.getByTestId('account-menu').click();
      // The store's own sign-out, with its ID token, ends the provider's session without a question.
      await page.getByTestId('sign-out').click();
      await page.waitForURL((url) => url.pathname === `${base}/`);

      // A member of the demo clinic buys for it, with the contact from the account.
      await page.goto(`${base}/account/`);
      await providerSignIn(page, 'member@demo.probe.store', 'demo-password-1');
      // The clinic is in the United States: a member signing in from another store is taken to its store.
      await page.waitForURL((url) => url.pathname === '/us/en/account/');
      await buyAsSignedIn(page, '/us/en', 'Morgan', 'Member');
      const orderToken = page.url().split('/').at(-2)!;
      await page.goto('/us/en/account/orders/');
      await page.getByTestId('account-order').first().getByTestId('order-link').click();
      await page.locator(`[data-testid=account-order-page] a[href="/documents/invoice/${orderToken}.pdf"]`).waitFor();
      await page.getByTestId('account-menu').click();
      await page.getByTestId('sign-out').click();
      await page.waitForURL(/\/[a-z]{2}\/[a-z]{2}\/$/);

      // The clinic's admin edits the member's personal-probe permission.
      await page.goto('/us/en/account/');
      await providerSignIn(page, 'admin@demo.probe.store', 'demo-password-1');
      await page.waitForURL((url) => url.pathname === '/us/en/account/');
      await page.getByTestId('account-nav').locator('a[data-section=organizations]').click();
      await page.getByTestId('account-membership').locator('a[href*="/account/organization/"]').click();
      const row = page.getByTestId('member-row').filter({ hasText: 'member@demo.probe.store' });
      const box = row.locator('[name=canPurchasePersonalProbe]');
      await box.setChecked(!(await box.isChecked()));
      await row.locator('button[type=submit]').click();
      await expect.poll(() => row.locator('[role=status]').textContent()).toBe(uiMessages('en-US')['account.saved']);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `edit-membership-e2e-${language}`);
      expect(problems.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
      await context.close();
    });
  }
});
