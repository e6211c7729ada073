import { schema, type Database } from '@probe/db';
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';

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

/** What the console's audit log is narrowed to: who made the change, the kind of thing changed (`price`, `order` …), and UTC days. */
export interface AuditFilter {
  actorEmail?: string | null;
  /** The subject's kind: the part of `price:DE:ACC-USBC-1M` before the first colon. */
  kind?: string | null;
  /** First UTC day included. */
  from?: Date | null;
  /** Last UTC day included (the whole day). */
  to?: Date | null;
}

/** A page holds at most this many entries, whatever is asked. */
export const AUDIT_PAGE_MAX = 100;
const DAY = 86_400_000;
const dayStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const kindOf = sql<string>`split_part(${schema.auditLog.subject}, ':', 1)`;

/**
 * The newest entries first that match the filter, a page at a time (keyset on the id: every page costs the same);
 * `next` is the id to pass as `before` for the following page, null on the last one.
 */
export async function auditPage(db: Pick<Database, 'select'>, filter: AuditFilter, page: { first?: number | null; before?: number | null }): Promise<{ entries: AuditEntry[]; next: number | null }> {
  const first = Math.min(Math.max(Math.trunc(page.first ?? 25), 1), AUDIT_PAGE_MAX);
  const where: SQL[] = [];
  if (filter.actorEmail) where.push(eq(schema.auditLog.actorEmail, filter.actorEmail));
  if (filter.kind) where.push(sql`${kindOf} = ${filter.kind}`);
  if (filter.from) where.push(gte(schema.auditLog.createdAt, dayStart(filter.from)));
  if (filter.to) where.push(lt(schema.auditLog.createdAt, new Date(dayStart(filter.to).getTime() + DAY)));
  if (page.before) where.push(lt(schema.auditLog.id, page.before));
  const rows = await db.select().from(schema.auditLog).where(where.length ? and(...where) : undefined).orderBy(desc(schema.auditLog.id)).limit(first + 1);
  const entries = rows.slice(0, first);
  return { entries, next: rows.length > first ? entries[entries.length - 1]!.id : null };
}

/** What the filters offer: everyone who changed something, and every kind of thing changed, as the log holds them. */
export async function auditChoices(db: Pick<Database, 'selectDistinct'>): Promise<{ actors: string[]; kinds: string[] }> {
  const [actors, kinds] = await Promise.all([
    db.selectDistinct({ email: schema.auditLog.actorEmail }).from(schema.auditLog).orderBy(asc(schema.auditLog.actorEmail)),
    db.selectDistinct({ kind: kindOf }).from(schema.auditLog).orderBy(asc(kindOf)),
  ]);
  return { actors: actors.map((a) => a.email), kinds: kinds.map((k) => k.kind) };
}
