import { schema, type Database } from '@probe/db';
import { eq } from 'drizzle-orm';
import type { JobLogger } from '../src/jobs/index.ts';

/** A logger that keeps its lines (level, fields, message). */
export function memoryLogger(): JobLogger & { lines: Array<{ level: string; msg?: string } & Record<string, unknown>> } {
  const lines: Array<{ level: string; msg?: string } & Record<string, unknown>> = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push({ level, ...obj, ...(msg ? { msg } : {}) });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/** A clock the test moves; starts at the real time (rows' run_at default to the database's now()). */
export function testClock(): { now: () => Date; advance: (ms: number) => void } {
  let t = Date.now() + 1000;
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

export async function outboxRow(db: Database, id: number) {
  const [row] = await db.select().from(schema.outbox).where(eq(schema.outbox.id, id));
  return row!;
}

/** Calls per row id. */
export function counter(): { calls: Map<number, number>; count: (id: number) => void; total: () => number } {
  const calls = new Map<number, number>();
  return { calls, count: (id) => void calls.set(id, (calls.get(id) ?? 0) + 1), total: () => [...calls.values()].reduce((a, b) => a + b, 0) };
}
