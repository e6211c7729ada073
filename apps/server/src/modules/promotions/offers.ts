import { schema, type Database } from '@probe/db';
import { asc, eq } from 'drizzle-orm';
import { audit, type Actor } from '../staff/index.ts';
import { checkPeriod, isUniqueViolation, type FieldError } from './checks.ts';

/** Spec §3 Offer: a dated offer (its slug names it in the storefront's /offer/ and all-in pages) shown while current. */
export type OfferRow = typeof schema.offers.$inferSelect;

export interface OfferInput { slug: string; startDate: Date | null; endDate: Date | null }

export function listOffers(db: Pick<Database, 'select'>): Promise<OfferRow[]> {
  return db.select().from(schema.offers).orderBy(asc(schema.offers.startDate), asc(schema.offers.id));
}

const view = (o: OfferRow) => ({ slug: o.slug, startDate: o.startDate.toISOString(), endDate: o.endDate?.toISOString() ?? null });

/** Creates an offer (id null) or changes its dates or slug; audited in the same transaction; nothing written when a field is refused. */
export async function saveOffer(db: Database, actor: Actor, id: number | null, input: OfferInput): Promise<{ offer: OfferRow | null; errors: FieldError[] }> {
  const errors: FieldError[] = [];
  const slug = input.slug.trim().toLowerCase();
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) || slug.length > 64) errors.push({ field: 'slug', code: 'INVALID', message: 'Lower-case letters, digits and single dashes, at most 64 (e.g. summer-2027)' });
  if (!input.startDate) errors.push({ field: 'startDate', code: 'REQUIRED', message: 'When the offer starts' });
  checkPeriod(errors, 'endDate', input.startDate, input.endDate);
  if (errors.length) return { offer: null, errors };
  try {
    return await db.transaction(async (tx) => {
      const [before] = id === null ? [null] : await tx.select().from(schema.offers).where(eq(schema.offers.id, id)).for('update');
      if (before === undefined) return { offer: null, errors: [{ field: null, code: 'NOT_FOUND' as const, message: 'No offer has this id' }] };
      const values = { slug, startDate: input.startDate!, endDate: input.endDate };
      const [row] = before
        ? await tx.update(schema.offers).set(values).where(eq(schema.offers.id, before.id)).returning()
        : await tx.insert(schema.offers).values(values).returning();
      await audit(tx, actor, before ? 'offer.update' : 'offer.create', `offer:${row!.id}`, before ? view(before) : null, view(row!));
      return { offer: row!, errors: [] };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { offer: null, errors: [{ field: 'slug', code: 'UNIQUE', message: 'Another offer has this slug' }] };
    throw error;
  }
}

/** Removes an offer; the audit log keeps what it was. */
export async function deleteOffer(db: Database, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(schema.offers).where(eq(schema.offers.id, id)).returning();
    if (row) await audit(tx, actor, 'offer.delete', `offer:${row.id}`, view(row), null);
    return Boolean(row);
  });
}
