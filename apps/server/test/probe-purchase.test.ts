import { DEMO_USERS, schema } from '@probe/db';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { tableFingerprint } from './table-fingerprint.ts';

/**
 * Spec §6 personal probes on the server: a signed-in buyer's probe line they may not buy is refused
 * (NO_PERMISSIONS) and nothing is written. Demo data: member@ may not buy probes for Lakeside Clinic,
 * student@ may not buy an IQ+.
 */
const [, admin, member, , student] = DEMO_USERS;
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const LAKESIDE = '5e0c2b9a-3f4d-4c1e-8b6a-000000000002';
const SAM_STUDENT = '5e0c2b9a-3f4d-4c1e-8b6a-000000000004';
const IQ3 = 'IQ3-USBC-HUMAN';
const IQ_PLUS = 'IQPLUS-LIGHTNING-HUMAN';
const CABLE = 'ACC-USBC-1M';

let t: TestApp;
let key: CryptoKey;
const auth: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  key = pair.privateKey;
  t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
  for (const u of [admin, member, student]) {
    const token = await new SignJWT({ email: u.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(u.id).setIssuedAt().setExpirationTime('5m').sign(key);
    auth[u.email] = { authorization: `JWT ${token}` };
  }
});
afterAll(() => t?.close());

async function membershipOf(userId: string, organizationId: string): Promise<string> {
  const rows = await t.database.db.select().from(schema.organizationMemberships);
  return gid('OrganizationMembership', rows.find((m) => m.userId === userId && m.organizationId === organizationId)!.id);
}

/** A fingerprint of every row a purchase could write. */
function purchaseState(): Promise<string> {
  return tableFingerprint(t.database.db, ['checkouts', 'checkout_lines', 'users', 'organization_memberships']);
}

type Payload = { checkout: { token: string; version: number; lines: Array<{ variant: { sku: string } }> } | null; errors: Array<{ code: string; field: string | null; message: string }> };
const CREATE = `mutation CheckoutCreateWithOrganization($lines: [CheckoutLineInput!]!, $m: ID) {
  checkoutCreate(input: { country: US, lines: $lines, organizationMembershipId: $m }) { checkout { token version lines { variant { sku } } } errors { code field message } } }`;
const ADD = `mutation CheckoutLinesAdd($token: String!, $lines: [CheckoutLineInput!]!) {
  checkoutLinesAdd(token: $token, lines: $lines) { checkout { token version lines { variant { sku } } } errors { code field message } } }`;

const create = async (who: string, skus: string[], m: string | null) =>
  (await t.gql<{ checkoutCreate: Payload }>(CREATE, { lines: skus.map((sku) => ({ sku, quantity: 1 })), m }, auth[who])).body.data!.checkoutCreate;

describe('personal probes on the server', () => {
  it('refuses a member whose organization leaves probes to its admins, for either model, and writes nothing', async () => {
    const m = await membershipOf(member.id, LAKESIDE);
    for (const sku of [IQ3, IQ_PLUS]) {
      const before = await purchaseState();
      const refused = await create(member.email, [CABLE, sku], m);
      expect(refused.checkout).toBeNull();
      expect(refused.errors).toEqual([{ code: 'NO_PERMISSIONS', field: 'lines', message: expect.stringContaining('bought by its admins') }]);
      expect(await purchaseState()).toBe(before);
    }
  });

  it('refuses a probe added to the member\'s organization checkout, leaving the checkout as it was', async () => {
    const m = await membershipOf(member.id, LAKESIDE);
    const created = await create(member.email, [CABLE], m);
    expect(created.errors).toEqual([]);
    const before = await purchaseState();
    const added = (await t.gql<{ checkoutLinesAdd: Payload }>(ADD, { token: created.checkout!.token, lines: [{ sku: IQ3, quantity: 1 }] }, auth[member.email])).body.data!.checkoutLinesAdd;
    expect(added.errors).toEqual([{ code: 'NO_PERMISSIONS', field: 'lines', message: expect.stringContaining(IQ3) }]);
    expect(added.checkout!.lines.map((l) => l.variant.sku)).toEqual([CABLE]);
    expect(added.checkout!.version).toBe(created.checkout!.version);
    expect(await purchaseState()).toBe(before);
  });

  it("lets the admin buy a probe for the organization, and the member once an admin allows it", async () => {
    expect((await create(admin.email, [IQ3], await membershipOf(admin.id, LAKESIDE))).errors).toEqual([]);
    const m = await membershipOf(member.id, LAKESIDE);
    const allow = await t.gql<{ organizationMembershipUpdate: { errors: unknown[] } }>(
      `mutation E($id: ID!) { organizationMembershipUpdate(id: $id, input: { canPurchasePersonalProbe: true }) { errors { code } } }`, { id: m }, auth[admin.email]);
    expect(allow.body.data!.organizationMembershipUpdate.errors).toEqual([]);
    try {
      expect((await create(member.email, [IQ3], m)).errors).toEqual([]);
    } finally {
      await t.gql(`mutation E($id: ID!) { organizationMembershipUpdate(id: $id, input: { canPurchasePersonalProbe: false }) { errors { code } } }`, { id: m }, auth[admin.email]);
    }
  });

  it('refuses a model the user may not buy, personal or for their organization (even as its admin), and allows the other', async () => {
    const own = await membershipOf(student.id, SAM_STUDENT);
    for (const m of [null, own]) {
      const before = await purchaseState();
      const refused = await create(student.email, [IQ_PLUS], m);
      expect(refused.checkout).toBeNull();
      expect(refused.errors).toEqual([{ code: 'NO_PERMISSIONS', field: 'lines', message: expect.stringContaining('not available to your account') }]);
      expect(await purchaseState()).toBe(before);
    }
    const allowed = await create(student.email, [IQ3], null);
    expect(allowed.errors).toEqual([]);
    const added = (await t.gql<{ checkoutLinesAdd: Payload }>(ADD, { token: allowed.checkout!.token, lines: [{ sku: IQ_PLUS, quantity: 1 }] }, auth[student.email])).body.data!.checkoutLinesAdd;
    expect(added.errors.map((e) => e.code)).toEqual(['NO_PERMISSIONS']);
    expect(added.checkout!.lines.map((l) => l.variant.sku)).toEqual([IQ3]);
  });

  it('an anonymous buyer is not held back', async () => {
    const res = await t.gql<{ checkoutCreate: Payload }>(`mutation { checkoutCreate(input: { country: US, lines: [{ sku: "${IQ_PLUS}", quantity: 1 }] }) { checkout { token } errors { code } } }`);
    expect(res.body.data!.checkoutCreate.errors).toEqual([]);
  });
});
