import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, serial, text, timestamp, unique, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { StoredAddress } from './checkout.ts';

/**
 * A signed-in buyer (spec §3 User). `id` is the subject (`sub`) of the identity provider's tokens, so
 * any OpenID Connect provider can sign users in; the row is made on the first verified request.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name'),
    cloudAccountId: text('cloud_account_id'),
    canBuyPersonalProbePlus: boolean('can_buy_personal_probe_plus').notNull().default(false),
    canBuyPersonalProbeIq3: boolean('can_buy_personal_probe_iq3').notNull().default(false),
    /** The store's own staff (operators): OWNER, CATALOGUE_MANAGER, ORDER_MANAGER or SUPPORT; null for buyers. */
    staffRole: text('staff_role'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_email_idx').on(sql`lower(${t.email})`),
    check('users_staff_role', sql`${t.staffRole} is null or ${t.staffRole} in ('OWNER', 'CATALOGUE_MANAGER', 'ORDER_MANAGER', 'SUPPORT')`),
  ],
);

/** Spec §3 Organization: a practice, clinic or hospital; its plan, seats and renewal live in `subscriptions`. */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    country: varchar('country', { length: 2 }).notNull(),
    practiceType: text('practice_type'),
    /** Human or veterinary practice (spec §1 markets HUMAN and VETERINARY). */
    market: text('market').notNull().default('HUMAN'),
    /** The address its invoices are made out to, checked by its country's rules when it is set. */
    billingAddress: jsonb('billing_address').$type<StoredAddress>(),
    /** Its VAT number, normalized (an EU member state's, of the organization's country). */
    vatNumber: text('vat_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('organizations_market', sql`${t.market} in ('HUMAN', 'VETERINARY')`)],
);

/** Spec §3 OrganizationMembership: a user in an organization, admin or member. */
export const organizationMemberships = pgTable(
  'organization_memberships',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    isOrganizationAdmin: boolean('is_organization_admin').notNull().default(false),
    canPurchasePersonalProbe: boolean('can_purchase_personal_probe').notNull().default(true),
    /** The member's referral link token (spec §3 referrerToken): 122 random bits (a v4 uuid's), unguessable. */
    referrerToken: text('referrer_token').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('organization_memberships_member_unique').on(t.organizationId, t.userId),
    uniqueIndex('organization_memberships_referrer_idx').on(t.referrerToken),
    index('organization_memberships_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Probes registered to an organization, by model (spec §3 registeredProbes, …Plus, …Iq3). */
export const registeredProbes = pgTable(
  'registered_probes',
  {
    id: serial('id').primaryKey(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    serialNumber: text('serial_number').notNull().unique(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('registered_probes_model_check', sql`${t.model} in ('IQ', 'IQ_3', 'IQ_PLUS')`), index('registered_probes_org_idx').on(t.organizationId)],
);

/**
 * An invitation to take a seat in an organization, sent by one of its admins to an e-mail address. Only
 * the SHA-256 of its one-use token is kept; PENDING past `expiresAt` is expired. One pending invitation
 * per organization and address.
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The store language the invitation e-mail is written in (the inviter's). */
    language: text('language').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('PENDING'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organization_invitations_status', sql`${t.status} in ('PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED')`),
    uniqueIndex('organization_invitations_token_idx').on(t.tokenHash),
    uniqueIndex('organization_invitations_pending_idx').on(t.organizationId, t.email).where(sql`${t.status} = 'PENDING'`),
  ],
);
