import type { Database } from '@probe/db';
import { hashPassword } from './passwords.ts';
import { findUserByEmail, insertUser } from './users.ts';

export const DEMO_PASSWORD = 'demo-password-1';

/** The demo accounts (organisations and memberships come from elsewhere): confirmed, one shared password. */
export const DEMO_USERS = [
  { email: 'individual@demo.probe.store', name: 'Indira Individual' },
  { email: 'admin@demo.probe.store', name: 'Adam Admin' },
  { email: 'member@demo.probe.store', name: 'Mia Member' },
  { email: 'vet@demo.probe.store', name: 'Victor Vet' },
  { email: 'student@demo.probe.store', name: 'Stella Student' },
] as const;

/** Creates the demo accounts that are missing; an existing account is left as it is. Safe on every start. */
export async function ensureDemoIdentityUsers(db: Database): Promise<number> {
  let created = 0;
  for (const demo of DEMO_USERS) {
    if (await findUserByEmail(db, demo.email)) continue;
    const row = await insertUser(db, { ...demo, passwordHash: await hashPassword(DEMO_PASSWORD), locale: 'en', emailVerifiedAt: new Date() });
    if (row) created++;
  }
  return created;
}
