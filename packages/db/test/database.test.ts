import { STORE_COUNTRIES } from '@probe/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, ensureDemoData, openDatabase, schema, type DatabaseHandle } from '../src/index.ts';
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

  it('loads the demo accounts only when asked: a real deployment starts with the store\'s data and no demo user', async () => {
    const fresh = await openDatabase({});
    try {
      const demoIds = DEMO_USERS.map((u) => u.id);
      expect(await ensureDemoData(fresh.db, { accounts: false })).toBe('loaded');
      expect(await fresh.db.select().from(schema.users).where(inArray(schema.users.id, demoIds))).toEqual([]);
      expect(await fresh.db.select().from(schema.organizations)).toEqual([]);
      expect((await fresh.db.select().from(schema.products)).length).toBeGreaterThan(0);
      expect(await ensureDemoData(fresh.db, { accounts: false })).toBe('current');
      // DEMO_DATA turned on later: the accounts come, the store's data is not loaded again.
      await fresh.db.update(schema.shopSettings).set({ maintenancePageHeader: 'edited' });
      expect(await ensureDemoData(fresh.db, { accounts: true })).toBe('loaded');
      expect((await fresh.db.select().from(schema.users).where(inArray(schema.users.id, demoIds))).length).toBe(DEMO_USERS.length);
      expect((await fresh.db.select().from(schema.shopSettings))[0]).toMatchObject({ maintenancePageHeader: 'edited' });
      expect(await ensureDemoData(fresh.db, { accounts: true })).toBe('current');
    } finally {
      await fresh.close();
    }
  });
});
