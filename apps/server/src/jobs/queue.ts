import { and, asc, eq, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { schema, type Database } from '@probe/db';

const { outbox } = schema;
export type OutboxRow = typeof outbox.$inferSelect;

/** Not yet processed, not dead. */
const pending = and(isNull(outbox.processedAt), isNull(outbox.deadAt));

/**
 * Takes up to `limit` due rows of the given topics for `leaseMs`: one statement, committed at once.
 * FOR UPDATE SKIP LOCKED lets concurrent claims pass each other instead of waiting, and a row whose
 * lease is live fails the filter (rechecked on the row's newest version), so no two runners hold a row.
 * `attempts` goes up by one: it is the claim's fencing token.
 */
export async function claim(db: Database, options: { topics: string[]; now: Date; leaseMs: number; limit: number; runnerId: string }): Promise<OutboxRow[]> {
  if (options.topics.length === 0) return [];
  // The app's clock counts milliseconds, the database's default run_at microseconds: a row written in
  // the current millisecond (run_at 12.345 678) is due at "now" 12.345, so the bound is the millisecond's end.
  const endOfNow = new Date(options.now.getTime() + 1);
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        pending,
        inArray(outbox.topic, options.topics),
        lt(outbox.runAt, endOfNow),
        or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, options.now)),
      ),
    )
    .orderBy(asc(outbox.runAt), asc(outbox.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lockedUntil: new Date(options.now.getTime() + options.leaseMs), lockedBy: options.runnerId })
    .where(inArray(outbox.id, due))
    .returning();
  return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/** The claim identified by row id and attempt; a runner whose lease was taken over changes nothing. */
const held = (row: Pick<OutboxRow, 'id' | 'attempts'>) => and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), pending);

/** Records success; false when the claim was lost (lease expired and taken over). */
export async function markProcessed(db: Database, row: OutboxRow, now: Date): Promise<boolean> {
  const done = await db.update(outbox).set({ processedAt: now, lockedUntil: null }).where(held(row)).returning({ id: outbox.id });
  return done.length > 0;
}

/** Records a failure: the next attempt not before `retryAt`, or dead when `retryAt` is null. */
export async function markFailed(db: Database, row: OutboxRow, now: Date, error: string, retryAt: Date | null): Promise<boolean> {
  const set = retryAt ? { runAt: retryAt, lockedUntil: null, lastError: error } : { deadAt: now, lockedUntil: null, lastError: error };
  const done = await db.update(outbox).set(set).where(held(row)).returning({ id: outbox.id });
  return done.length > 0;
}

/** Gives back a claimed row that was not started (on shutdown): due again at once, attempt not counted. */
export async function release(db: Database, row: OutboxRow): Promise<void> {
  await db.update(outbox).set({ lockedUntil: null, attempts: sql`${outbox.attempts} - 1` }).where(held(row));
}

/** Pending rows per topic that no handler here takes. */
export async function unhandledTopics(db: Database, topics: string[]): Promise<Array<{ topic: string; rows: number }>> {
  return db
    .select({ topic: outbox.topic, rows: sql<number>`count(*)::int` })
    .from(outbox)
    .where(topics.length ? and(pending, notInArray(outbox.topic, topics)) : pending)
    .groupBy(outbox.topic);
}
