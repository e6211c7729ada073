import { integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';

/**
 * Tax rates per country, area and tax class, in units of 0.001 % (19 % = 19000). `area` is '' for a
 * country-wide rate, else a state or province code (US sales tax, Canadian GST/HST/PST).
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    country: varchar('country', { length: 2 }).notNull(),
    area: text('area').notNull().default(''),
    taxClass: text('tax_class').notNull(),
    rate: integer('rate').notNull(),
    /** What the receipt calls it: VAT, GST, HST, GST+PST, Sales tax … */
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.area, t.taxClass] })],
);
