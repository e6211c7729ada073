import { DEMO_PASSWORD, DEMO_USERS, type Database } from '@probe/db';
import { hashPassword } from './passwords.ts';
import { findUserByEmail, insertUser } from './users.ts';

/**
 * Creates the demo accounts that are missing, confirmed, with the shared demo password and the ids the
 * store's demo organizations name (packages/db's DEMO_USERS). An existing account is left as it is.
 * Safe on every start.
 */
export async function ensureDemoIdentityUsers(db: Database): Promise<number> {
  let created = 0;
  for (const demo of DEMO_USERS) {
    if (await findUserByEmail(db, demo.email)) continue;
    const row = await insertUser(db, { id: demo.id, email: demo.email, name: demo.name, passwordHash: await hashPassword(DEMO_PASSWORD), locale: 'en', emailVerifiedAt: new Date() });
    if (row) created++;
  }
  return created;
}
