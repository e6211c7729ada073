import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { appMeta, shopSettings } from '../schema/index.ts';
import { seedCatalogue } from './catalogue/index.ts';
import { seedCountries } from './countries.ts';
import { seedAccounts } from './accounts.ts';
import { seedLeadForms } from './lead-forms.ts';

/** Bump when the demo data changes; a database holding an older version is brought up to date on start. */
export const DEMO_DATA_VERSION = '15';

const STORE_KEY = 'demo_data_version';
const ACCOUNTS_KEY = 'demo_accounts_version';

export interface DemoDataOptions {
  /**
   * Also the demo accounts: users (whose sign-in passwords are published), organizations, subscriptions
   * with saved test cards, probes, and the demo operator who owns the console. Only for the embedded demo
   * or DEMO_DATA=true (apps/server config); a real deployment starts without them. Default true: tests and
   * benchmarks run on the demo accounts.
   */
  accounts?: boolean;
}

/**
 * Whether the database holds the current version of the demo data (one statement): the store's countries,
 * catalogue, settings and forms, and with `accounts` the demo accounts too.
 */
export async function demoDataIsCurrent(db: Database, { accounts = true }: DemoDataOptions = {}): Promise<boolean> {
  const rows = await db.select().from(appMeta).where(inArray(appMeta.key, [STORE_KEY, ACCOUNTS_KEY]));
  const version = (key: string) => rows.find((r) => r.key === key)?.value;
  return version(STORE_KEY) === DEMO_DATA_VERSION && (!accounts || version(ACCOUNTS_KEY) === DEMO_DATA_VERSION);
}

/**
 * Loads the demo data when the database does not hold the current version. Safe to run on every start.
 * The store's data (countries, catalogue, settings, forms) always; the demo accounts only with `accounts`.
 */
export async function ensureDemoData(db: Database, { accounts = true }: DemoDataOptions = {}): Promise<'loaded' | 'current'> {
  if (await demoDataIsCurrent(db, { accounts })) return 'current';
  const [storeMeta] = await db.select().from(appMeta).where(eq(appMeta.key, STORE_KEY));
  const storeCurrent = storeMeta?.value === DEMO_DATA_VERSION;
  await db.transaction(async (tx) => {
    const version = (key: string) => tx.insert(appMeta).values({ key, value: DEMO_DATA_VERSION }).onConflictDoUpdate({ target: appMeta.key, set: { value: DEMO_DATA_VERSION } });
    if (!storeCurrent) {
      await seedCountries(tx as unknown as Database);
      await tx.insert(shopSettings).values({ id: 1 }).onConflictDoNothing();
      await seedCatalogue(tx as unknown as Database);
      await seedLeadForms(tx as unknown as Database);
      await version(STORE_KEY);
    }
    if (accounts) {
      await seedAccounts(tx as unknown as Database);
      await version(ACCOUNTS_KEY);
    }
  });
  return 'loaded';
}
