import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Where the next page starts: the last row of this one (newest first: created at, then id). */
export interface PageCursor { createdAt: string; id: string }

/**
 * The creation time as the cursor carries it: to the millisecond, as a JavaScript Date holds it. PostgreSQL
 * keeps microseconds, so a cursor compared with the exact time matched no row created in the same millisecond
 * (the demo users, seeded in one transaction, share one time) and the list stopped after its first page.
 */
const toTheMillisecond = (createdAt: AnyColumn) => sql`date_trunc('milliseconds', ${createdAt})`;

/** The order of a paged list: newest first, then by id, at the cursor's precision. */
export function newestFirst(createdAt: AnyColumn, id: AnyColumn): SQL[] {
  return [sql`${toTheMillisecond(createdAt)} desc`, sql`${id} desc`];
}

/** Rows after the cursor, in `newestFirst` order (keyset: every page costs the same). */
export function afterCursor(createdAt: AnyColumn, id: AnyColumn, after: PageCursor | null | undefined): SQL | undefined {
  if (!after) return undefined;
  return sql`(${toTheMillisecond(createdAt)}, ${id}) < (${after.createdAt}::timestamptz, ${after.id})`;
}

/** `%text%` for a case-insensitive LIKE, the pattern's own characters escaped. */
export const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The cursor of a page's last row, when there is a next page. */
export function pageCursor<T extends { createdAt: Date; id: string }>(rows: T[], first: number): { rows: T[]; next: PageCursor | null } {
  const shown = rows.slice(0, first);
  const last = shown.at(-1);
  return { rows: shown, next: rows.length > first && last ? { createdAt: last.createdAt.toISOString(), id: last.id } : null };
}

export const pageSize = (first: number) => Math.min(Math.max(first, 1), 100);
export const lowerLike = (column: AnyColumn, text: string) => sql`lower(${column}) like ${containing(text)}`;
