import { DEMO_USERS, schema } from '@probe/db';
import { sql } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { tableFingerprint } from './table-fingerprint.ts';

const [individual, admin, member, vet] = DEMO_USERS;
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const LAKESIDE = '5e0c2b9a-3f4d-4c1e-8b6a-000000000002';

let t: TestApp;
let key: CryptoKey;
const auth: Record<string, string> = {};

async function tokenFor(sub: string, claims: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(sub).setIssuedAt().setExpirationTime('5m').sign(key);
}

const as = (who: string): Record<string, string> => (who === 'anonymous' ? {} : { authorization: `JWT ${auth[who]}` });

async function membershipIdOf(userId: string, organizationId: string): Promise<string> {
  const rows = await t.database.db.select().from(schema.organizationMemberships);
  return rows.find((m) => m.userId === userId && m.organizationId === organizationId)!.id;
}

/** A fingerprint of everything an account operation could change. */
function accountState(): Promise<string> {
  return tableFingerprint(t.database.db, ['users', 'organizations', 'organization_memberships', 'registered_probes', 'checkouts']);
}

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  key = pair.privateKey;
  t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
  for (const u of [individual, admin, member, vet]) auth[u.email.split('@')[0]!] = await tokenFor(u.id, { email: u.email });
});
afterAll(() => t?.close());

const ME = `query UserQuery { me { email name canBuyPersonalProbePlus organizationMemberships { id isOrganizationAdmin referrerToken
  organization { id name slug country planType maxSeats availableSeats registeredProbes registeredProbesPlus registeredProbesIq3 isExpired subscriptionStatus } } } }`;

describe('me (UserQuery)', () => {
  it('is null for an anonymous caller and for a token the server did not sign', async () => {
    expect((await t.gql(ME)).body.data).toEqual({ me: null });
    const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forged = await new SignJWT({ email: admin.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(admin.id).setExpirationTime('5m').sign(other.privateKey);
    expect((await t.gql(ME, undefined, { authorization: `JWT ${forged}` })).body.data).toEqual({ me: null });
  });

  it("gives the admin's memberships with seats left and probes by model", async () => {
    const res = await t.gql<{ me: { email: string; organizationMemberships: Array<{ isOrganizationAdmin: boolean; referrerToken: string; organization: Record<string, unknown> }> } }>(ME, undefined, as('admin'));
    const me = res.body.data!.me;
    expect(me.email).toBe(admin.email);
    expect(me.organizationMemberships).toHaveLength(1);
    const [membership] = me.organizationMemberships;
    expect(membership!.isOrganizationAdmin).toBe(true);
    expect(membership!.referrerToken).toMatch(/^[0-9a-f]{32}$/);
    expect(membership!.organization).toMatchObject({
      name: 'Lakeside Clinic', country: 'US', planType: 'CLINIC', maxSeats: 10, availableSeats: 8,
      registeredProbes: 0, registeredProbesPlus: 2, registeredProbesIq3: 1, isExpired: false, subscriptionStatus: 'ACTIVE',
    });
  });

  it('makes the user on their first verified request, from the e-mail the token carries', async () => {
    const token = await tokenFor('new-subject-1', { email: 'Newcomer@Example.test', name: 'New Comer' });
    const res = await t.gql<{ me: { email: string; name: string; organizationMemberships: unknown[] } }>(ME, undefined, { authorization: `JWT ${token}` });
    expect(res.body.data!.me).toMatchObject({ email: 'Newcomer@Example.test', name: 'New Comer', organizationMemberships: [] });
    const [row] = await t.database.db.select().from(schema.users).where(sql`${schema.users.id} = 'new-subject-1'`);
    expect(row?.email).toBe('Newcomer@Example.test');
    // A store wants to sell: a new user may buy both probe models.
    expect(row).toMatchObject({ canBuyPersonalProbePlus: true, canBuyPersonalProbeIq3: true });
  });
});

describe('organization membership, admins and members', () => {
  const MEMBERSHIP = `query UserOrganizationRefreshQuery($id: ID!) { organizationMembership(id: $id) { id isOrganizationAdmin organization { name availableSeats } } }`;
  const MEMBERS = `query M($id: ID!) { organizationMembership(id: $id) { organization { members { email isOrganizationAdmin canPurchasePersonalProbe } } } }`;

  it('answers one of the caller\'s own memberships', async () => {
    const id = gid('OrganizationMembership', await membershipIdOf(member.id, LAKESIDE));
    const res = await t.gql<{ organizationMembership: { isOrganizationAdmin: boolean; organization: { name: string } } }>(MEMBERSHIP, { id }, as('member'));
    expect(res.body.data!.organizationMembership).toMatchObject({ isOrganizationAdmin: false, organization: { name: 'Lakeside Clinic' } });
  });

  it('lets an admin see the members, and refuses a member', async () => {
    const adminMembership = gid('OrganizationMembership', await membershipIdOf(admin.id, LAKESIDE));
    const members = await t.gql<{ organizationMembership: { organization: { members: Array<{ email: string }> } } }>(MEMBERS, { id: adminMembership }, as('admin'));
    expect(members.body.data!.organizationMembership.organization.members.map((m) => m.email)).toEqual([admin.email, member.email]);
    const memberMembership = gid('OrganizationMembership', await membershipIdOf(member.id, LAKESIDE));
    const refused = await t.gql(MEMBERS, { id: memberMembership }, as('member'));
    expect(refused.body.errors![0]!.extensions!.exception!.code).toBe('PermissionDenied');
  });

  it('tells a member who the admins are', async () => {
    const res = await t.gql<{ organizationAdmins: Array<{ email: string }> }>(`query OrganizationAdmins($id: ID!) { organizationAdmins(organizationId: $id) { email name } }`, { id: gid('Organization', LAKESIDE) }, as('member'));
    expect(res.body.data!.organizationAdmins.map((a) => a.email)).toEqual([admin.email]);
  });

  const EDIT = `mutation E($id: ID!, $input: OrganizationMembershipUpdateInput!) { organizationMembershipUpdate(id: $id, input: $input) {
    membership { isOrganizationAdmin canPurchasePersonalProbe } errors { code field } } }`;

  it('lets an admin change a member, and keeps one admin in the organization', async () => {
    const memberMembership = gid('OrganizationMembership', await membershipIdOf(member.id, LAKESIDE));
    const changed = await t.gql<{ organizationMembershipUpdate: { membership: unknown; errors: unknown[] } }>(EDIT, { id: memberMembership, input: { canPurchasePersonalProbe: false } }, as('admin'));
    expect(changed.body.data!.organizationMembershipUpdate).toEqual({ membership: { isOrganizationAdmin: false, canPurchasePersonalProbe: false }, errors: [] });
    const adminMembership = gid('OrganizationMembership', await membershipIdOf(admin.id, LAKESIDE));
    const before = await accountState();
    const lastAdmin = await t.gql<{ organizationMembershipUpdate: { membership: unknown; errors: Array<{ code: string }> } }>(EDIT, { id: adminMembership, input: { isOrganizationAdmin: false } }, as('admin'));
    expect(lastAdmin.body.data!.organizationMembershipUpdate).toEqual({ membership: null, errors: [{ code: 'OPERATION_NOT_ALLOWED', field: 'isOrganizationAdmin' }] });
    expect(await accountState()).toBe(before);
  });

  it('changes a name, and refuses an empty or too long one keeping the old', async () => {
    const ACCOUNT = `mutation A($name: String!) { accountUpdate(input: { name: $name }) { user { name } errors { code field } } }`;
    for (const name of ['   ', 'x'.repeat(101)]) {
      const bad = await t.gql<{ accountUpdate: unknown }>(ACCOUNT, { name }, as('individual'));
      expect(bad.body.data!.accountUpdate).toEqual({ user: null, errors: [{ code: 'INVALID', field: 'name' }] });
    }
    const good = await t.gql<{ accountUpdate: unknown }>(ACCOUNT, { name: 'Ada Lovelace' }, as('individual'));
    expect(good.body.data!.accountUpdate).toEqual({ user: { name: 'Ada Lovelace' }, errors: [] });
  });
});

describe('every signed-in operation against a foreign organization', () => {
  /**
   * Each operation that names an organization or a membership, called by someone outside it (the vet,
   * admin of another organization), by a plain member where admins are needed, and anonymously. Every
   * call is refused and the database is unchanged after it.
   */
  type Call = { name: string; query: string; variables: () => Promise<Record<string, unknown>>; refused: (body: { data?: unknown; errors?: unknown[] }) => boolean };
  const permissionDenied = (body: { errors?: unknown[] }) => JSON.stringify(body.errors ?? []).includes('PermissionDenied');
  const payloadError = (field: string, codes: string[]) => (body: { data?: unknown }) => {
    const payload = (body.data as Record<string, { errors: Array<{ code: string }> }> | undefined)?.[field];
    return Boolean(payload && payload.errors.length && codes.includes(payload.errors[0]!.code));
  };
  const memberOf = async () => gid('OrganizationMembership', await membershipIdOf(member.id, LAKESIDE));
  const adminOf = async () => gid('OrganizationMembership', await membershipIdOf(admin.id, LAKESIDE));
  const calls: Call[] = [
    { name: 'UserOrganizationMembershipInfo', query: `query Q($id: ID!) { organizationMembership(id: $id) { id } }`, variables: async () => ({ id: await memberOf() }), refused: permissionDenied },
    { name: 'UserOrganizationRefreshQuery', query: `query Q($id: ID!) { organizationMembership(id: $id) { organization { name availableSeats } } }`, variables: async () => ({ id: await adminOf() }), refused: permissionDenied },
    { name: 'OrganizationAdmins', query: `query Q($id: ID!) { organizationAdmins(organizationId: $id) { email } }`, variables: async () => ({ id: gid('Organization', LAKESIDE) }), refused: permissionDenied },
    {
      name: 'EditMembership', query: `mutation Q($id: ID!) { organizationMembershipUpdate(id: $id, input: { isOrganizationAdmin: true, canPurchasePersonalProbe: false }) { membership { id } errors { code } } }`,
      variables: async () => ({ id: await memberOf() }),
      refused: (body) => permissionDenied(body) || payloadError('organizationMembershipUpdate', ['NOT_FOUND', 'NO_PERMISSIONS'])(body),
    },
    {
      name: 'CheckoutCreateWithOrganization', query: `mutation Q($m: ID!) { checkoutCreate(input: { country: US, lines: [{ sku: "ACC-USBC-1M", quantity: 1 }], organizationMembershipId: $m }) { checkout { token } errors { code } } }`,
      variables: async () => ({ m: await memberOf() }),
      refused: payloadError('checkoutCreate', ['NO_PERMISSIONS']),
    },
    {
      name: 'UserCheckout', query: `query Q($m: ID!) { me { checkout(organizationMembershipId: $m) { token } } }`, variables: async () => ({ m: await memberOf() }),
      refused: (body) => JSON.stringify(body.data) === '{"me":{"checkout":null}}' || JSON.stringify(body.data) === '{"me":null}',
    },
  ];

  for (const caller of ['vet', 'anonymous'] as const) {
    for (const call of calls) {
      it(`${call.name} by ${caller === 'vet' ? 'the admin of another organization' : 'an anonymous caller'} is refused and changes nothing`, async () => {
        const before = await accountState();
        const res = await t.gql(call.query, await call.variables(), as(caller));
        expect(res.body.data === undefined || res.body.data === null || typeof res.body.data === 'object').toBe(true);
        expect(call.refused(res.body as never), JSON.stringify(res.body)).toBe(true);
        expect(await accountState()).toBe(before);
      });
    }
  }

  it("a member cannot do an admin's edit, and nothing changes", async () => {
    const before = await accountState();
    const res = await t.gql(calls[3]!.query, { id: await adminOf() }, as('member'));
    expect(payloadError('organizationMembershipUpdate', ['NO_PERMISSIONS'])(res.body as never)).toBe(true);
    expect(await accountState()).toBe(before);
  });

  it('a member buys for their own organization: the checkout is theirs and UserCheckout finds it', async () => {
    const m = await memberOf();
    const created = await t.gql<{ checkoutCreate: { checkout: { token: string; email: string } | null; errors: unknown[] } }>(
      `mutation Q($m: ID!) { checkoutCreate(input: { country: US, lines: [{ sku: "ACC-USBC-1M", quantity: 1 }], organizationMembershipId: $m }, idempotencyKey: "acc-1") { checkout { token email } errors { code } } }`,
      { m }, as('member'));
    expect(created.body.data!.checkoutCreate.errors).toEqual([]);
    expect(created.body.data!.checkoutCreate.checkout!.email).toBe(member.email);
    const found = await t.gql<{ me: { checkout: { token: string } | null } }>(`query Q($m: ID!) { me { checkout(organizationMembershipId: $m) { token } } }`, { m }, as('member'));
    expect(found.body.data!.me.checkout!.token).toBe(created.body.data!.checkoutCreate.checkout!.token);
    // The admin of the same organization does not see a member's own open checkout.
    const admins = await t.gql<{ me: { checkout: unknown } }>(`query Q($m: ID!) { me { checkout(organizationMembershipId: $m) { token } } }`, { m }, as('admin'));
    expect(admins.body.data!.me.checkout).toBeNull();
  });

  it('Checkout.organization names the organization the checkout buys for, to its buyer only; null for a checkout of their own', async () => {
    const m = await memberOf();
    const created = await t.gql<{ checkoutCreate: { checkout: { token: string } } }>(
      `mutation Q($m: ID!) { checkoutCreate(input: { country: US, lines: [{ sku: "ACC-USBC-1M", quantity: 1 }], organizationMembershipId: $m }, idempotencyKey: "acc-org-1") { checkout { token } } }`,
      { m }, as('member'));
    const Q = `query CheckoutByToken($token: String!) { checkout(token: $token) { organization { id name country } } }`;
    const read = async (token: string, who: string) => (await t.gql<{ checkout: { organization: unknown } | null }>(Q, { token }, as(who))).body.data!.checkout?.organization ?? null;
    const { token } = created.body.data!.checkoutCreate.checkout;
    expect(await read(token, 'member')).toEqual({ id: gid('Organization', LAKESIDE), name: 'Lakeside Clinic', country: 'US' });
    // Anyone else holding the token (the organization's admin included) is not told whom it buys for (a signed-in buyer's checkout is not theirs to read at all).
    for (const who of ['admin', 'vet', 'anonymous']) expect(await read(token, who), who).toBeNull();
    const own = await t.gql<{ checkoutCreate: { checkout: { token: string } } }>(
      `mutation { checkoutCreate(input: { country: US, lines: [{ sku: "ACC-USBC-1M", quantity: 1 }] }) { checkout { token } } }`, undefined, as('member'));
    expect(await read(own.body.data!.checkoutCreate.checkout.token, 'member')).toBeNull();
  });
});

describe("an order in my account (AccountOrder, issue 36)", () => {
  const ADDRESS = { firstName: 'Dana', lastName: 'Admin', companyName: 'Lakeside Clinic', streetAddress1: '1 Lake Rd', streetAddress2: '', city: 'Madison', postalCode: '53703', country: 'US', countryArea: 'WI', phone: '' };
  const ORDER = `query AccountOrder($number: String!) { me { order(number: $number) { number token billingAddress { city } shippingAddress { city } } } }`;
  let token: string;
  let cableId: number;
  beforeAll(async () => {
    const [row] = await t.database.db.insert(schema.orders).values({
      number: 'ACC-36-1', checkoutToken: crypto.randomUUID(), idempotencyKey: `acc-36-${crypto.randomUUID()}`, userId: admin.id, email: admin.email,
      country: 'US', language: 'en', currency: 'USD', bundleType: 'NONE', paymentMethod: 'CREDIT_CARD', chargeStatus: 'FULLY_CHARGED',
      subtotalNet: 1000, subtotalGross: 1000, discount: 0, shippingNet: 0, shippingGross: 0, totalNet: 1000, totalTax: 0, totalGross: 1000, totalSavings: 0,
      billingAddress: ADDRESS, shippingAddress: { ...ADDRESS, city: 'Shipping City' },
    }).returning();
    token = row!.token;
    const [cable] = await t.database.db.select({ id: schema.productVariants.id }).from(schema.productVariants).where(sql`${schema.productVariants.sku} = 'ACC-USBC-1M'`);
    const line = { productName: 'Cable', variantName: 'USB-C 1 m', productTypeName: 'Accessory', quantity: 1, unitNet: 1000, unitGross: 1000, undiscountedUnitGross: 1000, totalNet: 1000, totalGross: 1000 };
    await t.database.db.insert(schema.orderLines).values([
      { ...line, orderId: row!.id, variantId: cable!.id, productSku: 'ACC-USBC-1M' },
      // A variant since deleted from the catalogue: the line keeps its id, nothing answers to it.
      { ...line, orderId: row!.id, variantId: 2_000_000_000, productSku: 'GONE-1' },
    ]);
    cableId = cable!.id;
  });

  it('OrderLine.variant is the variant the line was bought as, null once it no longer exists', async () => {
    const Q = `query AccountOrder($number: String!) { me { order(number: $number) { lines { productSku variant { id sku } } } } }`;
    const res = await t.gql<{ me: { order: { lines: unknown[] } } }>(Q, { number: 'ACC-36-1' }, as('admin'));
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.me.order.lines).toEqual([
      { productSku: 'ACC-USBC-1M', variant: { id: gid('ProductVariant', String(cableId)), sku: 'ACC-USBC-1M' } },
      { productSku: 'GONE-1', variant: null },
    ]);
    // Resolved from the catalogue snapshot the order's prices are shown with: not one statement more for it, however many lines.
    const statements = async (lineFields: string) => {
      const before = t.database.stats.statements;
      const r = await t.gql(`query AccountOrder($number: String!) { me { order(number: $number) { displayGrossPrices lines { ${lineFields} } } } }`, { number: 'ACC-36-1' }, as('admin'));
      expect(r.body.errors).toBeUndefined();
      return t.database.stats.statements - before;
    };
    expect(await statements('productSku variant { id sku name }')).toBe(await statements('productSku'));
  });

  it('gives the buyer their own order by its number, with its addresses', async () => {
    const res = await t.gql<{ me: { order: { number: string; billingAddress: { city: string }; shippingAddress: { city: string } } | null } }>(ORDER, { number: 'ACC-36-1' }, as('admin'));
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.me.order).toMatchObject({ number: 'ACC-36-1', billingAddress: { city: 'Madison' }, shippingAddress: { city: 'Shipping City' } });
  });

  it("refuses another user's order: a member of the same organization and the admin of another find nothing", async () => {
    for (const who of ['member', 'vet', 'individual']) {
      const res = await t.gql<{ me: { order: unknown } }>(ORDER, { number: 'ACC-36-1' }, as(who));
      expect(res.body.errors, who).toBeUndefined();
      expect(res.body.data!.me.order, who).toBeNull();
    }
    expect((await t.gql(ORDER, { number: 'ACC-36-1' })).body.data).toEqual({ me: null });
  });

  it('the token alone (the confirmation link) shows the order but not its addresses', async () => {
    const Q = `query OrderByToken($token: String!) { orderByToken(token: $token) { number billingAddress { city } shippingAddress { city } } }`;
    for (const who of ['anonymous', 'member']) {
      const res = await t.gql<{ orderByToken: unknown }>(Q, { token }, as(who));
      expect(res.body.data!.orderByToken, who).toEqual({ number: 'ACC-36-1', billingAddress: null, shippingAddress: null });
    }
    const own = await t.gql<{ orderByToken: unknown }>(Q, { token }, as('admin'));
    expect(own.body.data!.orderByToken).toEqual({ number: 'ACC-36-1', billingAddress: { city: 'Madison' }, shippingAddress: { city: 'Shipping City' } });
  });
});

describe('demo prices (issue 36)', () => {
  it("Ada's Pro subscription costs what the catalogue sells Pro for in the US: one price on the pricing and subscription pages", async () => {
    const [catalogue] = await t.database.db.select({ amount: schema.variantPrices.amount }).from(schema.variantPrices)
      .innerJoin(schema.productVariants, sql`${schema.productVariants.id} = ${schema.variantPrices.variantId}`)
      .where(sql`${schema.productVariants.sku} = 'PRO-ANNUAL-HUMAN' and ${schema.variantPrices.country} = 'US'`);
    const [subscription] = await t.database.db.select({ price: schema.subscriptions.currentPrice }).from(schema.subscriptions)
      .where(sql`${schema.subscriptions.organizationId} = '5e0c2b9a-3f4d-4c1e-8b6a-000000000001'`);
    expect(subscription!.price).toBe(catalogue!.amount);
  });
});

describe('CheckUserExistence', () => {
  it('says whether an e-mail has an account, then answers 429 with Retry-After past 20 a minute from one address', async () => {
    const Q = `query CheckUserExistence($email: String!) { userExists(email: $email) }`;
    expect((await t.gql<{ userExists: boolean }>(Q, { email: 'ADMIN@demo.probe.store' })).body.data!.userExists).toBe(true);
    expect((await t.gql<{ userExists: boolean }>(Q, { email: 'nobody@demo.probe.store' })).body.data!.userExists).toBe(false);
    let last = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query: Q, variables: { email: 'x@y.z' } }) });
    for (let i = 0; i < 20 && last.statusCode === 200; i++) {
      last = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query: Q, variables: { email: `x${i}@y.z` } }) });
    }
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().data?.userExists ?? null).toBeNull();
  });
});
