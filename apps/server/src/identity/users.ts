import { eq, sql } from 'drizzle-orm';
import { schema, type Database } from '@probe/db';

const { identityUsers } = schema;

export type IdentityUser = typeof identityUsers.$inferSelect;

/** Something that runs queries: the database or a transaction on it. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX && EMAIL.test(email);
}

export async function findUserByEmail(db: Queryable, email: string): Promise<IdentityUser | undefined> {
  const [user] = await db.select().from(identityUsers).where(sql`lower(${identityUsers.email}) = ${normalizeEmail(email)}`).limit(1);
  return user;
}

export async function findUserById(db: Queryable, id: string): Promise<IdentityUser | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [user] = await db.select().from(identityUsers).where(eq(identityUsers.id, id)).limit(1);
  return user;
}

/** Inserts a user; undefined when the e-mail is already taken (whatever its case). */
export async function insertUser(
  db: Queryable,
  user: { id?: string; email: string; name: string; passwordHash: string; locale: string; emailVerifiedAt?: Date | null },
): Promise<IdentityUser | undefined> {
  const [row] = await db
    .insert(identityUsers)
    .values({ ...user, email: normalizeEmail(user.email) })
    .onConflictDoNothing()
    .returning();
  return row;
}
