import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reusable, schema, type DatabaseHandle } from '../src/index.ts';
import { openTestDatabase } from '../src/testing.ts';

describe(`statements built once (reusable), ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle?.close());

  let builds = 0;
  const insertCheckout = reusable((db) => {
    builds++;
    return db.insert(schema.checkouts)
      .values({ country: sql.placeholder('country'), bundleType: 'PROBE', shippingAddress: sql.placeholder('address'), updatedAt: sql.placeholder('at') } as never)
      .returning({ token: schema.checkouts.token, updatedAt: schema.checkouts.updatedAt });
  });
  const checkoutByToken = reusable((db) => db.select().from(schema.checkouts).where(eq(schema.checkouts.token, sql.placeholder('token'))));
  const addressIsNull = reusable<{ rows: Array<{ none: boolean }> }>(() => sql`select shipping_address is null as none from ${schema.checkouts} where token = ${sql.placeholder('token')}`);

  it('runs on the database and in a transaction, with each call its own values, mapped as the columns map them', async () => {
    const at = new Date('2026-11-26T08:00:00Z');
    const [first] = await insertCheckout(handle.db, { country: 'PL', address: { city: 'Warszawa' }, at });
    const second = await handle.db.transaction(async (tx) => {
      const [made] = await insertCheckout(tx, { country: 'CA', address: { city: 'Toronto' }, at });
      return (await checkoutByToken(tx, { token: made!.token }))[0]!;
    });
    expect(first!.updatedAt).toEqual(at);
    expect(second).toMatchObject({ country: 'CA', shippingAddress: { city: 'Toronto' }, updatedAt: at });
    expect((await checkoutByToken(handle.db, { token: first!.token }))[0]).toMatchObject({ country: 'PL', shippingAddress: { city: 'Warszawa' } });
    expect(builds).toBe(1);
  });

  it('a null stays SQL null (not JSON null) for a JSON column', async () => {
    const [made] = await insertCheckout(handle.db, { country: 'DE', address: null, at: new Date() });
    expect((await addressIsNull(handle.db, { token: made!.token })).rows[0]!.none).toBe(true);
  });

  it('a transaction rolled back takes its reusable statements with it', async () => {
    let token = '';
    await expect(handle.db.transaction(async (tx) => {
      token = (await insertCheckout(tx, { country: 'FR', address: null, at: new Date() }))[0]!.token;
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect(await checkoutByToken(handle.db, { token })).toEqual([]);
  });
});
