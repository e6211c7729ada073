import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * An owner's invitation of a member of staff, by e-mail, to a console role. The link's token is one-use and
 * the database keeps only its SHA-256 (as for organization invitations); it works until `expires_at`.
 * PENDING until accepted (the account gets the role) or revoked; one pending invitation per address.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status').notNull().default('PENDING'),
    invitedBy: text('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedUserId: text('accepted_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_idx').on(t.tokenHash),
    uniqueIndex('staff_invitations_one_pending').on(t.email).where(sql`${t.status} = 'PENDING'`),
    index('staff_invitations_created_idx').on(t.createdAt),
    check('staff_invitations_status', sql`${t.status} in ('PENDING', 'ACCEPTED', 'REVOKED')`),
    check('staff_invitations_role', sql`${t.role} in ('OWNER', 'CATALOGUE_MANAGER', 'ORDER_MANAGER', 'SUPPORT')`),
  ],
);
