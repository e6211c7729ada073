import { createHash } from 'node:crypto';
import type { Database } from '@probe/db';
import { sql } from 'drizzle-orm';

/** A hash of every row of the given tables: equal before and after a call that must change nothing. */
export async function tableFingerprint(db: Database, tables: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await db.execute(sql.raw(`select * from ${table} order by 1`));
    // The driver's answer holds the rows under `rows` (or is the rows).
    parts.push(JSON.stringify((rows as unknown as { rows: unknown[] }).rows ?? rows));
  }
  return createHash('sha256').update(parts.join('|')).digest('hex');
}
