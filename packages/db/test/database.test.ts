import { STORE_COUNTRIES } from '@probe/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoData, schema, type DatabaseHandle } from '../src/index.ts';
import { openTestDatabase } from '../src/testing.ts';

describe(`database (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle?.close());

  it('applies the migrations and loads the 32 store countries in spec order', async () => {
    const rows = await handle.db
      .select({ code: schema.countries.code })
      .from(schema.countries)
      .where(eq(schema.countries.isEnabled, true))
      .orderBy(asc(schema.countries.position));
    expect(rows.map((r) => r.code)).toEqual([...STORE_COUNTRIES]);
  });

  it('loads the demo data once: a second start finds it current and keeps edited rows', async () => {
    await handle.db.update(schema.shopSettings).set({ maintenancePageHeader: 'edited' });
    expect(await ensureDemoData(handle.db)).toBe('current');
    const [settings] = await handle.db.select().from(schema.shopSettings);
    expect(settings).toMatchObject({ maintenanceMode: false, maintenancePageHeader: 'edited' });
  });

  it('refuses a second settings row', async () => {
    await expect(handle.db.insert(schema.shopSettings).values({ id: 2 })).rejects.toThrow();
  });
});
