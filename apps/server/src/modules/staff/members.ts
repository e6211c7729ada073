import { createHash, randomBytes } from 'node:crypto';
import { schema, type Database } from '@probe/db';
import { isUrlLanguage, type UrlLanguage } from '@probe/domain';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { renderLinkMail, mailLocale } from '../../mail/link-mail.ts';
import { MAIL_TOPIC } from '../../mail/message.ts';
import { audit, type Actor } from './audit.ts';
import { messages, type MessageKey } from './i18n/catalogues.ts';
import { isStaffRole, type StaffRole } from './permissions.ts';

const { users, staffInvitations: invitations, identityOidcPayloads: payloads, outbox } = schema;

/** A staff invitation's link works this long. */
export const STAFF_INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
/** The path of the invitation's page (the built-in provider's, where accounts and passwords live). */
export const STAFF_INVITATION_PATH = '/oidc/account/staff-invitation';

export type StaffErrorCode = 'INVALID' | 'ALREADY_STAFF' | 'LAST_OWNER' | 'NOT_FOUND';
export interface StaffError { field: string | null; code: StaffErrorCode; message: string }
export type StaffMember = { id: string; email: string; name: string | null; role: StaffRole };
export type StaffInvitation = typeof invitations.$inferSelect;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
const Email = z.string().trim().toLowerCase().max(254).email();
const ROLE_KEY: Record<StaffRole, MessageKey> = { OWNER: 'roleOwner', CATALOGUE_MANAGER: 'roleCatalogueManager', ORDER_MANAGER: 'roleOrderManager', SUPPORT: 'roleSupport' };

/** The role's name in a store language (the e-mail and the invitation page). */
export function roleName(role: StaffRole, language: UrlLanguage): string {
  return messages.format(language, ROLE_KEY[role]);
}

export const hashStaffToken = (token: string) => createHash('sha256').update(token).digest('hex');

class Refusal extends Error {
  constructor(readonly error: StaffError) {
    super(error.message);
  }
}

async function run<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<{ value: T | null; errors: StaffError[] }> {
  try {
    return { value: await db.transaction(work), errors: [] };
  } catch (error) {
    if (error instanceof Refusal) return { value: null, errors: [error.error] };
    throw error;
  }
}

/** Members of staff (accounts with a role), by e-mail. */
export function staffMembers(db: Pick<Database, 'select'>): Promise<StaffMember[]> {
  return db.select({ id: users.id, email: users.email, name: users.name, role: users.staffRole }).from(users)
    .where(sql`${users.staffRole} is not null`).orderBy(asc(users.email)) as Promise<StaffMember[]>;
}

/** Invitations still waiting for an answer (not expired), newest first. */
export function pendingStaffInvitations(db: Pick<Database, 'select'>, now: Date): Promise<StaffInvitation[]> {
  return db.select().from(invitations).where(and(eq(invitations.status, 'PENDING'), gt(invitations.expiresAt, now))).orderBy(desc(invitations.createdAt));
}

/**
 * The staff member, locked, and every owner, locked too: a change that would leave the store without an
 * owner is refused, and two owners demoting each other at once are taken one after the other.
 */
async function lockMember(tx: Tx, userId: string): Promise<{ member: StaffMember; owners: number }> {
  const owners = await tx.select({ id: users.id }).from(users).where(eq(users.staffRole, 'OWNER')).orderBy(asc(users.id)).for('update');
  const [member] = await tx.select({ id: users.id, email: users.email, name: users.name, role: users.staffRole }).from(users).where(eq(users.id, userId)).for('update');
  if (!member || !isStaffRole(member.role)) throw new Refusal({ field: 'userId', code: 'NOT_FOUND', message: 'No member of staff has this id.' });
  return { member: member as StaffMember, owners: owners.length };
}

const lastOwner = (): Refusal => new Refusal({ field: 'userId', code: 'LAST_OWNER', message: 'The store\'s last owner cannot be demoted or deactivated: make someone else an owner first.' });

/**
 * Invites someone to the console by e-mail, to a role: a one-use link (only its SHA-256 is kept), valid
 * STAFF_INVITATION_TTL_MS, e-mailed through the outbox in the same transaction as the row and its audit
 * entry. A pending invitation to the same address is replaced (its link stops working). A member of staff
 * is not invited again: their role is changed instead.
 */
export async function inviteStaff(
  db: Database, actor: Actor, input: { email: string; role: string; language: string },
  options: { now: Date; publicUrl: string },
): Promise<{ invitation: StaffInvitation | null; errors: StaffError[] }> {
  const email = Email.safeParse(input.email);
  if (!email.success) return { invitation: null, errors: [{ field: 'email', code: 'INVALID', message: 'Enter an e-mail address like name@example.com.' }] };
  if (!isStaffRole(input.role)) return { invitation: null, errors: [{ field: 'role', code: 'INVALID', message: 'Choose a role.' }] };
  const role = input.role;
  const language: UrlLanguage = isUrlLanguage(input.language) ? input.language : 'en';
  const { value, errors } = await run(db, async (tx) => {
    const [existing] = await tx.select({ role: users.staffRole }).from(users).where(sql`lower(${users.email}) = ${email.data}`).limit(1);
    if (existing && isStaffRole(existing.role)) throw new Refusal({ field: 'email', code: 'ALREADY_STAFF', message: 'This person is already a member of staff: change their role instead.' });
    const replaced = await tx.update(invitations).set({ status: 'REVOKED', answeredAt: options.now })
      .where(and(eq(invitations.email, email.data), eq(invitations.status, 'PENDING'))).returning({ id: invitations.id });
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(options.now.getTime() + STAFF_INVITATION_TTL_MS);
    const [row] = await tx.insert(invitations).values({ email: email.data, role, tokenHash: hashStaffToken(token), invitedBy: actor.id, expiresAt, createdAt: options.now }).returning();
    const url = `${options.publicUrl}${STAFF_INVITATION_PATH}?${new URLSearchParams({ token, lang: language })}`;
    await tx.insert(outbox).values({ topic: MAIL_TOPIC, payload: { to: email.data, locale: language, ...renderStaffInvitation({ language, inviter: actor.email, role, url, expiresAt }) } });
    await audit(tx, actor, 'staff.invite', `staff-invitation:${row!.id}`, replaced.length ? { replaced: replaced.map((r) => r.id) } : null, { email: email.data, role, expiresAt: expiresAt.toISOString() });
    return row!;
  });
  return { invitation: value, errors };
}

/** Withdraws a pending invitation: its link stops working. */
export async function revokeStaffInvitation(db: Database, actor: Actor, id: string, now: Date): Promise<{ errors: StaffError[] }> {
  const { errors } = await run(db, async (tx) => {
    const [row] = await tx.update(invitations).set({ status: 'REVOKED', answeredAt: now })
      .where(and(eq(invitations.id, id), eq(invitations.status, 'PENDING'))).returning();
    if (!row) throw new Refusal({ field: 'id', code: 'NOT_FOUND', message: 'No pending invitation has this id.' });
    await audit(tx, actor, 'staff.invitation_revoke', `staff-invitation:${id}`, { status: 'PENDING', email: row.email, role: row.role }, { status: 'REVOKED' });
  });
  return { errors };
}

/** Gives a member of staff another role; the last owner keeps theirs. */
export async function changeStaffRole(db: Database, actor: Actor, userId: string, role: string): Promise<{ member: StaffMember | null; errors: StaffError[] }> {
  if (!isStaffRole(role)) return { member: null, errors: [{ field: 'role', code: 'INVALID', message: 'Choose a role.' }] };
  const { value, errors } = await run(db, async (tx) => {
    const { member, owners } = await lockMember(tx, userId);
    if (member.role === role) return member;
    if (member.role === 'OWNER' && owners <= 1) throw lastOwner();
    await tx.update(users).set({ staffRole: role, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await audit(tx, actor, 'staff.role', `user:${userId}`, { staffRole: member.role }, { staffRole: role });
    return { ...member, role };
  });
  return { member: value, errors };
}

/**
 * Ends a member of staff's access: the role is taken away (the console's API refuses them at once) and
 * every sign-in session of the account ends (its tokens are refused within seconds, auth/tokens.ts). The
 * account stays, as a buyer's. The last owner cannot be deactivated.
 */
export async function deactivateStaff(db: Database, actor: Actor, userId: string): Promise<{ errors: StaffError[] }> {
  const { errors } = await run(db, async (tx) => {
    const { member, owners } = await lockMember(tx, userId);
    if (member.role === 'OWNER' && owners <= 1) throw lastOwner();
    await tx.update(users).set({ staffRole: null, updatedAt: sql`now()` }).where(eq(users.id, userId));
    // The built-in provider's sessions of the account (identity/sessions.ts reads the same rows).
    const ended = await tx.delete(payloads).where(and(eq(payloads.model, 'Session'), sql`${payloads.payload}->>'accountId' = ${userId}`)).returning({ id: payloads.id });
    await audit(tx, actor, 'staff.deactivate', `user:${userId}`, { staffRole: member.role, email: member.email }, { staffRole: null, sessionsEnded: ended.length });
  });
  return { errors };
}

/** The invitation e-mail: who invites, to which role, the one-use link and until when it works. */
export function renderStaffInvitation(mail: { language: UrlLanguage; inviter: string; role: StaffRole; url: string; expiresAt: Date }) {
  const values = {
    inviter: mail.inviter,
    role: roleName(mail.role, mail.language),
    date: new Intl.DateTimeFormat(mailLocale(mail.language), { dateStyle: 'long', timeZone: 'UTC' }).format(mail.expiresAt),
  };
  const t = (key: MessageKey) => messages.format(mail.language, key, values);
  return renderLinkMail({
    language: mail.language, subject: t('inviteSubject'), greeting: t('inviteGreeting'), body: t('inviteBody'),
    link: { label: t('inviteAccept'), url: mail.url }, notes: [t('inviteExpiry'), t('inviteIgnore')], signoff: t('signoff'),
  });
}
