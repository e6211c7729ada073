import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { productVariants } from './catalogue.ts';

/** An address as the buyer typed it (validated by the country's rules before it is stored). */
export interface StoredAddress {
  firstName: string;
  lastName: string;
  companyName: string;
  streetAddress1: string;
  streetAddress2: string;
  city: string;
  postalCode: string;
  country: string;
  countryArea: string;
  phone: string;
}

/**
 * A cart on its way to becoming an order. `version` grows with every change (optimistic concurrency:
 * a client may send the version it saw). `completedOrderToken` is set in the transaction that writes
 * the order, so a completed checkout can only ever lead to that one order.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: serial('id').primaryKey(),
    token: uuid('token').notNull().unique().default(sql`gen_random_uuid()`),
    version: integer('version').notNull().default(1),
    country: varchar('country', { length: 2 }).notNull(),
    language: varchar('language', { length: 8 }).notNull().default('en'),
    bundleType: text('bundle_type').notNull(),
    /** Whether the type was chosen by the page that began the checkout (kept) or inferred from the lines. */
    bundleTypeFixed: boolean('bundle_type_fixed').notNull().default(false),
    userId: text('user_id'),
    organizationMembershipId: text('organization_membership_id'),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    note: text('note'),
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    voucherCode: text('voucher_code'),
    vatNumber: text('vat_number'),
    shippingAddress: jsonb('shipping_address').$type<StoredAddress>(),
    billingAddress: jsonb('billing_address').$type<StoredAddress>(),
    shippingMethod: text('shipping_method'),
    quoteData: jsonb('quote_data').$type<Record<string, string>>(),
    tradeInData: jsonb('trade_in_data').$type<Record<string, string>>(),
    /** The member whose referral link brought this buyer (spec §2 referrer portal), or null. */
    referrerMembershipId: uuid('referrer_membership_id'),
    paymentMethod: text('payment_method'),
    attestations: text('attestations').array().notNull().default(sql`'{}'::text[]`),
    /** The payment intent made before the order is placed (asynchronous methods, Stripe). */
    paymentIntentId: text('payment_intent_id'),
    completedOrderToken: uuid('completed_order_token'),
    /** The idempotency key of the call that created it: a replayed create returns this checkout. */
    creationKey: text('creation_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

export const checkoutLines = pgTable(
  'checkout_lines',
  {
    id: serial('id').primaryKey(),
    checkoutId: integer('checkout_id').notNull().references(() => checkouts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').notNull().references(() => productVariants.id),
    quantity: integer('quantity').notNull(),
    isFree: boolean('is_free').notNull().default(false),
  },
  (t) => [
    unique('checkout_lines_variant').on(t.checkoutId, t.variantId, t.isFree),
    index('checkout_lines_checkout_idx').on(t.checkoutId),
    check('checkout_lines_quantity', sql`${t.quantity} > 0 and ${t.quantity} <= 1000`),
  ],
);
