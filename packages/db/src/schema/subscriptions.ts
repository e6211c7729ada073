import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { organizations } from './accounts.ts';

/**
 * An organization's subscription (spec §3 Organization.subscription and the organization's plan fields),
 * one per organization. The rules that move it are `transition()` in @probe/domain; every move is a
 * row in subscription_events. `version` goes up with each write (optimistic checks, cache keys).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().unique().references(() => organizations.id, { onDelete: 'cascade' }),
    planType: text('plan_type').notNull(),
    status: text('status').notNull(),
    term: text('term').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    billingAnchor: timestamp('billing_anchor', { withTimezone: true }),
    autoRenew: boolean('auto_renew').notNull().default(false),
    renewalFailures: integer('renewal_failures').notNull().default(0),
    scheduledPlan: text('scheduled_plan'),
    proCustomFeatures: jsonb('pro_custom_features').$type<string[]>().notNull().default([]),
    scheduledProCustomFeatures: jsonb('scheduled_pro_custom_features').$type<string[] | null>(),
    referralCreditMonths: integer('referral_credit_months').notNull().default(0),
    seats: integer('seats').notNull().default(1),
    devices: integer('devices').notNull().default(1),
    maxCloudUsers: integer('max_cloud_users').notNull().default(1),
    teamBaseNumCloudUsers: integer('team_base_num_cloud_users').notNull().default(0),
    isOld10BasedTeamPricing: boolean('is_old_10_based_team_pricing').notNull().default(false),
    commitmentEnd: timestamp('commitment_end', { withTimezone: true }),
    commitmentMonths: integer('commitment_months'),
    provisioningType: text('provisioning_type').notNull().default('AUTOMATIC'),
    synchronizationStatus: text('synchronization_status').notNull().default('SYNCHRONIZED'),
    /** What a period costs (gross, minor units) in `currency`; the renewal charges it. */
    currentPrice: integer('current_price').notNull().default(0),
    /** What the scheduled plan will cost from the next renewal. */
    scheduledPrice: integer('scheduled_price'),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** The store language it was bought in: its e-mails are written in it. */
    language: varchar('language', { length: 8 }).notNull().default('en'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subscriptions_status_check', sql`${t.status} in ('ACTIVE', 'PAST_DUE', 'TRIALING', 'CANCELED')`),
    check('subscriptions_term_check', sql`${t.term} in ('ANNUAL', 'ONE_YEAR', 'THREE_YEARS', 'MONTHLY', 'FOREVER')`),
    check('subscriptions_seats_check', sql`${t.seats} >= 1 and ${t.devices} >= 0`),
    index('subscriptions_period_end_idx').on(t.periodEnd),
  ],
);

/** Every move of a subscription: what caused it and the state before and after (a late payment failure restores `before`). */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id').notNull().references(() => subscriptions.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The order that paid for it, when one did. */
    orderToken: uuid('order_token'),
    /** The renewal charge that paid for it, when one did. */
    chargeId: integer('charge_id'),
    versionAfter: integer('version_after').notNull(),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_events_subscription_idx').on(t.subscriptionId, t.id), index('subscription_events_order_idx').on(t.orderToken)],
);

/**
 * Charges to a subscription's saved method, each written before the gateway is called:
 * - RENEWAL: the automatic renewal, one row per (subscription, period, attempt), so a retried job finds it
 *   and charges with the same key; at most one succeeds per period;
 * - CHANGE (ChangeSubscription) and RENEWAL_ORDER (SubscriptionRenewal): keyed by the caller's idempotency
 *   key, with the change they pay for, so a retry or a restart finishes the same change and charges once.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: uuid('subscription_id').notNull().references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('RENEWAL'),
    /** The end of the period this charge renews (the job's key), or of the period it was made in. */
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    attempt: integer('attempt').notNull(),
    /** CHANGE and RENEWAL_ORDER: the caller's key, and the change it pays for (what the rules are given). */
    idempotencyKey: text('idempotency_key'),
    change: jsonb('change'),
    status: text('status').notNull().default('PENDING'),
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    paymentMethodId: uuid('payment_method_id'),
    gatewayReference: text('gateway_reference'),
    failureCode: text('failure_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscription_charges_attempt_unique').on(t.subscriptionId, t.periodEnd, t.attempt).where(sql`${t.kind} = 'RENEWAL'`),
    uniqueIndex('subscription_charges_one_success').on(t.subscriptionId, t.periodEnd).where(sql`${t.kind} = 'RENEWAL' and ${t.status} in ('SUCCEEDED', 'PROCESSING')`),
    unique('subscription_charges_key_unique').on(t.idempotencyKey),
    index('subscription_charges_reference_idx').on(t.gatewayReference),
    check('subscription_charges_status_check', sql`${t.status} in ('PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'REVERSED')`),
    check('subscription_charges_kind_check', sql`${t.kind} in ('RENEWAL', 'CHANGE', 'RENEWAL_ORDER')`),
  ],
);

/**
 * Spec §3 saved payment methods (CreditCard, BankAccount, SEPADirectDebit) of an organization: the
 * gateway's token and what may be shown (brand, last digits, bank), never a card number or an IBAN.
 * At most one primary per organization (partial unique index); the service keeps exactly one while any exist.
 */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    gateway: text('gateway').notNull(),
    paymentToken: text('payment_token').notNull(),
    name: text('name'),
    brand: text('brand'),
    lastDigits: varchar('last_digits', { length: 4 }).notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    bankCountry: varchar('bank_country', { length: 2 }),
    bankName: text('bank_name'),
    isActive: boolean('is_active').notNull().default(true),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_payment_methods_one_primary').on(t.organizationId).where(sql`${t.isPrimary}`),
    unique('saved_payment_methods_token_unique').on(t.gateway, t.paymentToken),
    index('saved_payment_methods_org_idx').on(t.organizationId, t.createdAt),
    check('saved_payment_methods_kind_check', sql`${t.kind} in ('CREDIT_CARD', 'BANK_ACCOUNT', 'SEPA_DIRECT_DEBIT')`),
  ],
);

/** The payment gateway's customer for an organization (Stripe keeps saved methods on a Customer). */
export const gatewayCustomers = pgTable(
  'gateway_customers',
  {
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('gateway_customers_org_unique').on(t.organizationId, t.gateway)],
);
