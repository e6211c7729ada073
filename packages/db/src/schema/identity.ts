import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The built-in identity provider's signing keys (private JWKs). The newest key that is not retired signs;
 * every key that is not retired is published in the JWKS and accepted by the API. A retired key is gone
 * from both.
 */
export const identitySigningKeys = pgTable('identity_signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/**
 * What oidc-provider stores (sessions, interactions, authorization codes, grants, …): one row per model
 * and id, so a restart or a second instance sees the same state.
 */
export const identityOidcPayloads = pgTable(
  'identity_oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('identity_oidc_payloads_grant_idx').on(t.grantId),
    index('identity_oidc_payloads_user_code_idx').on(t.model, t.userCode),
    index('identity_oidc_payloads_uid_idx').on(t.model, t.uid),
    index('identity_oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** The people who sign in with the built-in provider. The e-mail is unique whatever its case. */
export const identityUsers = pgTable(
  'identity_users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash so they can change later. */
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('identity_users_email_key').on(sql`lower(${t.email})`)],
);

/**
 * One-use links sent by e-mail (verify the address, reset the password). Only the SHA-256 of the token
 * is stored; a link works once (`used_at`) and until `expires_at`.
 */
export const identityUserTokens = pgTable(
  'identity_user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    check('identity_user_tokens_purpose', sql`${t.purpose} in ('verify_email', 'reset_password')`),
    index('identity_user_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * The client addresses each account signed in from, as HMACs (keyed by the server's device secret, so the
 * table does not list anyone's addresses): the right password from one of them is not held back by
 * failures from strangers (docs/decisions/0030). An IPv6 address counts by its /64. Kept 180 days after the
 * last sign-in, at most 20 per account.
 */
export const identityKnownAddresses = pgTable(
  'identity_known_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] }), index('identity_known_addresses_seen_idx').on(t.lastSeenAt)],
);
