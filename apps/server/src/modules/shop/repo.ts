import { schema, type Database } from '@probe/db';
import { asc, eq } from 'drizzle-orm';

export type CountryRow = typeof schema.countries.$inferSelect;
export type ShopSettingsRow = typeof schema.shopSettings.$inferSelect;

export function listEnabledCountries(db: Database): Promise<CountryRow[]> {
  return db.select().from(schema.countries).where(eq(schema.countries.isEnabled, true)).orderBy(asc(schema.countries.position));
}

export async function findCountry(db: Database, code: string): Promise<CountryRow | null> {
  const [row] = await db.select().from(schema.countries).where(eq(schema.countries.code, code));
  return row ?? null;
}

export async function getShopSettings(db: Pick<Database, 'select'>): Promise<ShopSettingsRow> {
  const [row] = await db.select().from(schema.shopSettings).where(eq(schema.shopSettings.id, 1));
  if (!row) throw new Error('shop_settings row is missing: the demo data was not loaded');
  return row;
}
