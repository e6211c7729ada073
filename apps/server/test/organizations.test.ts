import { schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, DE_ADDRESS, PLACE, readyCheckout, US_ADDRESS, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { tableFingerprint } from './table-fingerprint.ts';

let t: TestApp;
let key: CryptoKey;
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const TABLES = ['organizations', 'organization_memberships', 'subscriptions', 'organization_invitations'];

async function signIn(sub: string, email: string): Promise<Record<string, string>> {
  const jwt = await new SignJWT({ email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(sub).setIssuedAt().setExpirationTime('5m').sign(key);
  return { authorization: `JWT ${jwt}` };
}

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  key = pair.privateKey;
  t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
});
afterAll(() => t?.close());

const CREATE = `mutation C($input: OrganizationCreateInput!) { organizationCreate(input: $input) {
  membership { id isOrganizationAdmin organization { id name slug country market vatNumber planType maxSeats availableSeats } } errors { code field } } }`;
type CreateAnswer = { organizationCreate: { membership: { id: string; isOrganizationAdmin: boolean; organization: Record<string, unknown> & { id: string } } | null; errors: Array<{ code: string; field: string | null }> } };

const clinic = (over: Record<string, unknown> = {}) => ({ name: 'Harbour Clinic', market: 'HUMAN', country: 'US', billingAddress: { ...US_ADDRESS, companyName: 'Harbour Clinic' }, ...over });

describe('a signed-in user creates an organization', () => {
  it('is its admin and only member; the slug comes from the name and stays unique', async () => {
    const me = await signIn('org-founder-1', 'founder1@example.test');
    const first = await t.gql<CreateAnswer>(CREATE, { input: clinic() }, me);
    expect(first.body.data!.organizationCreate.errors).toEqual([]);
    const membership = first.body.data!.organizationCreate.membership!;
    expect(membership.isOrganizationAdmin).toBe(true);
    expect(membership.organization).toMatchObject({ name: 'Harbour Clinic', slug: 'harbour-clinic', country: 'US', market: 'HUMAN', vatNumber: null, planType: 'NONE', maxSeats: 1, availableSeats: 0 });
    const second = await t.gql<CreateAnswer>(CREATE, { input: clinic() }, me);
    expect(second.body.data!.organizationCreate.membership!.organization.slug).toMatch(/^harbour-clinic-[0-9a-f]{6}$/);
    const mine = await t.gql<{ me: { organizationMemberships: Array<{ organization: { name: string } }> } }>('{ me { organizationMemberships { organization { name } } } }', undefined, me);
    expect(mine.body.data!.me.organizationMemberships).toHaveLength(2);
  });

  it('keeps a veterinary practice\'s market and a valid VAT number of its own country, normalized', async () => {
    const me = await signIn('org-founder-2', 'founder2@example.test');
    const res = await t.gql<CreateAnswer>(CREATE, { input: clinic({ name: 'Tierarztpraxis Süd', market: 'VETERINARY', country: 'DE', billingAddress: DE_ADDRESS, vatNumber: 'de 123.456.789' }) }, me);
    expect(res.body.data!.organizationCreate.errors).toEqual([]);
    expect(res.body.data!.organizationCreate.membership!.organization).toMatchObject({ slug: 'tierarztpraxis-sud', market: 'VETERINARY', country: 'DE', vatNumber: 'DE123456789' });
  });

  it('refuses a bad name, address or VAT number field by field, and writes nothing', async () => {
    const me = await signIn('org-founder-3', 'founder3@example.test');
    const before = await tableFingerprint(t.database.db, TABLES);
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ name: '   ' }, ['name']],
      [{ name: 'x'.repeat(121) }, ['name']],
      [{ billingAddress: { ...US_ADDRESS, postalCode: 'ABC' } }, ['billingAddress.postalCode']],
      [{ billingAddress: { ...US_ADDRESS, city: '' } }, ['billingAddress.city']],
      // A VAT number where the country has none, one of another member state, and one of the wrong shape.
      [{ vatNumber: 'DE123456789' }, ['vatNumber']],
      [{ country: 'DE', billingAddress: DE_ADDRESS, vatNumber: 'FR12345678901' }, ['vatNumber']],
      [{ country: 'DE', billingAddress: DE_ADDRESS, vatNumber: 'DE12345' }, ['vatNumber']],
    ];
    for (const [over, fields] of cases) {
      const res = await t.gql<CreateAnswer>(CREATE, { input: clinic(over) }, me);
      expect(res.body.data!.organizationCreate.membership, JSON.stringify(over)).toBeNull();
      expect(res.body.data!.organizationCreate.errors.map((e) => e.field), JSON.stringify(over)).toEqual(fields);
    }
    expect(await tableFingerprint(t.database.db, TABLES)).toBe(before);
  });

  it('is refused to an anonymous caller (PermissionDenied) and bounded per user', async () => {
    const res = await t.gql(CREATE, { input: clinic() });
    expect(res.body.errors?.[0]?.extensions?.exception?.code).toBe('PermissionDenied');
    const me = await signIn('org-founder-4', 'founder4@example.test');
    for (let i = 0; i < 20; i++) expect((await t.gql<CreateAnswer>(CREATE, { input: clinic({ name: `Branch ${i}` }) }, me)).body.data!.organizationCreate.errors).toEqual([]);
    const over = await t.gql<CreateAnswer>(CREATE, { input: clinic({ name: 'Branch 21' }) }, me);
    expect(over.body.data!.organizationCreate.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
  });
});

describe('a clinic plan bought for the new organization', () => {
  const SET_ORG = `mutation S($token: String!, $m: ID) { checkoutOrganizationUpdate(token: $token, organizationMembershipId: $m) { checkout { token } errors { code field } } }`;

  it('is refused without an organization, and once the checkout is for the new one starts its subscription with the seats bought', async () => {
    const me = await signIn('clinic-buyer-1', 'clinicbuyer@example.test');
    const lines = [{ sku: 'CLINIC-ANNUAL-HUMAN', quantity: 5 }];
    // Bought as the user alone: the order is refused (nothing charged), the checkout stays open.
    const ready = await readyCheckout(t, { country: 'US', lines, signedIn: { headers: me, organizationMembershipId: null as unknown as string } });
    const orders = async () => (await t.database.db.select({ id: schema.orders.id }).from(schema.orders)).length;
    const ordersBefore = await orders();
    const refused = await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `o-${ready.token}`, total: ready.total, card: CARD_OK }, me);
    expect(refused.body.data!.checkoutPlaceOrder.errors).toEqual([expect.objectContaining({ code: 'REQUIRED', field: 'organizationMembershipId' })]);
    expect(await orders()).toBe(ordersBefore);

    // The organization modal: the buyer creates the clinic, and the checkout is for it.
    const created = await t.gql<CreateAnswer>(CREATE, { input: clinic({ name: 'Bayview Clinic' }) }, me);
    const membership = created.body.data!.organizationCreate.membership!;
    const set = await t.gql<{ checkoutOrganizationUpdate: { errors: unknown[] } }>(SET_ORG, { token: ready.token, m: membership.id }, me);
    expect(set.body.data!.checkoutOrganizationUpdate.errors).toEqual([]);
    // The buyer had typed a billing address already: it stays theirs (an empty one would be the clinic's).
    const [row] = await t.database.db.select().from(schema.checkouts).where(eq(schema.checkouts.token, ready.token));
    expect(row!.billingAddress).toMatchObject({ streetAddress1: US_ADDRESS.streetAddress1, companyName: '' });
    const again = await readyCheckout(t, { country: 'US', lines, signedIn: { headers: me, organizationMembershipId: membership.id } });
    const placed = await t.gql<PlaceAnswer>(PLACE, { token: again.token, key: `o-${again.token}`, total: again.total, card: CARD_OK }, me);
    expect(placed.body.data!.checkoutPlaceOrder.errors).toEqual([]);

    const orgId = Buffer.from(membership.organization.id, 'base64').toString().split(':')[1]!;
    const [subscription] = await t.database.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.organizationId, orgId));
    expect(subscription).toMatchObject({ planType: 'CLINIC', status: 'ACTIVE', term: 'ANNUAL', seats: 5 });
    const read = await t.gql<{ organizationMembership: { organization: Record<string, unknown> } }>(
      'query($id: ID!) { organizationMembership(id: $id) { organization { planType maxSeats availableSeats subscriptionStatus } } }', { id: membership.id }, me);
    expect(read.body.data!.organizationMembership.organization).toEqual({ planType: 'CLINIC', maxSeats: 5, availableSeats: 4, subscriptionStatus: 'ACTIVE' });
  });

  it('fills an empty billing address and VAT number from the organization it is for', async () => {
    const me = await signIn('clinic-buyer-3', 'berlin@example.test');
    const created = await t.gql<CreateAnswer>(CREATE, { input: clinic({ name: 'Praxis Mitte', country: 'DE', billingAddress: { ...DE_ADDRESS, companyName: 'Praxis Mitte GmbH' }, vatNumber: 'DE123456789' }) }, me);
    const membership = created.body.data!.organizationCreate.membership!;
    const open = await t.gql<{ checkoutCreate: { checkout: { token: string } } }>('mutation { checkoutCreate(input: { country: DE, lines: [{ sku: "CLINIC-ANNUAL-HUMAN", quantity: 2 }] }) { checkout { token } errors { code } } }', undefined, me);
    const token = open.body.data!.checkoutCreate.checkout.token;
    expect((await t.gql<{ checkoutOrganizationUpdate: { errors: unknown[] } }>(SET_ORG, { token, m: membership.id }, me)).body.data!.checkoutOrganizationUpdate.errors).toEqual([]);
    const [row] = await t.database.db.select().from(schema.checkouts).where(eq(schema.checkouts.token, token));
    expect(row).toMatchObject({ vatNumber: 'DE123456789', billingAddress: { companyName: 'Praxis Mitte GmbH', city: DE_ADDRESS.city, country: 'DE' } });
  });

  it('refuses another user\'s membership for one\'s checkout, and changes nothing', async () => {
    const owner = await signIn('clinic-owner-2', 'owner2@example.test');
    const other = await signIn('clinic-other-2', 'other2@example.test');
    const created = await t.gql<CreateAnswer>(CREATE, { input: clinic({ name: 'Owner Clinic' }) }, owner);
    const ready = await readyCheckout(t, { country: 'US', lines: [{ sku: 'CLINIC-ANNUAL-HUMAN', quantity: 5 }], signedIn: { headers: other, organizationMembershipId: null as unknown as string } });
    const before = await tableFingerprint(t.database.db, [...TABLES, 'checkouts']);
    const res = await t.gql<{ checkoutOrganizationUpdate: { checkout: unknown; errors: Array<{ code: string }> } }>(SET_ORG, { token: ready.token, m: created.body.data!.organizationCreate.membership!.id }, other);
    expect(res.body.data!.checkoutOrganizationUpdate).toEqual({ checkout: null, errors: [{ code: 'NO_PERMISSIONS', field: 'organizationMembershipId' }] });
    expect(await tableFingerprint(t.database.db, [...TABLES, 'checkouts'])).toBe(before);
    void gid;
  });
});
