import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 8 }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.language] })],
);

/** Tax classes: STANDARD (devices, accessories, warranties) and DIGITAL (cloud subscriptions). */
export const productTypes = pgTable('product_types', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  isShippingRequired: boolean('is_shipping_required').notNull(),
  taxClass: text('tax_class').notNull(),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  productTypeId: integer('product_type_id').notNull().references(() => productTypes.id),
  categoryId: integer('category_id').notNull().references(() => categories.id),
  name: text('name').notNull(),
  shortDescription: text('short_description').notNull(),
  /** Rich description as Editor.js-style JSON (Saleor's descriptionJson). */
  descriptionJson: jsonb('description_json').notNull().default({}),
  position: integer('position').notNull().default(0),
});

export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 8 }).notNull(),
    name: text('name').notNull(),
    shortDescription: text('short_description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.language] })],
);

export const productImages = pgTable('product_images', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  /** Path under /media, e.g. products/iq3.svg. */
  path: text('path').notNull(),
  alt: text('alt').notNull(),
  position: integer('position').notNull().default(0),
});

export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    name: text('name').notNull(),
    model: text('model'),
    connector: text('connector'),
    market: text('market').notNull(),
    billingPeriod: text('billing_period').notNull(),
    planKind: text('plan_kind').notNull(),
    trackInventory: boolean('track_inventory').notNull().default(false),
    stock: integer('stock').notNull().default(0),
    /** Unpublished variants are left out of the store's catalogue (a cart holding one says it is no longer available). */
    isPublished: boolean('is_published').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_variants_product_idx').on(t.productId), check('product_variants_stock_non_negative', sql`${t.stock} >= 0`)],
);

export const variantTranslations = pgTable(
  'variant_translations',
  {
    variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 8 }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.language] })],
);

/** Which catalogue groups of the Shop query a variant appears in (spec §3). */
export const variantGroups = pgTable(
  'variant_groups',
  {
    variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
    group: text('group').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.group] })],
);

/**
 * A variant's price in one country, in that country's currency, as entered (net or gross: the
 * country's `prices_entered`), in integer minor units, with the undiscounted (list) price beside it.
 */
export const variantPrices = pgTable(
  'variant_prices',
  {
    variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
    country: varchar('country', { length: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: integer('amount').notNull(),
    amountUndiscounted: integer('amount_undiscounted').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.country] }),
    index('variant_prices_country_idx').on(t.country),
    check('variant_prices_non_negative', sql`${t.amount} >= 0 and ${t.amountUndiscounted} >= 0`),
  ],
);
