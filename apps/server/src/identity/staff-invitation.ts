import { schema, type Database } from '@probe/db';
import { and, eq, gt, sql } from 'drizzle-orm';
import { audit, hashStaffToken, isStaffRole, type StaffRole } from '../modules/staff/index.ts';
import { hashPassword } from './passwords.ts';
import { passwordProblem, type PasswordProblem } from './password-policy.ts';
import { findUserByEmail, insertUser, PASSWORD_MAX, PASSWORD_MIN } from './users.ts';

const { staffInvitations: invitations, users } = schema;

/** What the invitation's link opens: whose it is, to which role, and whether the address has an account already. */
export interface StaffInvitationView { email: string; role: StaffRole; hasAccount: boolean }

/** The pending, unexpired invitation a link's token names; null for any other token. */
export async function staffInvitationFor(db: Database, token: string, now: Date): Promise<StaffInvitationView | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db.select().from(invitations)
    .where(and(eq(invitations.tokenHash, hashStaffToken(token)), eq(invitations.status, 'PENDING'), gt(invitations.expiresAt, now))).limit(1);
  if (!row || !isStaffRole(row.role)) return null;
  return { email: row.email, role: row.role, hasAccount: Boolean(await findUserByEmail(db, row.email)) };
}

export type AcceptResult =
  | { ok: true; role: StaffRole; email: string }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'password'; problem: 'required' | 'short' | 'long' | PasswordProblem };

/**
 * Accepts a staff invitation, once: the address's account gets the role (an account is made, confirmed,
 * with the password chosen here when the address has none). The invitation row is locked, so a second
 * use (a double click, a mail scanner) finds it answered. Recorded in the audit log as the invitee's act.
 */
export async function acceptStaffInvitation(db: Database, token: string, password: string, now: Date): Promise<AcceptResult> {
  const found = await staffInvitationFor(db, token, now);
  if (!found) return { ok: false, reason: 'invalid' };
  let passwordHash: string | null = null;
  if (!found.hasAccount) {
    if (!password) return { ok: false, reason: 'password', problem: 'required' };
    if ([...password].length < PASSWORD_MIN) return { ok: false, reason: 'password', problem: 'short' };
    if (password.length > PASSWORD_MAX) return { ok: false, reason: 'password', problem: 'long' };
    const problem = passwordProblem(password, { email: found.email, name: found.email.split('@')[0]! });
    if (problem) return { ok: false, reason: 'password', problem };
    passwordHash = await hashPassword(password);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(invitations)
      .where(and(eq(invitations.tokenHash, hashStaffToken(token)), eq(invitations.status, 'PENDING'), gt(invitations.expiresAt, now))).for('update');
    if (!row || !isStaffRole(row.role)) return { ok: false, reason: 'invalid' } as const;
    let account = await findUserByEmail(tx, row.email);
    if (!account) {
      if (!passwordHash) return { ok: false, reason: 'invalid' } as const;
      account = await insertUser(tx, { email: row.email, name: row.email.split('@')[0]!, passwordHash, locale: 'en', emailVerifiedAt: now });
      if (!account) return { ok: false, reason: 'invalid' } as const;
    } else if (!account.emailVerifiedAt) {
      // The link came to this address: it is confirmed.
      await tx.update(schema.identityUsers).set({ emailVerifiedAt: now }).where(eq(schema.identityUsers.id, account.id));
    }
    const [before] = await tx.select({ staffRole: users.staffRole }).from(users).where(eq(users.id, account.id));
    await tx.insert(users).values({ id: account.id, email: row.email, name: account.name, staffRole: row.role })
      .onConflictDoUpdate({ target: users.id, set: { staffRole: row.role, updatedAt: sql`now()` } });
    await tx.update(invitations).set({ status: 'ACCEPTED', acceptedUserId: account.id, answeredAt: now }).where(eq(invitations.id, row.id));
    await audit(tx, { id: account.id, email: row.email }, 'staff.invitation_accept', `user:${account.id}`, { staffRole: before?.staffRole ?? null }, { staffRole: row.role, invitation: row.id });
    return { ok: true, role: row.role, email: row.email } as const;
  });
}
