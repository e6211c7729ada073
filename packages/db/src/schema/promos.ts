import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { productVariants } from './catalogue.ts';

/**
 * Spec §3 Promo, also used for vouchers (a promo with a code). A PERCENT discount is in 0.001 % units;
 * a FIXED discount is minor units per currency ({"usd": 5000, "eur": 4500}).
 */
export const promos = pgTable(
  'promos',
  {
    id: serial('id').primaryKey(),
    code: text('code').unique(),
    name: text('name').notNull(),
    discountKind: text('discount_kind').notNull(),
    discountPercent: integer('discount_percent'),
    discountFixed: jsonb('discount_fixed').$type<Record<string, number>>(),
    /** Countries it applies in; empty means every country. */
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    attributionDays: integer('attribution_days'),
    applyNTimesPerOrder: integer('apply_n_times_per_order'),
    bannerMessage: text('banner_message'),
    bannerLink: text('banner_link'),
    bannerColor: text('banner_color'),
    bannerVisibilityPages: text('banner_visibility_pages').array().notNull().default(sql`'{}'::text[]`),
    /** SKUs a voucher discounts; empty means every item. */
    voucherApplicableItemsSkus: text('voucher_applicable_items_skus').array().notNull().default(sql`'{}'::text[]`),
    /** Bundle / checkout types it applies to; empty means all. */
    bundles: text('bundles').array().notNull().default(sql`'{}'::text[]`),
    /** Kind of code: VOUCHER, AFFILIATE or REFERRAL (for the VOUCHER_NOT_APPLICABLE variants). */
    codeKind: text('code_kind').notNull().default('VOUCHER'),
    isActive: boolean('is_active').notNull().default(true),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
  },
  (t) => [
    check('promos_discount_kind', sql`${t.discountKind} in ('PERCENT', 'FIXED')`),
    check('promos_used_within_limit', sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
  ],
);

export const promoTranslations = pgTable(
  'promo_translations',
  {
    promoId: integer('promo_id').notNull().references(() => promos.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 8 }).notNull(),
    name: text('name').notNull(),
    bannerMessage: text('banner_message'),
  },
  (t) => [primaryKey({ columns: [t.promoId, t.language] })],
);

/** Spec §3 freeProductVariants: variants a promo adds free of charge. */
export const promoFreeVariants = pgTable(
  'promo_free_variants',
  {
    promoId: integer('promo_id').notNull().references(() => promos.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.promoId, t.variantId] })],
);

/** Spec §3 Banner: shown on the listed pages (visibility) in the listed countries (all when empty). */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  content: text('content').notNull(),
  url: text('url'),
  visibility: text('visibility').array().notNull().default(sql`'{}'::text[]`),
  countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

export const bannerTranslations = pgTable(
  'banner_translations',
  {
    bannerId: integer('banner_id').notNull().references(() => banners.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 8 }).notNull(),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bannerId, t.language] })],
);

/** Spec §3 Offer: a dated offer the storefront shows while current. */
export const offers = pgTable('offers', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  startDate: timestamp('start_date', { withTimezone: true }).notNull(),
  endDate: timestamp('end_date', { withTimezone: true }),
});
