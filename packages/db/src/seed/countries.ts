import { COUNTRY_PERMISSIONS, currencyOf, KNOWN_COUNTRIES, STORE_COUNTRIES } from '@probe/domain';
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
    // Spec 6: a store country lets signed-in buyers buy team plans and their vet variants. Set when the row is
    // made only (migration 0028 for rows made before): an operator's change is not undone by the next seed.
    permissions: (STORE_COUNTRIES as readonly string[]).includes(code) ? [...COUNTRY_PERMISSIONS] : [],
  }));
  await db
    .insert(countries)
    .values(rows)
    .onConflictDoUpdate({
      target: countries.code,
      set: { name: sql`excluded.name`, isEnabled: sql`excluded.is_enabled`, currency: sql`excluded.currency`, position: sql`excluded.position` },
    });
}
