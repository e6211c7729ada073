import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mobile handoffs: a signed-in app hands its access token to the web store through a one-use code in a
 * URL. Only the SHA-256 of the code is stored; a row is deleted when it is redeemed, so a code works once,
 * and only until `expires_at` (60 s after it was issued).
 */
export const authHandoffs = pgTable(
  'auth_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_handoffs_expires_idx').on(t.expiresAt)],
);
