import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { appMeta, shopSettings } from '../schema/index.ts';
import { seedCatalogue } from './catalogue/index.ts';
import { seedCountries } from './countries.ts';
import { seedAccounts } from './accounts.ts';
import { seedLeadForms } from './lead-forms.ts';

/** Bump when the demo data changes; a database holding an older version is brought up to date on start. */
export const DEMO_DATA_VERSION = '12';

/** Whether the database holds the current version of the demo data (one statement). */
export async function demoDataIsCurrent(db: Database): Promise<boolean> {
  const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_data_version'));
  return meta?.value === DEMO_DATA_VERSION;
}

/** Loads the demo data when the database does not hold the current version. Safe to run on every start. */
export async function ensureDemoData(db: Database): Promise<'loaded' | 'current'> {
  if (await demoDataIsCurrent(db)) return 'current';
  await db.transaction(async (tx) => {
    await seedCountries(tx as unknown as Database);
    await tx.insert(shopSettings).values({ id: 1 }).onConflictDoNothing();
    await seedCatalogue(tx as unknown as Database);
    await seedAccounts(tx as unknown as Database);
    await seedLeadForms(tx as unknown as Database);
    await tx
      .insert(appMeta)
      .values({ key: 'demo_data_version', value: DEMO_DATA_VERSION })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: DEMO_DATA_VERSION } });
  });
  return 'loaded';
}
