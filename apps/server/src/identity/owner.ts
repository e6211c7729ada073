import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { schema, type Database } from '@probe/db';
import { audit } from '../modules/staff/index.ts';
import { issueLinkToken, LINK_TTL_MS } from './email-links.ts';
import { hashPassword } from './passwords.ts';
import { passwordProblem } from './password-policy.ts';
import { findUserByEmail, insertUser, isValidEmail, normalizeEmail } from './users.ts';

const { identityUsers, users } = schema;

export interface OwnerInput {
  email: string;
  /** Shown in the console; the e-mail's local part when not given. */
  name?: string | undefined;
  /** The password, checked like any new one; without it, a one-use link to choose it is made. */
  password?: string | undefined;
}

export interface OwnerResult {
  userId: string;
  /** A new account (otherwise an existing one was made owner). */
  created: boolean;
  /** The one-use link that sets the password (when none was given), and until when it works. */
  setPasswordUrl: string | null;
  expiresAt: Date | null;
}

/**
 * Makes a store owner (console role OWNER) of an account of the built-in provider, creating the account
 * when there is none: how a deployment without demo data gets its first operator (`npm run
 * staff:create-owner`). The address counts as confirmed (whoever runs this vouches for it). Without a
 * password, the account's current password is kept (a new account gets none that anyone knows) and a
 * one-use reset link, valid one hour, is returned. Recorded in the audit log.
 */
export async function createOwner(db: Database, issuer: string, input: OwnerInput, now = new Date()): Promise<OwnerResult> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw new Error(`not an e-mail address: ${input.email}`);
  const existing = await findUserByEmail(db, email);
  const name = input.name?.trim() || existing?.name || email.split('@')[0]!;
  if (input.password !== undefined) {
    const problem = passwordProblem(input.password, { email, name });
    if (problem) throw new Error(`password refused (${problem === 'short' ? 'shorter than 10 characters' : problem === 'long' ? 'longer than 200 characters' : problem === 'personal' ? 'built on the e-mail address or name' : 'too easy to guess'})`);
  }
  const passwordHash = await hashPassword(input.password ?? randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    let account = existing;
    if (account) {
      await tx
        .update(identityUsers)
        .set({
          emailVerifiedAt: sql`coalesce(${identityUsers.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          ...(input.password !== undefined ? { passwordHash, passwordChangedAt: now } : {}),
        })
        .where(eq(identityUsers.id, account.id));
    } else {
      account = await insertUser(tx, { email, name, passwordHash, locale: 'en', emailVerifiedAt: now });
      if (!account) throw new Error(`an account for ${email} was made meanwhile: run the command again`);
    }
    const [before] = await tx.select({ staffRole: users.staffRole }).from(users).where(eq(users.id, account.id));
    await tx
      .insert(users)
      .values({ id: account.id, email, name, canBuyPersonalProbePlus: true, canBuyPersonalProbeIq3: true, staffRole: 'OWNER' })
      .onConflictDoUpdate({ target: users.id, set: { staffRole: 'OWNER', updatedAt: sql`now()` } });
    await audit(tx, { id: account.id, email }, 'staff.owner_created', `user:${account.id}`, { staffRole: before?.staffRole ?? null }, { staffRole: 'OWNER', by: 'command line' });
    if (input.password !== undefined) return { userId: account.id, created: !existing, setPasswordUrl: null, expiresAt: null };
    const token = await issueLinkToken(tx, account.id, 'reset_password', now);
    return {
      userId: account.id,
      created: !existing,
      setPasswordUrl: `${issuer}/account/reset?${new URLSearchParams({ token, lang: 'en' })}`,
      expiresAt: new Date(now.getTime() + LINK_TTL_MS.reset_password),
    };
  });
}
