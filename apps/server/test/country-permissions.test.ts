import { schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, mutate, PLACE, readyCheckout, US_ADDRESS, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { tableFingerprint } from './table-fingerprint.ts';

/**
 * Spec 6 (issue 34): countryPermissions come from the server and are enforced. A country lets signed-in buyers
 * buy team plans (TEAM_SUBSCRIPTIONS: team, additional and 10-based seats) and their vet variants
 * (VET_VARIANTS); taken away, the catalogue stops offering them and every checkout path refuses them
 * (NO_PERMISSIONS) with nothing written. A buyer acts only for their own organizations.
 */
let t: TestApp;
let key: CryptoKey;
const TABLES = ['checkouts', 'checkout_lines', 'orders', 'order_lines', 'payments', 'subscriptions', 'organizations', 'organization_memberships'];

async function signIn(sub: string, email: string): Promise<Record<string, string>> {
  const jwt = await new SignJWT({ email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(sub).setIssuedAt().setExpirationTime('5m').sign(key);
  return { authorization: `JWT ${jwt}` };
}

/** The US's permissions as an operator sets them (the catalogue's version moves, as the console's edits do). */
async function usPermissions(permissions: string[]) {
  await t.database.db.update(schema.countries).set({ permissions }).where(eq(schema.countries.code, 'US'));
  await t.database.db.update(schema.shopSettings).set({ catalogueVersion: sql`${schema.shopSettings.catalogueVersion} + 1` }).where(eq(schema.shopSettings.id, 1));
}

const CREATE_ORG = `mutation C($input: OrganizationCreateInput!) { organizationCreate(input: $input) { membership { id } errors { code field } } }`;
async function founder(n: string) {
  const headers = await signIn(`perm-founder-${n}`, `perm-founder-${n}@example.test`);
  const res = await t.gql<{ organizationCreate: { membership: { id: string } } }>(CREATE_ORG, { input: { name: `Permission Clinic ${n}`, market: 'HUMAN', country: 'US', billingAddress: { ...US_ADDRESS, companyName: `Permission Clinic ${n}` } } }, headers);
  return { headers, membershipId: res.body.data!.organizationCreate.membership.id };
}

let a: Awaited<ReturnType<typeof founder>>;
let b: Awaited<ReturnType<typeof founder>>;
beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  key = pair.privateKey;
  t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
  [a, b] = [await founder('a'), await founder('b')];
});
afterAll(() => t?.close());

const teamCart = (who: { headers: Record<string, string>; membershipId: string }, sku: string) =>
  mutate(t, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku, quantity: 5 }], country: 'US', languageCode: 'EN', organizationMembershipId: who.membershipId } }, undefined, who.headers);
const CATALOGUE = '{ shop { countries { code countryPermissions } catalogue(country: US, languageCode: EN) { countryPermissions variants(group: TEAM) { sku } } } }';
type CatalogueAnswer = { shop: { countries: Array<{ code: string; countryPermissions: string[] }>; catalogue: { countryPermissions: string[]; variants: Array<{ sku: string }> } } };
const catalogue = async (headers?: Record<string, string>) => (await t.gql<CatalogueAnswer>(CATALOGUE, undefined, headers)).body.data!;

describe('country permissions', () => {
  it('come from the server: every store country has both, and the signed-in catalogue offers team plans and their vet variants', async () => {
    const body = await catalogue(a.headers);
    expect(body.shop.countries.find((c) => c.code === 'DE')!.countryPermissions).toEqual(['TEAM_SUBSCRIPTIONS', 'VET_VARIANTS']);
    expect(body.shop.catalogue.countryPermissions).toEqual(['TEAM_SUBSCRIPTIONS', 'VET_VARIANTS']);
    expect(body.shop.catalogue.variants.map((v) => v.sku).sort()).toEqual(['TEAM-ANNUAL-HUMAN', 'TEAM-ANNUAL-VET']);
    // Anonymous: the restricted groups are not shown at all, and a team plan cannot be put in a cart.
    expect((await t.gql(CATALOGUE)).body.errors?.[0]?.extensions).toMatchObject({ exception: { code: 'PermissionDenied' } });
    const anonymous = await mutate(t, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku: 'TEAM-ANNUAL-HUMAN', quantity: 5 }], country: 'US' } });
    expect(anonymous.errors.map((e) => e.code)).toContain('NO_PERMISSIONS');
  });

  it('allowed: an admin buys a team plan, human or vet, for their organization', async () => {
    for (const sku of ['TEAM-ANNUAL-HUMAN', 'TEAM-ANNUAL-VET']) {
      const created = await teamCart(a, sku);
      expect(created.errors, sku).toEqual([]);
      expect(created.checkout!.lines.map((l) => l.variant.sku)).toEqual([sku]);
    }
  });

  it('VET_VARIANTS taken away: vet team plans refused (NO_PERMISSIONS), nothing written; human ones still sold', async () => {
    await usPermissions(['TEAM_SUBSCRIPTIONS']);
    try {
      expect((await catalogue(a.headers)).shop.catalogue).toEqual({ countryPermissions: ['TEAM_SUBSCRIPTIONS'], variants: [{ sku: 'TEAM-ANNUAL-HUMAN' }] });
      const before = await tableFingerprint(t.database.db, TABLES);
      const refused = await teamCart(a, 'TEAM-ANNUAL-VET');
      expect(refused).toMatchObject({ checkout: null, errors: [{ code: 'NO_PERMISSIONS', field: 'lines.0.variantId' }] });
      expect(await tableFingerprint(t.database.db, TABLES)).toBe(before);
      expect((await teamCart(a, 'TEAM-ANNUAL-HUMAN')).errors).toEqual([]);
    } finally {
      await usPermissions(['TEAM_SUBSCRIPTIONS', 'VET_VARIANTS']);
    }
  });

  it('TEAM_SUBSCRIPTIONS taken away: not offered, not added, not placed (a cart made before), nothing written', async () => {
    const ready = await readyCheckout(t, { lines: [{ sku: 'TEAM-ANNUAL-HUMAN', quantity: 5 }], signedIn: { headers: a.headers, organizationMembershipId: a.membershipId } });
    const open = (await teamCart(a, 'TEAM-ANNUAL-HUMAN')).checkout!;
    await usPermissions([]);
    try {
      expect((await catalogue(a.headers)).shop.catalogue).toEqual({ countryPermissions: [], variants: [] });
      const before = await tableFingerprint(t.database.db, TABLES);
      expect((await teamCart(a, 'TEAM-ANNUAL-HUMAN')).errors.map((e) => e.code)).toEqual(['NO_PERMISSIONS']);
      const added = await mutate(t, 'checkoutLinesAdd', '$token: String!, $lines: [CheckoutLineInput!]!', { token: open.token, lines: [{ sku: 'TEAM-ADDITIONAL-HUMAN', quantity: 1 }] }, undefined, a.headers);
      expect(added.errors.map((e) => e.code)).toEqual(['NO_PERMISSIONS']);
      const placed = (await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `perm-place-${ready.token}`, total: ready.total, card: CARD_OK }, a.headers)).body.data!.checkoutPlaceOrder;
      expect(placed.order).toBeNull();
      expect(placed.errors.map((e) => e.code)).toContain('NO_PERMISSIONS');
      expect(await tableFingerprint(t.database.db, TABLES)).toBe(before);
    } finally {
      await usPermissions(['TEAM_SUBSCRIPTIONS', 'VET_VARIANTS']);
    }
    // Given back: the same cart is placed.
    const placed = (await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `perm-place-again-${ready.token}`, total: ready.total, card: CARD_OK }, a.headers)).body.data!.checkoutPlaceOrder;
    expect(placed.errors).toEqual([]);
  });

  it('a team plan moving to a country without the permission is named and left behind, like an unsold item', async () => {
    const open = (await teamCart(a, 'TEAM-ANNUAL-HUMAN')).checkout!;
    await t.database.db.update(schema.countries).set({ permissions: [] }).where(eq(schema.countries.code, 'CA'));
    await t.database.db.update(schema.shopSettings).set({ catalogueVersion: sql`${schema.shopSettings.catalogueVersion} + 1` }).where(eq(schema.shopSettings.id, 1));
    const before = await tableFingerprint(t.database.db, TABLES);
    const refused = await mutate(t, 'checkoutCountryUpdate', '$token: String!, $country: CountryCode!', { token: open.token, country: 'CA' }, undefined, a.headers);
    expect(refused.errors).toEqual([{ code: 'COUNTRY_NOT_AVAILABLE', field: 'lines', message: expect.stringContaining('TEAM-ANNUAL-HUMAN') }]);
    expect(await tableFingerprint(t.database.db, TABLES)).toBe(before);
  });

  it('a member of organization A never buys for, or moves a cart into, organization B: refused, nothing written', async () => {
    const before = await tableFingerprint(t.database.db, TABLES);
    const intoB = await teamCart({ headers: a.headers, membershipId: b.membershipId }, 'TEAM-ANNUAL-HUMAN');
    expect(intoB).toMatchObject({ checkout: null, errors: [{ code: 'NO_PERMISSIONS', field: 'organizationMembershipId' }] });
    expect(await tableFingerprint(t.database.db, TABLES)).toBe(before);
    const own = (await teamCart(a, 'TEAM-ANNUAL-HUMAN')).checkout!;
    const mid = await tableFingerprint(t.database.db, TABLES);
    const moved = await t.gql<{ checkoutOrganizationUpdate: { checkout: unknown; errors: Array<{ code: string; field: string }> } }>(
      'mutation M($token: String!, $id: ID) { checkoutOrganizationUpdate(token: $token, organizationMembershipId: $id) { checkout { token } errors { code field } } }', { token: own.token, id: b.membershipId }, a.headers);
    expect(moved.body.data!.checkoutOrganizationUpdate).toEqual({ checkout: null, errors: [{ code: 'NO_PERMISSIONS', field: 'organizationMembershipId' }] });
    // B's own cart is out of A's reach altogether.
    const bCart = (await teamCart(b, 'TEAM-ANNUAL-HUMAN')).checkout!;
    const afterB = await tableFingerprint(t.database.db, TABLES);
    const touched = await mutate(t, 'checkoutLinesAdd', '$token: String!, $lines: [CheckoutLineInput!]!', { token: bCart.token, lines: [{ sku: 'TEAM-ADDITIONAL-HUMAN', quantity: 1 }] }, undefined, a.headers);
    expect(touched.errors.map((e) => e.code)).toEqual(['NOT_FOUND']);
    expect(await tableFingerprint(t.database.db, TABLES)).toBe(afterB);
    expect(mid).not.toBe(before);
  });
});

describe('a product page in a country without the permission', () => {
  it('lists no team plan the country does not permit (the same answer for everyone, so it may be cached)', async () => {
    const PRODUCT = '{ shop { catalogue(country: US, languageCode: EN) { product(slug: "team-membership") { variants { sku } } } } }';
    const skus = async () => (await t.gql<{ shop: { catalogue: { product: { variants: Array<{ sku: string }> } } } }>(PRODUCT)).body.data!.shop.catalogue.product.variants.map((v) => v.sku);
    expect(await skus()).toContain('TEAM-ANNUAL-VET');
    await usPermissions(['TEAM_SUBSCRIPTIONS']);
    try {
      expect(await skus()).toEqual(['TEAM-ANNUAL-HUMAN', 'TEAM-ADDITIONAL-HUMAN', 'TEAM-ADDITIONAL-10-HUMAN']);
      await usPermissions([]);
      expect(await skus()).toEqual([]);
    } finally {
      await usPermissions(['TEAM_SUBSCRIPTIONS', 'VET_VARIANTS']);
    }
  });
});
