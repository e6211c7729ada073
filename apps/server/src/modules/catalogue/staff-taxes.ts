import { schema, type Database } from '@probe/db';
import { and, asc, eq } from 'drizzle-orm';
import { audit, type Actor } from '../staff/index.ts';
import type { StaffChangeError } from './staff-products.ts';

/** A tax rate as staff see it: percent with two decimals (stored in units of 0.001 %). */
export interface StaffTaxRate { country: string; area: string; taxClass: string; name: string; percent: string }
/** A new rate: percent as typed ("19", "8.1", "7.75"), and the name the receipt prints. */
export interface TaxRateChange { area: string; taxClass: string; percent: string; name: string }

const PERCENT = /^\d{1,3}([.,]\d{1,2})?$/;
const toPercent = (rate: number) => (rate / 1000).toFixed(2);
/** "7.75" → 7750; exact, no floating point. */
const toRate = (percent: string) => {
  const [whole, decimals = ''] = percent.replace(',', '.').split('.');
  return Number(whole) * 1000 + Number(decimals.padEnd(2, '0')) * 10;
};
const key = (c: { area: string; taxClass: string }) => `${c.area}/${c.taxClass}`;

/** A country's rates: country-wide ('' area) first, then per state or province. */
export async function taxRatesOf(db: Pick<Database, 'select'>, country: string): Promise<StaffTaxRate[]> {
  const rows = await db.select().from(schema.taxRates).where(eq(schema.taxRates.country, country)).orderBy(asc(schema.taxRates.area), asc(schema.taxRates.taxClass));
  return rows.map((r) => ({ country: r.country, area: r.area, taxClass: r.taxClass, name: r.name, percent: toPercent(r.rate) }));
}

/**
 * Saves changed rates of one country, all or nothing, one audit entry per rate. Errors name the field as
 * `{area}/{taxClass}.percent` (or `.name`). The catalogue version moves (a trigger): the store's prices follow.
 */
export async function setTaxRates(db: Database, actor: Actor, country: string, changes: TaxRateChange[]) {
  const current = new Map((await taxRatesOf(db, country)).map((r) => [key(r), r]));
  const errors: StaffChangeError[] = [];
  const changed: Array<{ before: StaffTaxRate; after: { percent: string; name: string } }> = [];
  for (const change of changes) {
    const before = current.get(key(change));
    if (!before) {
      errors.push({ field: key(change), code: 'NOT_FOUND', message: `${country} has no ${change.taxClass} rate${change.area ? ` in ${change.area}` : ''}` });
      continue;
    }
    const percent = change.percent.trim();
    const name = change.name.trim();
    if (!PERCENT.test(percent) || toRate(percent) > 100_000) errors.push({ field: `${key(change)}.percent`, code: 'INVALID', message: 'A rate is a percentage from 0 to 100 with at most two decimals' });
    if (!name) errors.push({ field: `${key(change)}.name`, code: 'REQUIRED', message: 'The name printed on receipts (VAT, GST …) is required' });
    else if (name.length > 40) errors.push({ field: `${key(change)}.name`, code: 'INVALID', message: 'At most 40 characters' });
    if (errors.length) continue;
    const after = { percent: toPercent(toRate(percent)), name };
    if (after.percent !== before.percent || after.name !== before.name) changed.push({ before, after });
  }
  if (errors.length || !changed.length) return { changed, errors };
  await db.transaction(async (tx) => {
    for (const { before, after } of changed) {
      await tx.update(schema.taxRates).set({ rate: toRate(after.percent), name: after.name })
        .where(and(eq(schema.taxRates.country, country), eq(schema.taxRates.area, before.area), eq(schema.taxRates.taxClass, before.taxClass)));
      await audit(tx, actor, 'tax-rate.update', `tax:${country}:${key(before)}`, { percent: before.percent, name: before.name }, after);
    }
  });
  return { changed, errors };
}
