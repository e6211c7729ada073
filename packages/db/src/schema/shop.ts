import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Every country a store path may name (spec §9's combined list); `isEnabled` marks the 32 store countries. */
export const countries = pgTable('countries', {
  code: varchar('code', { length: 2 }).primaryKey(),
  name: text('name').notNull(),
  isEnabled: boolean('is_enabled').notNull().default(false),
  currency: varchar('currency', { length: 3 }).notNull(),
  position: integer('position').notNull(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
});

/** One row of shop-wide settings (spec §3 Maintenance). */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    maintenanceMode: boolean('maintenance_mode').notNull().default(false),
    maintenancePageHeader: text('maintenance_page_header'),
    maintenancePageContent: text('maintenance_page_content'),
    maintenancePageUrl: text('maintenance_page_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shop_settings_singleton', sql`${t.id} = 1`)],
);

/** Bookkeeping: which version of the demo data a database holds. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
