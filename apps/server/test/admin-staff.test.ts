import { DEMO_USERS, schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptStaffInvitation } from '../src/identity/staff-invitation.ts';
import { adminGql, denied, startStaffApp } from './admin-support.ts';
import type { TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const [individual, admin, member, vet, , , operator, support] = DEMO_USERS;

const INVITE = 'mutation I($email: String!, $role: String!) { staffInvite(email: $email, role: $role, language: "de") { invitation { id email role } errors { field code message } } }';
const REVOKE = 'mutation R($id: String!) { staffInvitationRevoke(id: $id) { errors { code } } }';
const ROLE = 'mutation C($userId: String!, $role: String!) { staffRoleChange(userId: $userId, role: $role) { member { email role } errors { field code message } } }';
const DEACTIVATE = 'mutation D($userId: String!) { staffDeactivate(userId: $userId) { errors { field code message } } }';
const LIST = '{ staffAccounts { id email role } staffInvitations { id email role } }';

type Errors = Array<{ field: string | null; code: string; message: string }>;

let t: TestApp;
let sign: Awaited<ReturnType<typeof startStaffApp>>['sign'];
beforeAll(async () => {
  ({ t, sign } = await startStaffApp([[support!, 'SUPPORT'], [admin!, 'CATALOGUE_MANAGER'], [vet!, 'ORDER_MANAGER']]));
});
afterAll(() => t?.close());

/** Everything a staff change could touch, to show a refused one touched nothing. */
async function snapshot() {
  const db = t.database.db;
  const [roles, invitations, audit, mails] = await Promise.all([
    db.select({ id: schema.users.id, role: schema.users.staffRole }).from(schema.users).orderBy(schema.users.id),
    db.select().from(schema.staffInvitations).orderBy(schema.staffInvitations.id),
    db.select({ n: sql<number>`count(*)::int` }).from(schema.auditLog),
    db.select({ n: sql<number>`count(*)::int` }).from(schema.outbox).where(eq(schema.outbox.topic, 'mail.send')),
  ]);
  return { roles, invitations, audit, mails };
}

describe(`staff management in the console (${DB})`, () => {
  it('refuses every staff mutation and both lists to anyone but an owner, and changes nothing', async () => {
    const before = await snapshot();
    for (const who of [support!, admin!, vet!]) {
      const headers = await sign(who);
      expect(denied(await adminGql(t, INVITE, { email: 'x@example.com', role: 'OWNER' }, headers))).toBe(true);
      expect(denied(await adminGql(t, REVOKE, { id: '00000000-0000-4000-8000-000000000000' }, headers))).toBe(true);
      expect(denied(await adminGql(t, ROLE, { userId: who.id, role: 'OWNER' }, headers))).toBe(true);
      expect(denied(await adminGql(t, DEACTIVATE, { userId: operator!.id }, headers))).toBe(true);
      expect(denied(await adminGql(t, LIST, {}, headers))).toBe(true);
    }
    // A buyer's token, and a store token of the owner, are not the console's.
    expect(denied(await adminGql(t, INVITE, { email: 'x@example.com', role: 'OWNER' }, await sign(individual!)))).toBe(true);
    expect(denied(await adminGql(t, INVITE, { email: 'x@example.com', role: 'OWNER' }, await sign(operator!, 'probe-store')))).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it('an owner invites by e-mail (one-use link in a German e-mail, hashed token), the invitee accepts once and has the role', async () => {
    const owner = await sign(operator!);
    expect((await adminGql<{ staffInvite: { errors: Errors } }>(t, INVITE, { email: 'not an address', role: 'SUPPORT' }, owner)).data!.staffInvite.errors).toMatchObject([{ field: 'email', code: 'INVALID' }]);
    expect((await adminGql<{ staffInvite: { errors: Errors } }>(t, INVITE, { email: 'x@example.com', role: 'ADMIN' }, owner)).data!.staffInvite.errors).toMatchObject([{ field: 'role', code: 'INVALID' }]);
    expect((await adminGql<{ staffInvite: { errors: Errors } }>(t, INVITE, { email: support!.email, role: 'OWNER' }, owner)).data!.staffInvite.errors).toMatchObject([{ field: 'email', code: 'ALREADY_STAFF' }]);

    const first = await adminGql<{ staffInvite: { invitation: { id: string }; errors: Errors } }>(t, INVITE, { email: ' New.Person@Example.com ', role: 'CATALOGUE_MANAGER' }, owner);
    expect(first.data!.staffInvite).toMatchObject({ invitation: { email: 'new.person@example.com', role: 'CATALOGUE_MANAGER' }, errors: [] });
    // Invited again (another role): the first link stops working.
    const second = await adminGql<{ staffInvite: { invitation: { id: string }; errors: Errors } }>(t, INVITE, { email: 'new.person@example.com', role: 'SUPPORT' }, owner);
    const listed = await adminGql<{ staffInvitations: Array<{ id: string; role: string }> }>(t, LIST, {}, owner);
    expect(listed.data!.staffInvitations.filter((i) => i.id === first.data!.staffInvite.invitation.id)).toEqual([]);
    expect(listed.data!.staffInvitations).toContainEqual({ id: second.data!.staffInvite.invitation.id, email: 'new.person@example.com', role: 'SUPPORT' });

    const mails = await t.database.db.select().from(schema.outbox).where(sql`${schema.outbox.topic} = 'mail.send' and ${schema.outbox.payload}->>'to' = 'new.person@example.com'`).orderBy(schema.outbox.id);
    expect(mails).toHaveLength(2);
    const mail = mails[1]!.payload as { subject: string; text: string; locale: string };
    expect(mail).toMatchObject({ locale: 'de', subject: 'operator@demo.probe.store hat Sie in die Konsole von Probe Store eingeladen' });
    expect(mail.text).toContain('als Kundenservice');
    const token = /staff-invitation\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const oldToken = /staff-invitation\?token=([A-Za-z0-9_-]{43})/.exec((mails[0]!.payload as { text: string }).text)![1]!;
    const [row] = await t.database.db.select().from(schema.staffInvitations).where(eq(schema.staffInvitations.id, second.data!.staffInvite.invitation.id));
    expect(row!.tokenHash).not.toContain(token);

    const now = new Date();
    expect(await acceptStaffInvitation(t.database.db, oldToken, 'a long enough passphrase 42', now)).toEqual({ ok: false, reason: 'invalid' });
    expect(await acceptStaffInvitation(t.database.db, token, 'short', now)).toMatchObject({ ok: false, reason: 'password', problem: 'short' });
    expect(await acceptStaffInvitation(t.database.db, token, 'violet kettle orbit 1987 marsh', now)).toEqual({ ok: true, role: 'SUPPORT', email: 'new.person@example.com' });
    expect(await acceptStaffInvitation(t.database.db, token, 'violet kettle orbit 1987 marsh', now)).toEqual({ ok: false, reason: 'invalid' });
    const staff = await adminGql<{ staffAccounts: Array<{ email: string; role: string }> }>(t, LIST, {}, owner);
    expect(staff.data!.staffAccounts).toContainEqual(expect.objectContaining({ email: 'new.person@example.com', role: 'SUPPORT' }));

    const actions = await t.database.db.select().from(schema.auditLog).where(sql`${schema.auditLog.action} like 'staff.%'`).orderBy(schema.auditLog.id);
    expect(actions.map((a) => a.action)).toEqual(['staff.invite', 'staff.invite', 'staff.invitation_accept']);
    expect(actions[1]).toMatchObject({ actorEmail: operator!.email, before: { replaced: [first.data!.staffInvite.invitation.id] } });
  });

  it('an expired or revoked invitation does not work', async () => {
    const owner = await sign(operator!);
    const invited = await adminGql<{ staffInvite: { invitation: { id: string } } }>(t, INVITE, { email: 'later@example.com', role: 'SUPPORT' }, owner);
    const [mail] = await t.database.db.select().from(schema.outbox).where(sql`${schema.outbox.payload}->>'to' = 'later@example.com'`);
    const token = /token=([A-Za-z0-9_-]{43})/.exec((mail!.payload as { text: string }).text)![1]!;
    expect(await acceptStaffInvitation(t.database.db, token, 'violet kettle orbit 1987 marsh', new Date(Date.now() + 8 * 86_400_000))).toEqual({ ok: false, reason: 'invalid' });
    expect((await adminGql<{ staffInvitationRevoke: { errors: Errors } }>(t, REVOKE, { id: invited.data!.staffInvite.invitation.id }, owner)).data!.staffInvitationRevoke.errors).toEqual([]);
    expect(await acceptStaffInvitation(t.database.db, token, 'violet kettle orbit 1987 marsh', new Date())).toEqual({ ok: false, reason: 'invalid' });
  });

  it('changes a role and deactivates; the last owner can be neither demoted nor deactivated; a deactivated member is refused at once', async () => {
    const owner = await sign(operator!);
    const lastOwner = await adminGql<{ staffRoleChange: { errors: Errors } }>(t, ROLE, { userId: operator!.id, role: 'SUPPORT' }, owner);
    expect(lastOwner.data!.staffRoleChange.errors).toMatchObject([{ code: 'LAST_OWNER' }]);
    expect((await adminGql<{ staffDeactivate: { errors: Errors } }>(t, DEACTIVATE, { userId: operator!.id }, owner)).data!.staffDeactivate.errors).toMatchObject([{ code: 'LAST_OWNER' }]);
    expect((await adminGql<{ staffDeactivate: { errors: Errors } }>(t, DEACTIVATE, { userId: member!.id }, owner)).data!.staffDeactivate.errors).toMatchObject([{ code: 'NOT_FOUND' }]);

    const promoted = await adminGql<{ staffRoleChange: { member: { role: string }; errors: Errors } }>(t, ROLE, { userId: vet!.id, role: 'OWNER' }, owner);
    expect(promoted.data!.staffRoleChange).toMatchObject({ member: { email: vet!.email, role: 'OWNER' }, errors: [] });
    // Two owners now: the first may step down, the second then not.
    expect((await adminGql<{ staffRoleChange: { errors: Errors } }>(t, ROLE, { userId: operator!.id, role: 'ORDER_MANAGER' }, owner)).data!.staffRoleChange.errors).toEqual([]);
    const vetToken = await sign(vet!);
    expect((await adminGql<{ staffRoleChange: { errors: Errors } }>(t, ROLE, { userId: vet!.id, role: 'SUPPORT' }, vetToken)).data!.staffRoleChange.errors).toMatchObject([{ code: 'LAST_OWNER' }]);
    expect((await adminGql<{ staffRoleChange: { errors: Errors } }>(t, ROLE, { userId: operator!.id, role: 'OWNER' }, vetToken)).data!.staffRoleChange.errors).toEqual([]);

    const supportToken = await sign(support!);
    expect((await adminGql<{ me: { role: string } }>(t, '{ me { role } }', {}, supportToken)).data!.me.role).toBe('SUPPORT');
    expect((await adminGql<{ staffDeactivate: { errors: Errors } }>(t, DEACTIVATE, { userId: support!.id }, owner)).data!.staffDeactivate.errors).toEqual([]);
    expect(denied(await adminGql(t, '{ me { role } }', {}, supportToken))).toBe(true);
    const [after] = await t.database.db.select({ role: schema.users.staffRole }).from(schema.users).where(eq(schema.users.id, support!.id));
    expect(after!.role).toBeNull();

    const entries = await t.database.db.select().from(schema.auditLog).where(sql`${schema.auditLog.action} in ('staff.role', 'staff.deactivate')`).orderBy(schema.auditLog.id);
    expect(entries.map((e) => [e.action, e.subject, e.before, e.after])).toEqual([
      ['staff.role', `user:${vet!.id}`, { staffRole: 'ORDER_MANAGER' }, { staffRole: 'OWNER' }],
      ['staff.role', `user:${operator!.id}`, { staffRole: 'OWNER' }, { staffRole: 'ORDER_MANAGER' }],
      ['staff.role', `user:${operator!.id}`, { staffRole: 'ORDER_MANAGER' }, { staffRole: 'OWNER' }],
      ['staff.deactivate', `user:${support!.id}`, { staffRole: 'SUPPORT', email: support!.email }, { staffRole: null, sessionsEnded: 0 }],
    ]);
  });
});
