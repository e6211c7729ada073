import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Database } from '@probe/db';
import { consumeLinkToken, issueLinkToken, linkTokenOwner, peekLinkToken, type LinkPurpose } from './email-links.ts';
import { isLanguage, type Language } from './i18n.ts';
import { queueMail, renderMail, type MailKind } from './mail.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import type { IdentitySettings } from './settings.ts';
import { findUserByEmail, findUserById, insertUser, type IdentityUser, type Queryable } from './users.ts';

const { identityUsers, identityOidcPayloads } = schema;

export type SignInResult = { ok: true; user: IdentityUser } | { ok: false; reason: 'credentials' | 'unverified' };

/**
 * What the sign-in pages do to accounts, apart from HTTP: check a password, create an account, send and
 * follow the e-mail links. Every write that sends mail writes the outbox row in the same transaction.
 */
export class Accounts {
  constructor(
    private readonly db: Database,
    private readonly settings: IdentitySettings,
    private readonly now: () => Date,
  ) {}

  async signIn(email: string, password: string): Promise<SignInResult> {
    const user = await findUserByEmail(this.db, email);
    // An unknown e-mail costs the same scrypt work as a known one.
    const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    if (!user || !matches) return { ok: false, reason: 'credentials' };
    if (!user.emailVerifiedAt) return { ok: false, reason: 'unverified' };
    if (needsRehash(user.passwordHash)) {
      await this.db.update(identityUsers).set({ passwordHash: await hashPassword(password) }).where(eq(identityUsers.id, user.id));
    }
    return { ok: true, user };
  }

  /** Creates an unconfirmed account and queues its confirmation e-mail; null when the e-mail is taken. */
  async signUp(input: { email: string; name: string; password: string; locale: Language; store?: string | null }): Promise<IdentityUser | null> {
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const user = await insertUser(tx, { email: input.email, name: input.name, passwordHash, locale: input.locale });
      if (!user) return null;
      await this.#sendLink(tx, user, 'verify', input.store);
      return user;
    });
  }

  /** Sends a new confirmation link if the account exists and is not confirmed; says nothing either way. */
  async resendVerification(email: string, store?: string | null): Promise<void> {
    const user = await findUserByEmail(this.db, email);
    if (!user || user.emailVerifiedAt) return;
    await this.db.transaction((tx) => this.#sendLink(tx, user, 'verify', store));
  }

  /** Sends a reset link if the account exists; the caller answers the same either way. */
  async requestPasswordReset(email: string, store?: string | null): Promise<void> {
    const user = await findUserByEmail(this.db, email);
    if (!user) return;
    await this.db.transaction((tx) => this.#sendLink(tx, user, 'reset', store));
  }

  async confirmEmail(token: string): Promise<IdentityUser | null> {
    return this.db.transaction(async (tx) => {
      const userId = await consumeLinkToken(tx, token, 'verify_email', this.now());
      if (!userId) return null;
      const [user] = await tx
        .update(identityUsers)
        .set({ emailVerifiedAt: sql`coalesce(${identityUsers.emailVerifiedAt}, ${this.now().toISOString()}::timestamptz)` })
        .where(eq(identityUsers.id, userId))
        .returning();
      return user ?? null;
    });
  }

  /** Whether a reset link still works (the form is shown only then). */
  async resetLinkUser(token: string): Promise<IdentityUser | null> {
    const userId = await peekLinkToken(this.db, token, 'reset_password', this.now());
    return userId ? ((await findUserById(this.db, userId)) ?? null) : null;
  }

  /**
   * Sets a new password with a reset link (once). The account's sessions and grants end, so whoever knew
   * the old password is signed out. A reset link proves the mailbox, so it also confirms the address.
   */
  async resetPassword(token: string, password: string): Promise<IdentityUser | null> {
    const passwordHash = await hashPassword(password);
    return this.db.transaction(async (tx) => {
      const userId = await consumeLinkToken(tx, token, 'reset_password', this.now());
      if (!userId) return null;
      const [user] = await tx
        .update(identityUsers)
        .set({ passwordHash, passwordChangedAt: this.now(), emailVerifiedAt: sql`coalesce(${identityUsers.emailVerifiedAt}, ${this.now().toISOString()}::timestamptz)` })
        .where(eq(identityUsers.id, userId))
        .returning();
      await tx
        .delete(identityOidcPayloads)
        .where(and(inArray(identityOidcPayloads.model, ['Session', 'Grant', 'AuthorizationCode', 'RefreshToken']), sql`${identityOidcPayloads.payload}->>'accountId' = ${userId}`));
      return user ?? null;
    });
  }

  /**
   * A confirmation link that no longer confirms (used, replaced or expired) whose account is confirmed:
   * opened again, it says so rather than calling the link invalid.
   */
  async emailLinkConfirmed(token: string): Promise<boolean> {
    const userId = await linkTokenOwner(this.db, token, 'verify_email');
    const user = userId ? await findUserById(this.db, userId) : null;
    return Boolean(user?.emailVerifiedAt);
  }

  /** `store`: the market's front page the request came from (store-return.ts), carried by the link. */
  async #sendLink(tx: Queryable, user: IdentityUser, kind: MailKind, store?: string | null): Promise<void> {
    const purpose: LinkPurpose = kind === 'verify' ? 'verify_email' : 'reset_password';
    const token = await issueLinkToken(tx, user.id, purpose, this.now());
    const lang = isLanguage(user.locale) ? user.locale : 'en';
    const path = kind === 'verify' ? 'verify' : 'reset';
    const url = `${this.settings.issuer}/account/${path}?${new URLSearchParams({ token, lang, ...(store ? { store } : {}) })}`;
    await queueMail(tx, renderMail(kind, lang, { email: user.email, name: user.name }, url));
  }
}
