import { schema, type Database } from '@probe/db';
import { desc, eq, lt, and, type SQL } from 'drizzle-orm';

type Executor = Pick<Database, 'insert' | 'select'>;

export interface Actor {
  id: string;
  email: string;
}

export type AuditEntry = typeof schema.auditLog.$inferSelect;

/** Records a staff change; call it inside the change's transaction. */
export async function audit(db: Executor, actor: Actor, action: string, subject: string, before: unknown, after: unknown): Promise<void> {
  await db.insert(schema.auditLog).values({ actorId: actor.id, actorEmail: actor.email, action, subject, before: before ?? null, after: after ?? null });
}

/** The newest entries first, optionally for one subject, a page at a time (before an entry id). */
export async function auditEntries(db: Pick<Database, 'select'>, options: { subject?: string | null; before?: number | null; first?: number }): Promise<AuditEntry[]> {
  const where: SQL[] = [];
  if (options.subject) where.push(eq(schema.auditLog.subject, options.subject));
  if (options.before) where.push(lt(schema.auditLog.id, options.before));
  return db.select().from(schema.auditLog).where(where.length ? and(...where) : undefined)
    .orderBy(desc(schema.auditLog.id)).limit(Math.min(Math.max(options.first ?? 50, 1), 200));
}
