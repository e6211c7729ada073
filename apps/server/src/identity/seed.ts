import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { DEMO_PASSWORD, DEMO_USERS, schema, type Database } from '@probe/db';
import { hashPassword, verifyPassword } from './passwords.ts';
import { findUserByEmail, insertUser } from './users.ts';

const { identityUsers, identityOidcPayloads, users } = schema;

/** The password hash of a retired demo account: not a hash at all, so no password matches it. */
const RETIRED = 'retired-demo-account';

/**
 * Creates the demo accounts that are missing, confirmed, with the shared demo password and the ids the
 * store's demo organizations name (packages/db's DEMO_USERS); a demo account retired by a start without
 * demo data gets the demo password back. Any other existing account is left as it is. Safe on every start.
 * Only for the embedded demo or DEMO_DATA=true: the password is published.
 */
export async function ensureDemoIdentityUsers(db: Database): Promise<number> {
  let created = 0;
  for (const demo of DEMO_USERS) {
    const existing = await findUserByEmail(db, demo.email);
    if (existing?.passwordHash === RETIRED) {
      await db.update(identityUsers).set({ passwordHash: await hashPassword(DEMO_PASSWORD) }).where(eq(identityUsers.id, existing.id));
      created++;
    }
    if (existing) continue;
    const row = await insertUser(db, { id: demo.id, email: demo.email, name: demo.name, passwordHash: await hashPassword(DEMO_PASSWORD), locale: 'en', emailVerifiedAt: new Date() });
    if (row) created++;
  }
  return created;
}

/**
 * A start without demo data on a database that an earlier start gave them (DEMO_DATA on, or a version
 * that always loaded them): every demo account whose password is still the published one can no longer
 * sign in and its sessions end, and no demo user keeps a console role. Two statements when there are none.
 * Returns how many accounts were retired now.
 */
export async function retireDemoIdentityUsers(db: Database): Promise<number> {
  const ids = DEMO_USERS.map((u) => u.id);
  const found = await db.select({ id: identityUsers.id, passwordHash: identityUsers.passwordHash }).from(identityUsers).where(inArray(identityUsers.id, ids));
  const published: string[] = [];
  for (const row of found) if (row.passwordHash !== RETIRED && (await verifyPassword(DEMO_PASSWORD, row.passwordHash))) published.push(row.id);
  const noStaff = (q: Pick<Database, 'update'>) => q.update(users).set({ staffRole: null }).where(and(inArray(users.id, ids), isNotNull(users.staffRole)));
  if (!published.length) {
    await noStaff(db);
    return 0;
  }
  await db.transaction(async (tx) => {
    await tx.update(identityUsers).set({ passwordHash: RETIRED }).where(inArray(identityUsers.id, published));
    await tx
      .delete(identityOidcPayloads)
      .where(and(inArray(identityOidcPayloads.model, ['Session', 'Grant', 'AuthorizationCode', 'RefreshToken']), inArray(sql`${identityOidcPayloads.payload}->>'accountId'`, published)));
    await noStaff(tx);
  });
  return published.length;
}
