import { schema, type Database } from '@probe/db';
import { asc, inArray } from 'drizzle-orm';

export type CreditNoteRow = typeof schema.creditNotes.$inferSelect;

/** The credit notes of some orders by order id, oldest first (the buyer's order page links each one's PDF). */
export async function orderCreditNotesOf(db: Pick<Database, 'select'>, orderIds: readonly number[]): Promise<Map<number, CreditNoteRow[]>> {
  if (!orderIds.length) return new Map();
  const rows = await db.select().from(schema.creditNotes).where(inArray(schema.creditNotes.orderId, [...orderIds])).orderBy(asc(schema.creditNotes.number));
  return new Map(orderIds.map((id) => [id, rows.filter((r) => r.orderId === id)]));
}
