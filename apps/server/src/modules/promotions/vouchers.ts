import { schema, type Database } from '@probe/db';
import { CURRENCIES, isKnownCountry, VOUCHER_CODE } from '@probe/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { knownSkus } from '../catalogue/index.ts';
import { audit, type Actor } from '../staff/index.ts';

export type VoucherRow = typeof schema.promos.$inferSelect;

export interface VoucherInput {
  code: string;
  name: string;
  /** A percentage off (e.g. 15 or 12.5) — or fixed amounts per currency, in minor units. */
  percent?: number | null;
  fixed?: Record<string, number> | null;
  countries?: string[];
  startsAt?: Date | null;
  expiresAt?: Date | null;
  usageLimit?: number | null;
  applyNTimesPerOrder?: number | null;
  skus?: string[];
}

export interface VoucherError { field: string; code: 'INVALID' | 'REQUIRED' | 'UNIQUE'; message: string }

/** The codes buyers can enter (not the code-less student prices), newest first, with how often each was used. */
export function listVouchers(db: Pick<Database, 'select'>): Promise<VoucherRow[]> {
  return db.select().from(schema.promos).where(sql`${schema.promos.code} is not null`).orderBy(desc(schema.promos.id));
}

async function validate(db: Pick<Database, 'select'>, input: VoucherInput): Promise<VoucherError[]> {
  const errors: VoucherError[] = [];
  const code = input.code.trim().toUpperCase();
  if (!VOUCHER_CODE.test(code)) errors.push({ field: 'code', code: 'INVALID', message: 'A code is at most 64 letters, digits, dashes or underscores' });
  if (!input.name.trim()) errors.push({ field: 'name', code: 'REQUIRED', message: 'Name the promotion (buyers see it in the cart)' });
  const hasPercent = input.percent != null;
  const fixed = Object.entries(input.fixed ?? {});
  if (hasPercent === fixed.length > 0) errors.push({ field: 'discount', code: 'INVALID', message: 'Give either a percentage or fixed amounts' });
  if (hasPercent && !(input.percent! > 0 && input.percent! <= 100)) errors.push({ field: 'percent', code: 'INVALID', message: 'A percentage above 0 and at most 100' });
  for (const [currency, amount] of fixed) {
    if (!(CURRENCIES as readonly string[]).includes(currency) || !Number.isInteger(amount) || amount <= 0) errors.push({ field: 'fixed', code: 'INVALID', message: `${currency}: a currency of the store and a whole positive amount in minor units` });
  }
  const badCountry = (input.countries ?? []).find((c) => !isKnownCountry(c));
  if (badCountry) errors.push({ field: 'countries', code: 'INVALID', message: `${badCountry} is not a country code` });
  if (input.startsAt && input.expiresAt && input.expiresAt <= input.startsAt) errors.push({ field: 'expiresAt', code: 'INVALID', message: 'It expires after it starts' });
  for (const [field, value] of [['usageLimit', input.usageLimit], ['applyNTimesPerOrder', input.applyNTimesPerOrder]] as const) {
    if (value != null && !(Number.isInteger(value) && value > 0)) errors.push({ field, code: 'INVALID', message: 'A whole number above 0' });
  }
  const skus = input.skus ?? [];
  if (skus.length) {
    const known = await knownSkus(db, skus);
    const unknown = skus.filter((s) => !known.has(s));
    if (unknown.length) errors.push({ field: 'skus', code: 'INVALID', message: `Unknown SKU: ${unknown.join(', ')}` });
  }
  if (!errors.length) {
    const [taken] = await db.select({ id: schema.promos.id }).from(schema.promos).where(sql`upper(${schema.promos.code}) = ${code}`);
    if (taken) errors.push({ field: 'code', code: 'UNIQUE', message: 'A promotion already uses this code' });
  }
  return errors;
}

/** Creates a voucher code buyers can enter at once; recorded in the audit log. Nothing is written when a field is refused. */
export async function createVoucher(db: Database, actor: Actor, input: VoucherInput): Promise<{ voucher: VoucherRow | null; errors: VoucherError[] }> {
  const errors = await validate(db, input);
  if (errors.length) return { voucher: null, errors };
  const values = {
    code: input.code.trim().toUpperCase(),
    name: input.name.trim(),
    discountKind: input.percent != null ? 'PERCENT' : 'FIXED',
    discountPercent: input.percent != null ? Math.round(input.percent * 1000) : null,
    discountFixed: input.percent != null ? null : input.fixed!,
    countries: input.countries ?? [],
    startsAt: input.startsAt ?? null,
    expiresAt: input.expiresAt ?? null,
    usageLimit: input.usageLimit ?? null,
    applyNTimesPerOrder: input.applyNTimesPerOrder ?? null,
    voucherApplicableItemsSkus: input.skus ?? [],
  };
  try {
    const voucher = await db.transaction(async (tx) => {
      const [row] = await tx.insert(schema.promos).values(values).returning();
      await audit(tx, actor, 'voucher.create', `voucher:${row!.code}`, null, values);
      return row!;
    });
    return { voucher, errors: [] };
  } catch (error) {
    // Two creations of one code at once: the unique key keeps one.
    if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') {
      return { voucher: null, errors: [{ field: 'code', code: 'UNIQUE', message: 'A promotion already uses this code' }] };
    }
    throw error;
  }
}

/** Turns a code off (or on again) without deleting it: orders that used it keep their record. */
export async function setVoucherActive(db: Database, actor: Actor, code: string, active: boolean): Promise<VoucherRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(schema.promos).set({ isActive: active }).where(eq(schema.promos.code, code)).returning();
    if (row) await audit(tx, actor, active ? 'voucher.activate' : 'voucher.deactivate', `voucher:${code}`, { isActive: !active }, { isActive: active });
    return row ?? null;
  });
}
