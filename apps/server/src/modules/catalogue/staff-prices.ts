import { schema, type Database } from '@probe/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { audit, type Actor } from '../staff/index.ts';

/** A variant's price in one country, as the country enters it (gross or net: `pricesEntered`). */
export interface CountryPrice {
  variantId: number;
  sku: string;
  productName: string;
  variantName: string;
  currency: string;
  amount: number;
  amountUndiscounted: number;
}

export interface PriceChange { sku: string; amount: number; amountUndiscounted?: number | null }
export interface PriceChangeError { sku: string | null; code: 'NOT_FOUND' | 'INVALID'; message: string }

/** Every priced variant of a country, in catalogue order. */
export async function pricesForCountry(db: Pick<Database, 'select'>, country: string): Promise<CountryPrice[]> {
  return db
    .select({
      variantId: schema.productVariants.id, sku: schema.productVariants.sku, productName: schema.products.name, variantName: schema.productVariants.name,
      currency: schema.variantPrices.currency, amount: schema.variantPrices.amount, amountUndiscounted: schema.variantPrices.amountUndiscounted,
    })
    .from(schema.variantPrices)
    .innerJoin(schema.productVariants, eq(schema.productVariants.id, schema.variantPrices.variantId))
    .innerJoin(schema.products, eq(schema.products.id, schema.productVariants.productId))
    .where(eq(schema.variantPrices.country, country))
    .orderBy(asc(schema.products.position), asc(schema.productVariants.position), asc(schema.productVariants.id));
}

/**
 * What a bulk edit would change in one country: each changed price before and after, or the errors
 * (an unknown SKU, a negative amount, a list price below the price). Nothing is written.
 */
export async function previewPriceChanges(db: Pick<Database, 'select'>, country: string, changes: PriceChange[]) {
  const current = new Map((await pricesForCountry(db, country)).map((p) => [p.sku, p]));
  const errors: PriceChangeError[] = [];
  const changed: Array<{ before: CountryPrice; after: { amount: number; amountUndiscounted: number } }> = [];
  for (const change of changes) {
    const before = current.get(change.sku);
    if (!before) {
      errors.push({ sku: change.sku, code: 'NOT_FOUND', message: `${change.sku} has no price in ${country}` });
      continue;
    }
    const amountUndiscounted = change.amountUndiscounted ?? Math.max(before.amountUndiscounted, change.amount);
    if (!Number.isInteger(change.amount) || change.amount < 0 || !Number.isInteger(amountUndiscounted) || amountUndiscounted < change.amount) {
      errors.push({ sku: change.sku, code: 'INVALID', message: 'A price is a whole number of minor units, not negative, and not above its list price' });
      continue;
    }
    if (change.amount !== before.amount || amountUndiscounted !== before.amountUndiscounted) changed.push({ before, after: { amount: change.amount, amountUndiscounted } });
  }
  return { changed, errors };
}

/**
 * Saves a bulk edit of one country's prices in one transaction, with one audit entry per changed price;
 * any error saves nothing. The catalogue version moves (a trigger), so every instance's caches drop the
 * old prices within their TTL.
 */
export async function setCountryPrices(db: Database, actor: Actor, country: string, changes: PriceChange[]) {
  const preview = await previewPriceChanges(db, country, changes);
  if (preview.errors.length || !preview.changed.length) return preview;
  await db.transaction(async (tx) => {
    for (const { before, after } of preview.changed) {
      await tx.update(schema.variantPrices).set(after)
        .where(and(eq(schema.variantPrices.variantId, before.variantId), eq(schema.variantPrices.country, country)));
      await audit(tx, actor, 'price.update', `price:${country}:${before.sku}`, { amount: before.amount, amountUndiscounted: before.amountUndiscounted }, after);
    }
  });
  return preview;
}

/** The skus that exist, for checks outside this module. */
export async function knownSkus(db: Pick<Database, 'select'>, skus: string[]): Promise<Set<string>> {
  if (!skus.length) return new Set();
  const rows = await db.select({ sku: schema.productVariants.sku }).from(schema.productVariants).where(inArray(schema.productVariants.sku, skus));
  return new Set(rows.map((r) => r.sku));
}
