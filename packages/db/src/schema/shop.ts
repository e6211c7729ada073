import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Every country a store path may name (spec §9's combined list); `isEnabled` marks the 32 store countries. */
export const countries = pgTable('countries', {
  code: varchar('code', { length: 2 }).primaryKey(),
  name: text('name').notNull(),
  isEnabled: boolean('is_enabled').notNull().default(false),
  currency: varchar('currency', { length: 3 }).notNull(),
  position: integer('position').notNull(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  /** Whether prices for this country are entered including tax (EU, GB, NO, CH, AU, NZ) or excluding it. */
  pricesEntered: text('prices_entered').notNull().default('net'),
  /** The VAT flag: whether the storefront shows gross prices. */
  displayGrossPrices: boolean('display_gross_prices').notNull().default(false),
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
    /** Client addresses that may use the store during maintenance (beside MAINTENANCE_ALLOW_IPS); set from the console. */
    maintenanceAllowIps: text('maintenance_allow_ips').array().notNull().default(sql`'{}'::text[]`),
    storeType: text('store_type').notNull().default('IQ'),
    teamBaseNumCloudUsers: integer('team_base_num_cloud_users').notNull().default(10),
    maxDevices: integer('max_devices').notNull().default(25),
    maxCloudUsers: integer('max_cloud_users').notNull().default(50),
    teamMinSeats: integer('team_min_seats').notNull().default(2),
    teamMaxSeats: integer('team_max_seats').notNull().default(25),
    clinicMinSeats: integer('clinic_min_seats').notNull().default(5),
    clinicMaxSeats: integer('clinic_max_seats').notNull().default(100),
    /** Spec §9 promo and program flags (PROGRAM_FLAGS), and the 20-imaging-presets copy flag. */
    programFlags: jsonb('program_flags').$type<Record<string, boolean>>().notNull().default({}),
    /** Bumped by a trigger on every catalogue change; caches of catalogue answers key on it. */
    catalogueVersion: integer('catalogue_version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shop_settings_singleton', sql`${t.id} = 1`)],
);

/** Bookkeeping: which version of the demo data a database holds. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
