import { currencyOf, KNOWN_COUNTRIES, STORE_COUNTRIES } from '@probe/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { countries } from '../schema/index.ts';

const englishNames = new Intl.DisplayNames(['en'], { type: 'region' });

export async function seedCountries(db: Database): Promise<void> {
  const rows = KNOWN_COUNTRIES.map((code, position) => ({
    code,
    name: englishNames.of(code) ?? code,
    isEnabled: (STORE_COUNTRIES as readonly string[]).includes(code),
    currency: currencyOf(code),
    position,
  }));
  await db
    .insert(countries)
    .values(rows)
    .onConflictDoUpdate({
      target: countries.code,
      set: { name: sql`excluded.name`, isEnabled: sql`excluded.is_enabled`, currency: sql`excluded.currency`, position: sql`excluded.position` },
    });
}
