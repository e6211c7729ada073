import { generateKeyPairSync, sign } from 'node:crypto';
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { hydrated } from './browser.ts';

/** Signs access tokens the way an OpenID Connect provider would (EdDSA), for a server started with the public key. */
export function tokenMinter(issuer = 'probe-store', audience = 'probe-store') {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    mint(user: { id: string; email: string; name: string }): string {
      const now = Math.floor(Date.now() / 1000);
      const data = `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part({ iss: issuer, aud: audience, sub: user.id, email: user.email, name: user.name, iat: now, exp: now + 3600 })}`;
      return `${data}.${sign(null, Buffer.from(data), privateKey).toString('base64url')}`;
    },
  };
}

/**
 * A stand-in OpenID Connect provider and account answers, routed in the browser, for the storefront's
 * side of sign-in while the server's accounts are not there (and for answers a real server will not
 * give on demand, such as PermissionDenied).
 */
export interface FakeProvider {
  /** Every request the browser sent to the provider, by path with its query. */
  requests: URL[];
  /** Token requests' form bodies. */
  tokenBodies: URLSearchParams[];
}

export async function fakeProvider(context: BrowserContext, origin: string, accessToken: () => string = () => 'fake.jwt.token'): Promise<FakeProvider> {
  const issuer = `${origin}/oidc`;
  const provider: FakeProvider = { requests: [], tokenBodies: [] };
  await context.route(`${issuer}/**`, async (route: Route) => {
    const url = new URL(route.request().url());
    provider.requests.push(url);
    if (url.pathname === '/oidc/.well-known/openid-configuration') {
      return route.fulfill({ json: { issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, end_session_endpoint: `${issuer}/session/end`, code_challenge_methods_supported: ['S256'] } });
    }
    if (url.pathname === '/oidc/auth') {
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', `code-${provider.requests.length}`);
      back.searchParams.set('state', url.searchParams.get('state')!);
      return route.fulfill({ status: 303, headers: { location: back.toString() } });
    }
    if (url.pathname === '/oidc/token') {
      provider.tokenBodies.push(new URLSearchParams(route.request().postData() ?? ''));
      return route.fulfill({ json: { access_token: accessToken(), token_type: 'Bearer', expires_in: 3600, id_token: 'fake.id.token', scope: 'openid email profile' } });
    }
    if (url.pathname === '/oidc/session/end') {
      return route.fulfill({ status: 303, headers: { location: url.searchParams.get('post_logout_redirect_uri')! } });
    }
    return route.fulfill({ status: 404, body: 'not found' });
  });
  return provider;
}

export interface FakeAccount {
  me: Record<string, unknown>;
  /** Operation names answered with a PermissionDenied error. */
  denied?: Set<string>;
}

const membership = (id: string, admin: boolean, country: string, name: string) => ({
  __typename: 'OrganizationMembership', id, isOrganizationAdmin: admin, canPurchasePersonalProbe: true,
  organization: {
    __typename: 'Organization', id: `org-${id}`, name, slug: name.toLowerCase().replace(/\W+/g, '-'), country, planType: 'CLINIC',
    availableSeats: 3, maxSeats: 10, registeredProbes: 2, registeredProbesPlus: 1, registeredProbesIq3: 4,
  },
});

const line = (productRawName: string, quantity: number) => ({ __typename: 'OrderLine', productRawName, quantity, thumbnail: null });

export function demoUser(options: { country?: string; admin?: boolean; orders?: boolean; referrerToken?: string } = {}): Record<string, unknown> {
  const money = (cents: number, currency: string) => ({ __typename: 'TaxedMoney', currency, gross: { __typename: 'Money', currency, fractionalAmount: cents } });
  return {
    __typename: 'User', id: 'user-1', email: 'admin@demo.probe.store', name: 'Dana Admin', canBuyPersonalProbePlus: true, canBuyPersonalProbeIq3: true,
    organizationMemberships: [{ ...membership('m-1', options.admin ?? true, options.country ?? 'US', 'Demo Clinic'), referrerToken: options.referrerToken ?? null }],
    orders: options.orders === false ? [] : [
      { __typename: 'Order', id: 'o-1', token: '11111111-1111-4111-8111-111111111111', number: '1042', created: '2026-11-20T10:00:00.000Z', paymentStatus: 'FULLY_CHARGED', paymentState: 'PARTLY_REFUNDED', fulfilmentState: 'SHIPPED', cancelled: false, paymentMethod: 'CREDIT_CARD', total: money(389900, 'USD'), invoice: null, lines: [line('IQ3 Probe', 1), line('USB-C cable', 2)] },
      { __typename: 'Order', id: 'o-2', token: '22222222-2222-4222-8222-222222222222', number: '1043', created: '2026-11-21T10:00:00.000Z', paymentStatus: 'NOT_CHARGED', paymentState: 'UNPAID', fulfilmentState: 'UNFULFILLED', cancelled: false, paymentMethod: 'SEPA', total: money(123456, 'USD'), invoice: null, lines: [line('IQ+ Probe', 1)] },
      { __typename: 'Order', id: 'o-3', token: '33333333-3333-4333-8333-333333333333', number: '1044', created: '2026-11-22T10:00:00.000Z', paymentStatus: 'NOT_CHARGED', paymentState: 'UNPAID', fulfilmentState: 'NONE', cancelled: false, paymentMethod: 'ELECTRONIC_QUOTE', total: money(9900, 'USD'), invoice: { __typename: 'Invoice', token: '44444444-4444-4444-8444-444444444444', status: 'OPEN' }, lines: [line('Pro membership, 1 year', 1)] },
    ],
  };
}

/** A stand-in order as its page in my account reads it (AccountOrder): lines, totals, addresses, a card payment, a parcel, documents. */
function orderDetails(order: Record<string, unknown>): Record<string, unknown> {
  const total = order.total as { currency: string; gross: { fractionalAmount: number } };
  const currency = total.currency;
  const m = (cents: number) => ({ __typename: 'Money', currency, fractionalAmount: cents });
  const taxed = (gross: number, tax = 0) => ({ __typename: 'TaxedMoney', currency, net: m(gross - tax), tax: m(tax), gross: m(gross) });
  const lines = order.lines as Array<{ productRawName: string; quantity: number }>;
  const share = Math.floor(total.gross.fractionalAmount / lines.length);
  const address = (city: string) => ({ __typename: 'Address', name: 'Dana Admin', companyName: 'Demo Clinic', streetAddress1: '1 Market St', streetAddress2: '', city, postalCode: '94105', countryArea: 'CA', phone: '', country: { __typename: 'CountryDisplay', code: 'US' } });
  const shipped = order.fulfilmentState !== 'UNFULFILLED' && order.fulfilmentState !== 'NONE';
  return {
    ...order, __typename: 'Order', userEmail: 'admin@demo.probe.store', shippingMethod: 'Standard',
    lines: lines.map((l, i) => ({ __typename: 'OrderLine', productRawName: l.productRawName, variantName: l.productRawName, productSku: `SKU-${i}`, quantity: l.quantity, isFreeItemLine: false, thumbnail: null, unitPrice: taxed(Math.floor(share / l.quantity)), totalPrice: taxed(share) })),
    payments: order.paymentMethod === 'CREDIT_CARD' ? [{ __typename: 'OrderPayment', method: 'CREDIT_CARD', status: 'CHARGED', ccBrand: 'visa', ccLastDigits: '4242', ccExpMonth: 12, ccExpYear: 2030 }] : [],
    shipments: shipped ? [{ __typename: 'OrderShipment', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', created: '2026-11-22T09:00:00.000Z', lines: lines.map((l) => ({ __typename: 'OrderShipmentLine', productRawName: l.productRawName, variantName: l.productRawName, quantity: l.quantity })) }] : [],
    creditNotes: order.paymentState === 'PARTLY_REFUNDED' ? [{ __typename: 'OrderCreditNote', number: 'CN-0001', amount: m(1000), created: '2026-11-23T09:00:00.000Z' }] : [],
    invoice: order.invoice ? { ...(order.invoice as object), amount: m(total.gross.fractionalAmount), dueAt: '2026-12-22T10:00:00.000Z' } : null,
    voucher: null, tradeIn: null,
    subtotal: taxed(total.gross.fractionalAmount), shippingPrice: taxed(0), total: taxed(total.gross.fractionalAmount),
    taxExemption: false, displayGrossPrices: false, vatRegistrationNumber: null,
    shippingAddress: address('San Francisco'), billingAddress: address('San Francisco'),
  };
}

const MEMBERS = [
  { __typename: 'OrganizationMember', membershipId: 'm-1', email: 'admin@demo.probe.store', name: 'Dana Admin', isOrganizationAdmin: true, canPurchasePersonalProbe: true },
  { __typename: 'OrganizationMember', membershipId: 'm-2', email: 'member@demo.probe.store', name: 'Max Member', isOrganizationAdmin: false, canPurchasePersonalProbe: false },
];

export interface GraphqlLog {
  operations: Array<{ name: string; variables: Record<string, unknown>; authorization: string | null }>;
}

/** Answers the account operations from `account`; every other operation goes to the real server. */
export async function fakeAccountApi(page: Page, account: FakeAccount): Promise<GraphqlLog> {
  const log: GraphqlLog = { operations: [] };
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { operationName?: string; variables?: Record<string, unknown> } | null;
    const name = body?.operationName ?? '';
    log.operations.push({ name, variables: body?.variables ?? {}, authorization: (await route.request().allHeaders()).authorization ?? null });
    if (account.denied?.has(name)) {
      return route.fulfill({ json: { data: null, errors: [{ message: 'You do not have permission to perform this action', extensions: { exception: { code: 'PermissionDenied' } } }] } });
    }
    const me = account.me;
    const memberships = me.organizationMemberships as Array<ReturnType<typeof membership>>;
    switch (name) {
      case 'UserQuery':
      case 'UserRefreshQuery':
        return route.fulfill({ json: { data: { me } } });
      case 'UserDataRequests':
        // My account's 'Your data': the stand-in user has asked for nothing (a real server would answer me: null to the stand-in token, which replaces the stand-in me).
        return route.fulfill({ json: { data: { me: { __typename: 'User', id: me.id, dataRequests: [] } } } });
      case 'UserConsents':
        // My account's consents (issue 38): the stand-in user has decided nothing (as UserDataRequests: a real server's me: null would replace the stand-in me).
        return route.fulfill({ json: { data: { me: { __typename: 'User', id: me.id, consents: [] } } } });
      case 'SavedPaymentMethods':
        // My account's payment methods: the stand-in organizations have none saved.
        return route.fulfill({ json: { data: { me: { __typename: 'User', id: me.id, organizationMemberships: memberships.map((m) => ({ ...m, availableReusablePaymentMethods: [] })) } } } });
      case 'AccountOrder': {
        // My account's order page: one of the stand-in user's orders, with what its page shows; another number is not theirs.
        const found = (me.orders as Array<Record<string, unknown>>).find((o) => o.number === body?.variables?.number);
        return route.fulfill({ json: { data: { me: { __typename: 'User', id: me.id, order: found ? orderDetails(found) : null } } } });
      }
      case 'UserCheckout':
        return route.fulfill({ json: { data: { me: { __typename: 'User', id: me.id, checkout: null } } } });
      case 'UserOrganizationMembershipInfo': {
        const found = memberships.find((m) => m.id === body?.variables?.id) ?? null;
        return route.fulfill({ json: { data: { organizationMembership: found } } });
      }
      case 'UserOrganizationRefreshQuery': {
        const found = memberships.find((m) => m.id === body?.variables?.organizationMembershipId)!;
        return route.fulfill({ json: { data: { organizationMembership: { __typename: 'OrganizationMembership', id: found.id, organization: { __typename: 'Organization', id: found.organization.id, name: found.organization.name, maxSeats: found.organization.maxSeats, members: MEMBERS, invitations: [] } } } } });
      }
      case 'OrganizationAdmins':
        return route.fulfill({ json: { data: { organizationAdmins: [{ __typename: 'OrganizationAdmin', name: 'Dana Admin', email: 'admin@demo.probe.store' }] } } });
      case 'OrganizationMembershipUpdate': {
        const input = body!.variables!.input as Record<string, boolean>;
        return route.fulfill({ json: { data: { organizationMembershipUpdate: { __typename: 'OrganizationMembershipPayload', membership: { __typename: 'OrganizationMembership', id: body!.variables!.id, isOrganizationAdmin: input.isOrganizationAdmin, canPurchasePersonalProbe: input.canPurchasePersonalProbe }, errors: [] } } } });
      }
      case 'CheckoutCreateWithOrganization': {
        // The stand-in token means nothing to the server: the membership is checked here, and the rest goes on.
        const variables = structuredClone(body!.variables!) as { input: Record<string, unknown> };
        delete variables.input.organizationMembershipId;
        return route.continue({ postData: JSON.stringify({ ...body, variables }) });
      }
      default:
        return route.continue();
    }
  });
  return log;
}

/**
 * Opens a page that needs a signed-in user and signs a demo user in at the built-in provider's form
 * (password `demo-password-1`); resolves once the provider has sent the browser back.
 */
export async function signInAtProvider(page: Page, path: string, email: string): Promise<void> {
  await page.goto(path);
  // The store's sign-in (/oidc/interaction/…) or the console's (/oidc/staff/interaction/…).
  await page.waitForURL(/\/oidc\/(staff\/)?interaction\//);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('demo-password-1');
  await page.locator('form[action$="/login"] button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc/'));
}

/**
 * Saves a test card in an organization's payment methods (my account → Payment methods; `methods` is the
 * organization's block), made primary, and waits until the page shows it primary.
 */
export async function savePrimaryCard(methods: Locator, number: string): Promise<void> {
  await methods.getByTestId('add-method').click();
  const form = methods.getByTestId('add-method-form');
  await form.locator('input[name="card.number"]').fill(number);
  await form.locator('input[name="card.expiry"]').fill('12/30');
  await form.locator('input[name="card.cvc"]').fill('123');
  await form.locator('input[name=makePrimary]').check();
  await form.locator('button[type=submit]').click();
  await expect.poll(async () => (await methods.locator('[data-primary=true]').textContent()) ?? '').toContain(`…${number.slice(-4)}`);
}

export { hydrated };
