import { schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { US_ADDRESS } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { tableFingerprint } from './table-fingerprint.ts';

let t: TestApp;
let key: CryptoKey;
let clock = Date.now();
const DAY = 86_400_000;
const TABLES = ['organizations', 'organization_memberships', 'organization_invitations', 'outbox', 'subscriptions'];

async function signIn(sub: string, email: string): Promise<Record<string, string>> {
  const jwt = await new SignJWT({ email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(sub).setIssuedAt().setExpirationTime('1h').sign(key);
  return { authorization: `JWT ${jwt}` };
}

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  key = pair.privateKey;
  t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey), PUBLIC_URL: 'https://store.test' }, now: () => new Date(clock) });
});
afterAll(() => t?.close());

const fingerprint = () => tableFingerprint(t.database.db, TABLES);
const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[1]!;

interface Org { id: string; orgId: string; membershipId: string; admin: Record<string, string> }
let orgs = 0;

/** An organization founded through the API by a new user, with a plan of `seats` seats (as a purchase leaves it). */
async function organizationWithSeats(seats: number, country = 'US'): Promise<Org> {
  const n = ++orgs;
  const admin = await signIn(`inv-admin-${n}`, `admin${n}@clinic.test`);
  await t.gql(`mutation { accountUpdate(input: { name: "Dr Admin ${n}" }) { errors { code } } }`, undefined, admin);
  const res = await t.gql<{ organizationCreate: { membership: { id: string; organization: { id: string } } } }>(
    'mutation C($input: OrganizationCreateInput!) { organizationCreate(input: $input) { membership { id organization { id } } errors { code field } } }',
    { input: { name: `Clinic ${n}`, market: 'HUMAN', country, billingAddress: US_ADDRESS } }, admin);
  const membership = res.body.data!.organizationCreate.membership;
  const orgId = uuidOf(membership.organization.id);
  const now = new Date(clock);
  await t.database.db.insert(schema.subscriptions).values({
    organizationId: orgId, planType: 'CLINIC', status: 'ACTIVE', term: 'ANNUAL', periodStart: now, periodEnd: new Date(clock + 365 * DAY), billingAnchor: now,
    autoRenew: true, seats, devices: seats, maxCloudUsers: seats, currentPrice: 48_000 * seats, currency: 'usd', language: 'en',
  });
  return { id: membership.organization.id, orgId, membershipId: membership.id, admin };
}

const INVITE = `mutation I($org: ID!, $email: String!, $lang: LanguageCodeEnum) { organizationInvitationCreate(organizationId: $org, email: $email, languageCode: $lang) {
  invitation { id email status expiresAt } errors { code field } } }`;
type InviteAnswer = { organizationInvitationCreate: { invitation: { id: string; email: string; status: string } | null; errors: Array<{ code: string; field: string | null }> } };
const ACCEPT = 'mutation A($token: String!) { organizationInvitationAccept(token: $token) { membership { id isOrganizationAdmin canPurchasePersonalProbe organization { name availableSeats } } errors { code } } }';
type AcceptAnswer = { organizationInvitationAccept: { membership: { id: string; isOrganizationAdmin: boolean; organization: { name: string; availableSeats: number } } | null; errors: Array<{ code: string }> } };
const DECLINE = 'mutation D($token: String!) { organizationInvitationDecline(token: $token) { errors { code } } }';
const RESEND = 'mutation R($id: ID!) { organizationInvitationResend(id: $id) { invitation { id status } errors { code } } }';
const REVOKE = 'mutation V($id: ID!) { organizationInvitationRevoke(id: $id) { invitation { id status } errors { code } } }';
const REMOVE = 'mutation X($id: ID!) { organizationMembershipDelete(id: $id) { removedMembershipId errors { code } } }';
const ORG = `query O($id: ID!) { organizationMembership(id: $id) { organization { availableSeats members { membershipId email isOrganizationAdmin } invitations { id email status } } } }`;
type OrgAnswer = { organizationMembership: { organization: { availableSeats: number; members: Array<{ membershipId: string; email: string; isOrganizationAdmin: boolean }>; invitations: Array<{ id: string; email: string; status: string }> } } };

async function invite(org: Org, email: string, lang = 'EN') {
  return (await t.gql<InviteAnswer>(INVITE, { org: org.id, email, lang }, org.admin)).body.data!.organizationInvitationCreate;
}

/** The newest invitation e-mail to `to`: its subject, body, language and the token its link carries. */
async function lastMail(to: string) {
  const rows = await t.database.db.select({ payload: schema.outbox.payload }).from(schema.outbox)
    .where(sql`${schema.outbox.topic} = 'mail.send' and ${schema.outbox.payload}->>'to' = ${to}`).orderBy(schema.outbox.id);
  const mail = rows.at(-1)?.payload as { subject: string; text: string; html: string; locale: string } | undefined;
  const token = mail?.text.match(/\/account\/invitation\/([A-Za-z0-9_-]{43})\//)?.[1] ?? null;
  return { mail, token, count: rows.length };
}

const state = (org: Org) => t.gql<OrgAnswer>(ORG, { id: org.membershipId }, org.admin).then((r) => r.body.data!.organizationMembership.organization);

describe('inviting a member', () => {
  it('e-mails a one-use link in the inviter\'s language; only its hash is stored; accepting makes a membership using a seat', async () => {
    const org = await organizationWithSeats(3, 'DE');
    const sent = await invite(org, ' Kollegin@Example.TEST ', 'DE');
    expect(sent.errors).toEqual([]);
    expect(sent.invitation).toMatchObject({ email: 'kollegin@example.test', status: 'PENDING' });
    const { mail, token } = await lastMail('kollegin@example.test');
    expect(mail!.locale).toBe('de');
    expect(mail!.subject).toBe('Dr Admin 1 hat Sie zu Clinic 1 bei Probe Store eingeladen');
    expect(mail!.text).toContain(`https://store.test/de/de/account/invitation/${token}/`);
    const [row] = await t.database.db.select().from(schema.organizationInvitations).where(eq(schema.organizationInvitations.id, uuidOf(sent.invitation!.id)));
    expect(JSON.stringify(row)).not.toContain(token!);
    expect(row!.expiresAt.getTime() - clock).toBe(14 * DAY);

    const preview = await t.gql<{ organizationInvitation: Record<string, unknown> }>('query P($token: String!) { organizationInvitation(token: $token) { organizationName inviter email status } }', { token });
    expect(preview.body.data!.organizationInvitation).toEqual({ organizationName: 'Clinic 1', inviter: 'Dr Admin 1', email: 'kollegin@example.test', status: 'PENDING' });

    const invitee = await signIn('inv-colleague-1', 'kollegin@example.test');
    const accepted = (await t.gql<AcceptAnswer>(ACCEPT, { token }, invitee)).body.data!.organizationInvitationAccept;
    expect(accepted.errors).toEqual([]);
    expect(accepted.membership).toMatchObject({ isOrganizationAdmin: false, canPurchasePersonalProbe: true, organization: { name: 'Clinic 1', availableSeats: 1 } });
    const after = await state(org);
    expect(after.members.map((m) => m.email)).toContain('kollegin@example.test');
    expect(after.invitations).toEqual([expect.objectContaining({ email: 'kollegin@example.test', status: 'ACCEPTED' })]);

    // The link is used up: a second accept (or a decline) changes nothing.
    const before = await fingerprint();
    expect((await t.gql<AcceptAnswer>(ACCEPT, { token }, invitee)).body.data!.organizationInvitationAccept.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    expect((await t.gql<{ organizationInvitationDecline: { errors: Array<{ code: string }> } }>(DECLINE, { token })).body.data!.organizationInvitationDecline.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    expect(await fingerprint()).toBe(before);
  });

  it('is accepted only by the invited address, signed in, and never twice by a member', async () => {
    const org = await organizationWithSeats(5);
    await invite(org, 'right@example.test');
    const { token } = await lastMail('right@example.test');
    const before = await fingerprint();
    const wrong = await signIn('inv-wrong-2', 'wrong@example.test');
    expect((await t.gql<AcceptAnswer>(ACCEPT, { token }, wrong)).body.data!.organizationInvitationAccept.errors.map((e) => e.code)).toEqual(['NO_PERMISSIONS']);
    expect((await t.gql(ACCEPT, { token })).body.errors?.[0]?.extensions?.exception?.code).toBe('PermissionDenied');
    expect((await t.gql<AcceptAnswer>(ACCEPT, { token: 'x'.repeat(43) }, wrong)).body.data!.organizationInvitationAccept.errors.map((e) => e.code)).toEqual(['NOT_FOUND']);
    expect(await fingerprint()).toBe(before);
    // Inviting someone already in the organization is refused.
    expect((await invite(org, `admin${orgs}@clinic.test`)).errors.map((e) => e.code)).toEqual(['ALREADY_MEMBER']);
    expect((await invite(org, 'right@example.test')).errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    expect((await invite(org, 'not an address')).errors.map((e) => e.code)).toEqual(['INVALID']);
    expect(await fingerprint()).toBe(before);
  });

  it('never promises more seats than the plan has: pending invitations hold theirs, revoking or declining frees it', async () => {
    const org = await organizationWithSeats(3);
    expect((await invite(org, 'a@example.test')).errors).toEqual([]);
    const b = await invite(org, 'b@example.test');
    expect(b.errors).toEqual([]);
    const before = await fingerprint();
    expect((await invite(org, 'c@example.test')).errors.map((e) => e.code)).toEqual(['NO_SEATS_AVAILABLE']);
    expect(await fingerprint()).toBe(before);
    // b declines from the e-mail, without an account: the seat is free for c.
    const { token: bToken } = await lastMail('b@example.test');
    expect((await t.gql<{ organizationInvitationDecline: { errors: unknown[] } }>(DECLINE, { token: bToken })).body.data!.organizationInvitationDecline.errors).toEqual([]);
    const c = await invite(org, 'c@example.test');
    expect(c.errors).toEqual([]);
    // Revoking c: its link stops working, its seat is free again.
    const { token: cToken } = await lastMail('c@example.test');
    expect((await t.gql<{ organizationInvitationRevoke: { invitation: { status: string } } }>(REVOKE, { id: c.invitation!.id }, org.admin)).body.data!.organizationInvitationRevoke.invitation.status).toBe('REVOKED');
    const cUser = await signIn('inv-c-3', 'c@example.test');
    expect((await t.gql<AcceptAnswer>(ACCEPT, { token: cToken }, cUser)).body.data!.organizationInvitationAccept.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    expect((await invite(org, 'd@example.test')).errors).toEqual([]);
    expect((await state(org)).invitations.map((i) => `${i.email}:${i.status}`).sort()).toEqual(['a@example.test:PENDING', 'b@example.test:DECLINED', 'c@example.test:REVOKED', 'd@example.test:PENDING']);
  });

  it('expires after 14 days; sending it again gives a new link and the old one stops working', async () => {
    const org = await organizationWithSeats(2);
    const sent = await invite(org, 'late@example.test');
    const { token: first } = await lastMail('late@example.test');
    // Sent again at once: refused (an inbox is not flooded).
    expect((await t.gql<{ organizationInvitationResend: { errors: Array<{ code: string }> } }>(RESEND, { id: sent.invitation!.id }, org.admin)).body.data!.organizationInvitationResend.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    clock += 15 * DAY;
    try {
      const late = await signIn('inv-late-4', 'late@example.test');
      expect((await state(org)).invitations[0]!.status).toBe('EXPIRED');
      expect((await t.gql<AcceptAnswer>(ACCEPT, { token: first }, late)).body.data!.organizationInvitationAccept.errors.map((e) => e.code)).toEqual(['EXPIRED']);
      const resent = await t.gql<{ organizationInvitationResend: { invitation: { status: string }; errors: unknown[] } }>(RESEND, { id: sent.invitation!.id }, org.admin);
      expect(resent.body.data!.organizationInvitationResend).toMatchObject({ errors: [], invitation: { status: 'PENDING' } });
      const { token: second, count } = await lastMail('late@example.test');
      expect(count).toBe(2);
      expect(second).not.toBe(first);
      expect((await t.gql<AcceptAnswer>(ACCEPT, { token: first }, late)).body.data!.organizationInvitationAccept.errors.map((e) => e.code)).toEqual(['NOT_FOUND']);
      expect((await t.gql<AcceptAnswer>(ACCEPT, { token: second }, late)).body.data!.organizationInvitationAccept.errors).toEqual([]);
    } finally {
      clock -= 15 * DAY;
    }
  });
});

describe('members leaving and removed', () => {
  it('removing a member frees the seat; a member may leave but not remove others; the last admin can neither leave nor be removed', async () => {
    const org = await organizationWithSeats(2);
    await invite(org, 'member@example.test');
    const member = await signIn('inv-member-5', 'member@example.test');
    const joined = (await t.gql<AcceptAnswer>(ACCEPT, { token: (await lastMail('member@example.test')).token }, member)).body.data!.organizationInvitationAccept.membership!;
    expect((await invite(org, 'another@example.test')).errors.map((e) => e.code)).toEqual(['NO_SEATS_AVAILABLE']);

    const before = await fingerprint();
    // The member cannot remove the admin, nor can the admin leave as the last one.
    expect((await t.gql<{ organizationMembershipDelete: { errors: Array<{ code: string }> } }>(REMOVE, { id: org.membershipId }, member)).body.data!.organizationMembershipDelete.errors.map((e) => e.code)).toEqual(['NO_PERMISSIONS']);
    expect((await t.gql<{ organizationMembershipDelete: { errors: Array<{ code: string }> } }>(REMOVE, { id: org.membershipId }, org.admin)).body.data!.organizationMembershipDelete.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    // …nor be demoted by the last admin.
    const demote = await t.gql<{ organizationMembershipUpdate: { errors: Array<{ code: string }> } }>('mutation U($id: ID!) { organizationMembershipUpdate(id: $id, input: { isOrganizationAdmin: false }) { errors { code } } }', { id: org.membershipId }, org.admin);
    expect(demote.body.data!.organizationMembershipUpdate.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    expect(await fingerprint()).toBe(before);

    // The admin sets the member's rights, then removes them: the seat is free for someone else.
    const rights = await t.gql<{ organizationMembershipUpdate: { membership: { canPurchasePersonalProbe: boolean } } }>('mutation U($id: ID!) { organizationMembershipUpdate(id: $id, input: { canPurchasePersonalProbe: false }) { membership { canPurchasePersonalProbe } errors { code } } }', { id: joined.id }, org.admin);
    expect(rights.body.data!.organizationMembershipUpdate.membership.canPurchasePersonalProbe).toBe(false);
    const removed = await t.gql<{ organizationMembershipDelete: { removedMembershipId: string; errors: unknown[] } }>(REMOVE, { id: joined.id }, org.admin);
    expect(removed.body.data!.organizationMembershipDelete).toEqual({ removedMembershipId: joined.id, errors: [] });
    expect((await state(org)).availableSeats).toBe(1);
    expect((await invite(org, 'another@example.test')).errors).toEqual([]);

    // A member may leave on their own.
    const another = await signIn('inv-another-5', 'another@example.test');
    const second = (await t.gql<AcceptAnswer>(ACCEPT, { token: (await lastMail('another@example.test')).token }, another)).body.data!.organizationInvitationAccept.membership!;
    expect((await t.gql<{ organizationMembershipDelete: { errors: unknown[] } }>(REMOVE, { id: second.id }, another)).body.data!.organizationMembershipDelete.errors).toEqual([]);
    expect((await state(org)).members.map((m) => m.email)).toEqual([`admin${orgs}@clinic.test`]);
  });
});

describe('another organization\'s invitations', () => {
  it('are out of reach of another organization\'s admin and of a member who is not an admin; nothing changes', async () => {
    const a = await organizationWithSeats(4);
    const b = await organizationWithSeats(4);
    const pending = await invite(a, 'target@example.test');
    await invite(a, 'plain@example.test');
    const plain = await signIn('inv-plain-6', 'plain@example.test');
    const plainMembership = (await t.gql<AcceptAnswer>(ACCEPT, { token: (await lastMail('plain@example.test')).token }, plain)).body.data!.organizationInvitationAccept.membership!;
    const before = await fingerprint();

    for (const [who, expected] of [[b.admin, 'NOT_FOUND'], [plain, 'NO_PERMISSIONS']] as const) {
      expect((await t.gql<InviteAnswer>(INVITE, { org: a.id, email: 'intruder@example.test' }, who)).body.data!.organizationInvitationCreate.errors.map((e) => e.code)).toEqual([expected]);
      expect((await t.gql<{ organizationInvitationResend: { invitation: unknown; errors: Array<{ code: string }> } }>(RESEND, { id: pending.invitation!.id }, who)).body.data!.organizationInvitationResend)
        .toEqual({ invitation: null, errors: [{ code: expected }] });
      expect((await t.gql<{ organizationInvitationRevoke: { invitation: unknown; errors: Array<{ code: string }> } }>(REVOKE, { id: pending.invitation!.id }, who)).body.data!.organizationInvitationRevoke)
        .toEqual({ invitation: null, errors: [{ code: expected }] });
    }
    // B's admin cannot remove A's member; A's plain member cannot read A's invitations.
    expect((await t.gql<{ organizationMembershipDelete: { errors: Array<{ code: string }> } }>(REMOVE, { id: plainMembership.id }, b.admin)).body.data!.organizationMembershipDelete.errors.map((e) => e.code)).toEqual(['NOT_FOUND']);
    const read = await t.gql('query O($id: ID!) { organizationMembership(id: $id) { organization { invitations { email } } } }', { id: plainMembership.id }, plain);
    expect(read.body.errors?.[0]?.extensions?.exception?.code).toBe('PermissionDenied');
    expect(JSON.stringify(read.body)).not.toContain('target@example.test');
    expect(await fingerprint()).toBe(before);
  });
});

describe('the last seat', () => {
  it('goes to one of several invitees accepting at once; the others are told no seat is left', async () => {
    const org = await organizationWithSeats(7);
    const people = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    for (const p of people) expect((await invite(org, `${p}@example.test`)).errors).toEqual([]);
    // The plan lost seats since (a returned payment): six invitations, one seat left.
    await t.database.db.update(schema.subscriptions).set({ seats: 2 }).where(eq(schema.subscriptions.organizationId, org.orgId));
    const accepts = await Promise.all(people.map(async (p) => ({ who: await signIn(`inv-${p}-7`, `${p}@example.test`), token: (await lastMail(`${p}@example.test`)).token })));
    const answers = await Promise.all(accepts.map((a) => t.gql<AcceptAnswer>(ACCEPT, { token: a.token }, a.who)));
    const codes = answers.map((a) => a.body.data!.organizationInvitationAccept.errors.map((e) => e.code).join()).sort();
    expect(codes).toEqual(['', ...Array(5).fill('NO_SEATS_AVAILABLE')]);
    const members = await t.database.db.select().from(schema.organizationMemberships).where(eq(schema.organizationMemberships.organizationId, org.orgId));
    expect(members).toHaveLength(2);
  });
});
