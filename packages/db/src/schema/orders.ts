import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import type { StoredAddress } from './checkout.ts';

/**
 * A placed order. One per checkout (`checkout_token` unique) and one per idempotency key: a replayed
 * or concurrent CheckoutPlaceOrder can find the order but never write a second one. Money is integer
 * minor units of `currency`, as the server computed it.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    token: uuid('token').notNull().unique().default(sql`gen_random_uuid()`),
    /** Readable, increasing, never reused: from the order_number_seq sequence (migration 0004). */
    number: text('number').notNull().unique(),
    checkoutToken: uuid('checkout_token').notNull().unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    userId: text('user_id'),
    email: text('email').notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    language: varchar('language', { length: 8 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    bundleType: text('bundle_type').notNull(),
    paymentMethod: text('payment_method').notNull(),
    chargeStatus: text('charge_status').notNull(),
    subtotalNet: integer('subtotal_net').notNull(),
    subtotalGross: integer('subtotal_gross').notNull(),
    discount: integer('discount').notNull(),
    shippingNet: integer('shipping_net').notNull(),
    shippingGross: integer('shipping_gross').notNull(),
    totalNet: integer('total_net').notNull(),
    totalTax: integer('total_tax').notNull(),
    totalGross: integer('total_gross').notNull(),
    totalSavings: integer('total_savings').notNull(),
    estimatedDuty: integer('estimated_duty'),
    shippingAddress: jsonb('shipping_address').$type<StoredAddress>(),
    billingAddress: jsonb('billing_address').$type<StoredAddress>().notNull(),
    shippingMethod: text('shipping_method'),
    vatNumber: text('vat_number'),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    voucher: jsonb('voucher').$type<{ code: string; name: string; discountValue: number }>(),
    offers: jsonb('offers').$type<Array<{ name: string; discountValue: number }>>().notNull().default([]),
    quoteData: jsonb('quote_data').$type<Record<string, string>>(),
    /** The probe traded in against this order and the credit it gave (net and gross), or null. */
    tradeIn: jsonb('trade_in').$type<{ deviceModel: string; serialNumber: string; creditNet: number; credit: number }>(),
    /** `model:serial` of the traded-in probe: unique, so one probe is never credited to two orders. */
    tradeInKey: text('trade_in_key').unique(),
    /** The member who referred this purchase (credited in referral_credits), or null. */
    referrerMembershipId: uuid('referrer_membership_id'),
    /** When staff cancelled the unpaid order (its stock was given back; it can no longer be paid), or null. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_charge_status', sql`${t.chargeStatus} in ('ASYNC_PROCESSING', 'FULLY_CHARGED', 'NOT_CHARGED', 'PARTIALLY_CHARGED')`),
    check('orders_money', sql`${t.totalGross} >= 0 and ${t.totalNet} + ${t.totalTax} = ${t.totalGross}`),
    // The console's order list: newest first, by country, payment state or method, or an e-mail's beginning.
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_country_created_idx').on(t.country, t.createdAt.desc(), t.id.desc()),
    index('orders_status_created_idx').on(t.chargeStatus, t.createdAt.desc(), t.id.desc()),
    index('orders_method_created_idx').on(t.paymentMethod, t.createdAt.desc(), t.id.desc()),
    index('orders_email_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    // A customer's orders in the console.
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id'),
    productSku: text('product_sku').notNull(),
    productName: text('product_name').notNull(),
    variantName: text('variant_name').notNull(),
    productTypeName: text('product_type_name').notNull(),
    thumbnail: text('thumbnail'),
    quantity: integer('quantity').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    unitNet: integer('unit_net').notNull(),
    unitGross: integer('unit_gross').notNull(),
    undiscountedUnitGross: integer('undiscounted_unit_gross').notNull(),
    totalNet: integer('total_net').notNull(),
    totalGross: integer('total_gross').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/**
 * A payment attempt with a gateway. An intent is made before the order exists (asynchronous methods);
 * `orderId` is set when the order is written. A card's number never reaches this table: only its
 * brand, last four digits and expiry.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    checkoutToken: uuid('checkout_token').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    invoiceId: integer('invoice_id'),
    gateway: text('gateway').notNull(),
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** PENDING (intent made), PROCESSING (buyer authorised, settling), SUCCEEDED, FAILED, REFUNDED. */
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    ccBrand: text('cc_brand'),
    ccLastDigits: varchar('cc_last_digits', { length: 4 }),
    ccExpMonth: integer('cc_exp_month'),
    ccExpYear: integer('cc_exp_year'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_checkout_idx').on(t.checkoutToken),
    index('payments_order_idx').on(t.orderId),
    check('payments_status', sql`${t.status} in ('PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'REFUNDED')`),
  ],
);

/** An invoice for an order placed on an electronic quote: payable later at /invoice-payment/{token}/. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    token: uuid('token').notNull().unique().default(sql`gen_random_uuid()`),
    orderId: integer('order_id').notNull().unique().references(() => orders.id),
    status: text('status').notNull().default('OPEN'),
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [check('invoices_status', sql`${t.status} in ('OPEN', 'PAID')`)],
);

/** What happened to an order after it was placed (spec §3 OrderEvent): a cancellation, a refund … and who did it (staff), when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id),
    type: text('type').notNull(),
    /** The staff user who did it; null for the store itself. */
    actorId: text('actor_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** Every webhook event received, by its id: a replayed event finds its row and changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  gateway: text('gateway').notNull(),
  type: text('type').notNull(),
  paymentId: text('payment_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
