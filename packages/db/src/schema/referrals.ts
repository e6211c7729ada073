import { integer, pgTable, serial, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizationMemberships } from './accounts.ts';
import { orders } from './orders.ts';

/**
 * A referred purchase credited to the member who referred it: one row per order (unique), written in the
 * order's transaction, so a referral is credited once or not at all. `months` were added to the
 * referrer's organization subscription (spec §3 referralCreditMonths) when it had one.
 */
export const referralCredits = pgTable('referral_credits', {
  id: serial('id').primaryKey(),
  referrerMembershipId: uuid('referrer_membership_id').notNull().references(() => organizationMemberships.id, { onDelete: 'cascade' }),
  orderId: integer('order_id').notNull().unique().references(() => orders.id, { onDelete: 'cascade' }),
  months: integer('months').notNull(),
  appliedToSubscription: uuid('applied_to_subscription'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
