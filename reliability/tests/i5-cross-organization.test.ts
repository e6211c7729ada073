import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USERS, schema } from '@probe/db';
import { and, eq } from 'drizzle-orm';
import { buildSchema, getNamedType, isInputObjectType, type GraphQLArgument, type GraphQLField, type GraphQLInputObjectType } from 'graphql';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { tableFingerprint } from '../../apps/server/test/table-fingerprint.ts';
import { recordScenario } from '../support/report.ts';
import { allTables } from '../support/store.ts';

const [, admin, member, vet] = DEMO_USERS;
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
/** The target: the demo clinic (admin@ its admin, member@ a member). The attacker's own: the demo vet hospital (vet@ its admin). */
const LAKESIDE_ID = '5e0c2b9a-3f4d-4c1e-8b6a-000000000002';
const NORDVET_ID = '5e0c2b9a-3f4d-4c1e-8b6a-000000000003';
const LAKESIDE = gid('Organization', LAKESIDE_ID);
const NORDVET = gid('Organization', NORDVET_ID);

/**
 * Who aims at the clinic's objects: an admin of another organization (with the clinic's ids, and with
 * their own organization's id beside the clinic's object ids), a plain member of the clinic where the
 * operation needs an admin or is about someone else's membership, and an anonymous caller.
 */
type Role = 'otherAdmin' | 'otherAdminOwnOrg' | 'member' | 'anonymous';

/** What the test knows of the target (read from the database or made by the clinic's admin before the matrix). */
interface Target {
  adminMembership: string;
  memberMembership: string;
  methodId: string;
  setupId: string;
  paymentToken: string;
  /** A pending invitation of the clinic's, made by its admin. */
  invitationId: string;
  /** The clinic admin's open checkout for the clinic. */
  checkoutToken: string;
}

interface Row {
  /** `Query.x`, `Mutation.x` or `User.x`: the schema field the line checks. */
  op: string;
  /** Which roles are aimed (a member only where an admin is needed or the object is another member's). */
  roles: Role[];
  document: string;
  variables: (t: Target, role: Role) => Record<string, unknown>;
  /** Where the answer is: the top-level field, then (for a payload) the key that would carry the data. */
  path: string[];
}

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
const METHOD = '... on CreditCard { id lastDigits paymentToken } ... on SEPADirectDebit { id lastDigits } ... on BankAccount { id lastDigits }';
const SUBSCRIPTION = 'subscription { __typename planType seats } errors { code }';
const orgOf = (role: Role) => (role === 'otherAdminOwnOrg' ? NORDVET : LAKESIDE);
const ADMIN_ONLY: Role[] = ['otherAdmin', 'member', 'anonymous'];
const ADMIN_ONLY_WITH_ID: Role[] = ['otherAdmin', 'otherAdminOwnOrg', 'member', 'anonymous'];

/** Every organization-scoped storefront operation, and how it is aimed at the clinic. */
const MATRIX: Row[] = [
  { op: 'Query.organizationAdmins', roles: ['otherAdmin', 'anonymous'], path: ['organizationAdmins'],
    document: 'query($org: ID!) { organizationAdmins(organizationId: $org) { email name } }', variables: () => ({ org: LAKESIDE }) },
  { op: 'Query.organizationMembership', roles: ['otherAdmin', 'member', 'anonymous'], path: ['organizationMembership'],
    document: `query($id: ID!) { organizationMembership(id: $id) { id isOrganizationAdmin organization { name } availableReusablePaymentMethods { ${METHOD} } } }`,
    variables: (t) => ({ id: t.adminMembership }) },
  { op: 'Query.subscriptionChangePreview', roles: ADMIN_ONLY, path: ['subscriptionChangePreview', 'quote'],
    document: 'query($org: ID!) { subscriptionChangePreview(organizationId: $org, input: { plan: CLINIC, seats: 12 }) { quote { __typename } errors { code } } }', variables: () => ({ org: LAKESIDE }) },
  { op: 'Query.subscriptionRenewalPreview', roles: ADMIN_ONLY, path: ['subscriptionRenewalPreview', 'quote'],
    document: 'query($org: ID!) { subscriptionRenewalPreview(organizationId: $org) { quote { __typename } errors { code } } }', variables: () => ({ org: LAKESIDE }) },
  { op: 'User.checkout', roles: ['otherAdmin', 'member', 'anonymous'], path: ['me', 'checkout'],
    document: 'query($m: ID) { me { checkout(organizationMembershipId: $m) { token email lines { quantity } } } }', variables: (t) => ({ m: t.adminMembership }) },
  { op: 'Mutation.checkoutCreate', roles: ['otherAdmin', 'member', 'anonymous'], path: ['checkoutCreate', 'checkout'],
    document: 'mutation($m: ID) { checkoutCreate(input: { country: US, lines: [{ sku: "ACC-USBC-1M", quantity: 1 }], organizationMembershipId: $m }) { checkout { token } errors { code } } }',
    variables: (t) => ({ m: t.adminMembership }) },
  { op: 'Mutation.organizationMembershipUpdate', roles: ['otherAdmin', 'member', 'anonymous'], path: ['organizationMembershipUpdate', 'membership'],
    // The member making themselves an admin; the other organization's admin doing it for them.
    document: 'mutation($id: ID!) { organizationMembershipUpdate(id: $id, input: { isOrganizationAdmin: true, canPurchasePersonalProbe: true }) { membership { id isOrganizationAdmin } errors { code } } }',
    variables: (t) => ({ id: t.memberMembership }) },
  { op: 'Mutation.organizationInvitationCreate', roles: ADMIN_ONLY, path: ['organizationInvitationCreate', 'invitation'],
    document: 'mutation($org: ID!) { organizationInvitationCreate(organizationId: $org, email: "intruder@example.test") { invitation { id email } errors { code } } }', variables: () => ({ org: LAKESIDE }) },
  { op: 'Mutation.organizationInvitationResend', roles: ADMIN_ONLY, path: ['organizationInvitationResend', 'invitation'],
    document: 'mutation($id: ID!) { organizationInvitationResend(id: $id) { invitation { id email } errors { code } } }', variables: (t) => ({ id: t.invitationId }) },
  { op: 'Mutation.organizationInvitationRevoke', roles: ADMIN_ONLY, path: ['organizationInvitationRevoke', 'invitation'],
    document: 'mutation($id: ID!) { organizationInvitationRevoke(id: $id) { invitation { id email } errors { code } } }', variables: (t) => ({ id: t.invitationId }) },
  { op: 'Mutation.organizationMembershipDelete', roles: ['otherAdmin', 'member', 'anonymous'], path: ['organizationMembershipDelete', 'removedMembershipId'],
    // Another organization's admin removing the clinic's member; the member removing the clinic's admin.
    document: 'mutation($id: ID!) { organizationMembershipDelete(id: $id) { removedMembershipId errors { code } } }',
    variables: (t, role) => ({ id: role === 'member' ? t.adminMembership : t.memberMembership }) },
  { op: 'Mutation.checkoutOrganizationUpdate', roles: ['otherAdmin', 'member', 'anonymous'], path: ['checkoutOrganizationUpdate', 'checkout'],
    // Pointing a checkout at the clinic admin's membership, to buy as (and see) the clinic.
    document: 'mutation($m: ID) { checkoutOrganizationUpdate(token: "00000000-0000-4000-8000-000000000000", organizationMembershipId: $m) { checkout { token } errors { code } } }',
    variables: (t) => ({ m: t.adminMembership }) },
  // The clinic admin's own checkout for the clinic, paid with the clinic's saved card (issue 34): by anyone else, not found.
  { op: 'Mutation.checkoutBeforePlaceOrder', roles: ['otherAdmin', 'member', 'anonymous'], path: ['checkoutBeforePlaceOrder', 'checkout'],
    document: 'mutation($t: String!, $id: ID!) { checkoutBeforePlaceOrder(token: $t, paymentMethod: CREDIT_CARD, attestations: ["TERMS_AND_CONDITIONS"], savedPaymentMethodId: $id) { checkout { token } errors { code } } }',
    variables: (t) => ({ t: t.checkoutToken, id: t.methodId }) },
  { op: 'Mutation.checkoutPlaceOrder', roles: ['otherAdmin', 'member', 'anonymous'], path: ['checkoutPlaceOrder', 'order'],
    document: 'mutation($t: String!, $id: ID!) { checkoutPlaceOrder(token: $t, idempotencyKey: "i5-place", savedPaymentMethodId: $id) { order { number } errors { code } } }',
    variables: (t) => ({ t: t.checkoutToken, id: t.methodId }) },
  { op: 'Mutation.paymentMethodSetupStart', roles: ADMIN_ONLY, path: ['paymentMethodSetupStart'],
    document: 'mutation($org: ID!) { paymentMethodSetupStart(organizationId: $org, kind: CREDIT_CARD) { setupId clientSecret } }', variables: () => ({ org: LAKESIDE }) },
  { op: 'Mutation.paymentMethodCreate', roles: ADMIN_ONLY_WITH_ID, path: ['paymentMethodCreate', 'paymentMethod'],
    // With a setup the clinic's admin started (its id seen over a shoulder).
    document: `mutation($org: ID!, $input: PaymentMethodCreateInput!) { paymentMethodCreate(organizationId: $org, input: $input) { paymentMethod { ${METHOD} } errors { code } } }`,
    variables: (t, role) => ({ org: orgOf(role), input: { setupId: t.setupId, kind: 'CREDIT_CARD', card: CARD, makePrimary: true } }) },
  { op: 'Mutation.paymentMethodDelete', roles: ADMIN_ONLY_WITH_ID, path: ['paymentMethodDelete', 'paymentMethod'],
    document: `mutation($org: ID!, $id: ID!) { paymentMethodDelete(organizationId: $org, id: $id) { paymentMethod { ${METHOD} } errors { code } } }`,
    variables: (t, role) => ({ org: orgOf(role), id: t.methodId }) },
  { op: 'Mutation.paymentMethodSetAsPrimary', roles: ADMIN_ONLY_WITH_ID, path: ['paymentMethodSetAsPrimary', 'paymentMethod'],
    document: `mutation($org: ID!, $id: ID!) { paymentMethodSetAsPrimary(organizationId: $org, id: $id) { paymentMethod { ${METHOD} } errors { code } } }`,
    variables: (t, role) => ({ org: orgOf(role), id: t.methodId }) },
  { op: 'Mutation.paymentMethodUpdate', roles: ADMIN_ONLY_WITH_ID, path: ['paymentMethodUpdate', 'paymentMethod'],
    document: `mutation($org: ID!, $id: ID!) { paymentMethodUpdate(organizationId: $org, id: $id, name: "stolen") { paymentMethod { ${METHOD} } errors { code } } }`,
    variables: (t, role) => ({ org: orgOf(role), id: t.methodId }) },
  { op: 'Mutation.subscriptionAutoRenewalSet', roles: ADMIN_ONLY, path: ['subscriptionAutoRenewalSet', 'subscription'],
    document: `mutation($org: ID!) { subscriptionAutoRenewalSet(organizationId: $org, on: false) { ${SUBSCRIPTION} } }`, variables: () => ({ org: LAKESIDE }) },
  { op: 'Mutation.subscriptionChange', roles: ADMIN_ONLY, path: ['subscriptionChange', 'subscription'],
    document: `mutation($org: ID!, $key: String!) { subscriptionChange(organizationId: $org, idempotencyKey: $key, input: { plan: CLINIC, seats: 20 }) { charged { fractionalAmount } ${SUBSCRIPTION} } }`,
    variables: (_t, role) => ({ org: LAKESIDE, key: `i5-change-${role}` }) },
  { op: 'Mutation.subscriptionRenewal', roles: ADMIN_ONLY, path: ['subscriptionRenewal', 'subscription'],
    document: `mutation($org: ID!, $key: String!) { subscriptionRenewal(organizationId: $org, idempotencyKey: $key) { charged { fractionalAmount } ${SUBSCRIPTION} } }`,
    variables: (_t, role) => ({ org: LAKESIDE, key: `i5-renewal-${role}` }) },
  { op: 'Mutation.subscriptionScheduleAdd', roles: ADMIN_ONLY, path: ['subscriptionScheduleAdd', 'subscription'],
    document: `mutation($org: ID!) { subscriptionScheduleAdd(organizationId: $org, plan: TEAM) { ${SUBSCRIPTION} } }`, variables: () => ({ org: LAKESIDE }) },
  { op: 'Mutation.subscriptionScheduleRemove', roles: ADMIN_ONLY, path: ['subscriptionScheduleRemove', 'subscription'],
    document: `mutation($org: ID!) { subscriptionScheduleRemove(organizationId: $org) { ${SUBSCRIPTION} } }`, variables: () => ({ org: LAKESIDE }) },
];

/**
 * Operations keyed by an id that are not organization-scoped: a checkout line's id is reached only through
 * its checkout's token, which is the buyer's own access key (as an order's or an invoice's token is).
 */
const NOT_ORGANIZATION_SCOPED: Record<string, string> = {
  'Mutation.checkoutLineDelete': 'lineId within a checkout reached by its token',
  'Mutation.checkoutLineUpdate': 'lineId within a checkout reached by its token',
  'Mutation.checkoutLinesAdd': 'variantId: a catalogue item, public',
};

const SCOPED_ARG = /^(organizationId|organizationMembershipId|membershipId|subscriptionId|seatId|invoiceId|orderId|paymentMethodId)$/;

/** Every storefront field (Query, Mutation, User) taking an id: an ID argument, an organization-ish argument, or an input with one. */
function idTakingOperations(): string[] {
  const sdl = readFileSync(join(import.meta.dirname, '..', '..', 'apps', 'server', 'schema.graphql'), 'utf8');
  const s = buildSchema(sdl);
  const inputHasId = (type: GraphQLInputObjectType, seen = new Set<string>()): boolean => {
    if (seen.has(type.name)) return false;
    seen.add(type.name);
    return Object.values(type.getFields()).some((f) => {
      const named = getNamedType(f.type);
      return SCOPED_ARG.test(f.name) || named.name === 'ID' || (isInputObjectType(named) && inputHasId(named, seen));
    });
  };
  const takesId = (a: GraphQLArgument) => {
    const named = getNamedType(a.type);
    return SCOPED_ARG.test(a.name) || named.name === 'ID' || (isInputObjectType(named) && inputHasId(named));
  };
  const out: string[] = [];
  for (const typeName of ['Query', 'Mutation', 'User']) {
    const type = s.getType(typeName) as { getFields(): Record<string, GraphQLField<unknown, unknown>> };
    for (const field of Object.values(type.getFields())) if (field.args.some(takesId)) out.push(`${typeName}.${field.name}`);
  }
  return out.sort();
}

/** Text that only the clinic's data holds: any of it in an answer to an outsider is a leak. */
function markers(t: Target): string[] {
  return ['Lakeside', 'lakeside-clinic', admin.email, member.email, t.paymentToken, t.methodId, '4600', 'i5-invitee@example.test'];
}

function dig(value: unknown, path: string[]): unknown {
  let v = value;
  for (const key of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : null;
  return v ?? null;
}

describe('I5 cross-organization access, every operation × role (PostgreSQL)', () => {
  let app: TestApp;
  const auth: Record<string, string> = {};
  beforeAll(async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    app = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
    for (const u of [admin, member, vet]) {
      auth[u.email] = await new SignJWT({ email: u.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store')
        .setSubject(u.id).setIssuedAt().setExpirationTime('10m').sign(pair.privateKey);
    }
  });
  afterAll(() => app?.close());

  const headers = (role: Role | 'admin'): Record<string, string> => {
    const who = role === 'admin' ? admin : role === 'member' ? member : role === 'anonymous' ? null : vet;
    return who ? { authorization: `JWT ${auth[who.email]}` } : {};
  };

  it('the matrix names every organization-scoped operation of the schema', () => {
    const inMatrix = new Set(MATRIX.map((r) => r.op));
    const missing = idTakingOperations().filter((op) => !inMatrix.has(op) && !(op in NOT_ORGANIZATION_SCOPED));
    expect(missing, 'an operation taking an organization-scoped id needs a line in MATRIX').toEqual([]);
  });

  it('an admin of another organization, a member where an admin is needed and an anonymous caller are refused everywhere, see none of the clinic\'s data and change nothing', async () => {
    const db = app.database.db;
    const memberships = await db.select({ id: schema.organizationMemberships.id, userId: schema.organizationMemberships.userId }).from(schema.organizationMemberships)
      .where(eq(schema.organizationMemberships.organizationId, LAKESIDE_ID));
    const [method] = await db.select().from(schema.savedPaymentMethods).where(and(eq(schema.savedPaymentMethods.organizationId, LAKESIDE_ID), eq(schema.savedPaymentMethods.isPrimary, true)));
    // The clinic's admin has an open checkout for the clinic and has started a card setup: both things an outsider might aim at.
    const adminMembership = gid('OrganizationMembership', memberships.find((m) => m.userId === admin.id)!.id);
    const own = await app.gql<{ checkoutCreate: { checkout: { token: string } | null } }>(MATRIX.find((r) => r.op === 'Mutation.checkoutCreate')!.document, { m: adminMembership }, headers('admin'));
    expect(own.body.data?.checkoutCreate.checkout?.token).toBeTruthy();
    const setup = await app.gql<{ paymentMethodSetupStart: { setupId: string } }>(MATRIX.find((r) => r.op === 'Mutation.paymentMethodSetupStart')!.document, { org: LAKESIDE }, headers('admin'));
    const invited = await app.gql<{ organizationInvitationCreate: { invitation: { id: string } } }>(MATRIX.find((r) => r.op === 'Mutation.organizationInvitationCreate')!.document.replace('intruder@', 'i5-invitee@'), { org: LAKESIDE }, headers('admin'));
    const target: Target = {
      invitationId: invited.body.data!.organizationInvitationCreate.invitation.id,
      adminMembership,
      memberMembership: gid('OrganizationMembership', memberships.find((m) => m.userId === member.id)!.id),
      methodId: method!.id, paymentToken: method!.paymentToken, setupId: setup.body.data!.paymentMethodSetupStart.setupId,
      checkoutToken: own.body.data!.checkoutCreate.checkout!.token,
    };
    // The control: the clinic's own admin reads what the markers look for.
    const control = await app.gql(MATRIX[1]!.document, { id: target.adminMembership }, headers('admin'));
    expect(control.body.errors).toBeUndefined();
    for (const m of ['Lakeside', target.paymentToken]) expect(JSON.stringify(control.body)).toContain(m);

    const tables = await allTables(app);
    let fingerprint = await tableFingerprint(db, tables);
    const leaks: string[] = [];
    const refusals = new Map<string, number>();
    let cells = 0;
    for (const row of MATRIX) {
      for (const role of row.roles) {
        cells++;
        const res = await app.gql(row.document, row.variables(target, role), headers(role));
        const body = res.body as { data?: Record<string, unknown> | null; errors?: Array<{ extensions?: { exception?: { code?: string } } }> };
        const text = JSON.stringify(body);
        const answer = dig(body.data, row.path);
        const payloadErrors = row.path.length > 1 ? (dig(body.data, [row.path[0]!, 'errors']) as unknown[] | null) : null;
        const topCodes = (body.errors ?? []).map((e) => e.extensions?.exception?.code ?? '?');
        // A document the schema refuses would prove nothing: that is the test's mistake, not a refusal.
        expect(topCodes, `${row.op} as ${role}`).not.toContain('GRAPHQL_VALIDATION_FAILED');
        const deniedTop = topCodes.some((c) => c === 'PermissionDenied' || c === 'Unauthenticated');
        const codes = deniedTop ? topCodes : (payloadErrors ?? []).map((e) => (e as { code: string }).code);
        // me.checkout answers null (no such checkout of yours) rather than an error; anonymous, me itself is null.
        const nullAnswer = row.op === 'User.checkout' && topCodes.length === 0;
        const refused = answer === null && (deniedTop || codes.length > 0 || nullAnswer);
        const how = nullAnswer ? 'null' : codes.join('+') || 'none';
        refusals.set(how, (refusals.get(how) ?? 0) + 1);
        // An error's errorId is a random uuid: the marker 4600 (an amount) once matched inside one.
        const data = text.replace(/"errorId":"[0-9a-f-]{36}"/g, '');
        const shown = markers(target).filter((m) => data.includes(m));
        if (!refused || shown.length > 0 || res.status >= 500) leaks.push(`${row.op} as ${role}: ${res.status} ${text.slice(0, 300)}`);
      }
      const after = await tableFingerprint(db, tables);
      if (after !== fingerprint) leaks.push(`${row.op}: the database changed`);
      fingerprint = after;
    }
    const roles = new Set(MATRIX.flatMap((r) => r.roles)).size;
    recordScenario({
      id: 'I5',
      done: `${MATRIX.length} organization-scoped operations (every one the schema has; the test fails on a new one without a line) × up to ${roles} roles aimed at the demo clinic: another organization's admin (with the clinic's ids, and with their own organization's id beside the clinic's object ids), a member where an admin is needed, anonymous; every table fingerprinted after each operation`,
      figure: `${cells} operation × role cells checked, ${leaks.length} leaks; refusals: ${[...refusals].map(([how, n]) => `${how} ${n}`).join(', ')}; none of the clinic's data in any answer, every table unchanged`,
      pass: leaks.length === 0,
    });
    expect(leaks).toEqual([]);
  });
});
