import { reusable, rowFromDriver, schema, type Database } from '@probe/db';
import { and, eq, sql } from 'drizzle-orm';

export type CheckoutRow = typeof schema.checkouts.$inferSelect;
export type LineRow = typeof schema.checkoutLines.$inferSelect;

export interface LoadedCheckout {
  row: CheckoutRow;
  lines: LineRow[];
}

/** The transaction-or-database handle the repo functions run on. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A checkout's lines, oldest first, as one JSON array of [id, variant, quantity, free] (read with the checkout).
 * `checkouts.id` written out: drizzle names a column of a one-table select without its table, and `id` would be the line's.
 */
const LINES = sql<Array<[number, number, number, boolean]>>`(select coalesce(json_agg(json_build_array(l.id, l.variant_id, l.quantity, l.is_free) order by l.id), '[]') from checkout_lines l where l.checkout_id = checkouts.id)`;

/**
 * A checkout with its lines, in one statement (every checkout mutation starts here); `lock` takes its row
 * lock (FOR UPDATE) inside a transaction.
 */
export async function loadCheckout(db: Executor, token: string, options: { lock?: boolean } = {}): Promise<LoadedCheckout | null> {
  if (!isUuid(token)) return null;
  const [found] = await (options.lock ? checkoutLocked : checkoutRead)(db, { token });
  return found ? withLines(found.row, found.lines) : null;
}

const checkoutByToken = (db: Database) => db.select({ row: schema.checkouts, lines: LINES }).from(schema.checkouts).where(eq(schema.checkouts.token, sql.placeholder('token')));
const checkoutRead = reusable(checkoutByToken);
const checkoutLocked = reusable((db) => checkoutByToken(db).for('update'));

/** The order placed with an idempotency key, as the database sends its row (column names), or null. */
const ORDER_BY_KEY = sql<Record<string, unknown> | null>`(select row_to_json(o) from ${schema.orders} o where o.idempotency_key = ${sql.placeholder('key')})`;
const checkoutToPlace = reusable((db) => db.select({ row: schema.checkouts, lines: LINES, byKey: ORDER_BY_KEY })
  .from(schema.checkouts).where(eq(schema.checkouts.token, sql.placeholder('token'))).for('update'));

/**
 * For a placement, in one statement: the checkout locked, with its lines, and the order already placed with
 * `key` (a replay), or null. The order is read in the statement's snapshot, taken before the lock was
 * granted: when the lock was waited for, a placement of this checkout may have committed since (the checkout
 * then shows its completed order), and its order is read again.
 */
export async function loadCheckoutToPlace(db: Executor, token: string, key: string): Promise<{ checkout: LoadedCheckout; byKey: Record<string, unknown> | null } | null> {
  if (!isUuid(token)) return null;
  const [found] = await checkoutToPlace(db, { token, key });
  if (!found) return null;
  return { checkout: withLines(found.row, found.lines), byKey: found.byKey };
}

function withLines(row: CheckoutRow, lines: Array<[number, number, number, boolean]>): LoadedCheckout {
  return { row, lines: lines.map(([id, variantId, quantity, isFree]) => ({ id, checkoutId: row.id, variantId, quantity, isFree })) };
}

const localeByToken = reusable((db) => db
  .select({ country: schema.checkouts.country, language: schema.checkouts.language })
  .from(schema.checkouts)
  .where(eq(schema.checkouts.token, sql.placeholder('token'))));

/** A checkout's country and language only (to fetch its catalogue before a transaction opens). */
export async function checkoutLocale(db: Executor, token: string): Promise<{ country: string; language: string } | null> {
  if (!isUuid(token)) return null;
  const [row] = await localeByToken(db, { token });
  return row ?? null;
}

/** Paid lines' quantities by variant, a variant given twice once with both (one statement may not write a row twice). */
function quantitiesByVariant(lines: ReadonlyArray<{ variantId: number; quantity: number }>): Map<number, number> {
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line.variantId, (merged.get(line.variantId) ?? 0) + line.quantity);
  return merged;
}

/** The fields a new checkout is written with (the others are the database's: id, token, version, dates). */
export type NewCheckout = Pick<typeof schema.checkouts.$inferInsert, (typeof NEW_CHECKOUT_FIELDS)[number]>;
const NEW_CHECKOUT_FIELDS = ['country', 'language', 'bundleType', 'bundleTypeFixed', 'email', 'userId', 'organizationMembershipId', 'creationKey'] as const;
const NEW_LINES = 'new_checkout_lines';

/**
 * A new checkout with its paid lines (a variant given twice, once with both quantities), written and read
 * back in one statement: whole or not at all without a transaction, and no second statement to read it.
 */
const insertWithLines = reusable<{ rows: Array<Record<string, unknown>> }>((db) => {
  const created = db.insert(schema.checkouts).values(Object.fromEntries(NEW_CHECKOUT_FIELDS.map((key) => [key, sql.placeholder(key)])) as never).returning();
  return sql`with created as (${created.getSQL()}),
    added as (insert into ${schema.checkoutLines} (checkout_id, variant_id, quantity, is_free)
      select (select id from created), w.variant_id, w.quantity, false
        from unnest(${sql.placeholder('variantIds')}::int[], ${sql.placeholder('quantities')}::int[]) as w(variant_id, quantity)
      returning id, variant_id, quantity, is_free)
    select created.*, (select coalesce(json_agg(json_build_array(a.id, a.variant_id, a.quantity, a.is_free) order by a.id), '[]') from added a) as ${sql.identifier(NEW_LINES)}
      from created`;
});
const checkoutFromRow = rowFromDriver(schema.checkouts);

/** A checkout row an `sql` statement returned (its columns and its lines' JSON array), as loadCheckout gives it. */
function loadedFromRow(raw: Record<string, unknown>): LoadedCheckout {
  return withLines(checkoutFromRow(raw), raw[NEW_LINES] as Array<[number, number, number, boolean]>);
}

export async function insertCheckout(db: Executor, checkout: NewCheckout, lines: ReadonlyArray<{ variantId: number; quantity: number }>): Promise<LoadedCheckout> {
  const merged = quantitiesByVariant(lines);
  const { rows } = await insertWithLines(db, { ...checkout, variantIds: [...merged.keys()], quantities: [...merged.values()] });
  return loadedFromRow(rows[0]!);
}

const bumped = reusable<{ rows: Array<Record<string, unknown>> }>(() => sql`update ${schema.checkouts}
    set version = version + 1, updated_at = ${sql.placeholder('now')}::timestamptz where id = ${sql.placeholder('id')}
    returning *, ${LINES} as ${sql.identifier(NEW_LINES)}`);

/** A change's last statement: the checkout's version moved, and the checkout read back with its lines as the change left them. */
export async function bumpVersion(db: Executor, id: number, now: Date): Promise<LoadedCheckout> {
  const { rows } = await bumped(db, { id, now: now.toISOString() });
  return loadedFromRow(rows[0]!);
}

/** Saves changed fields and bumps the version (every change does). */
export async function updateCheckout(db: Executor, id: number, changes: Partial<CheckoutRow>): Promise<void> {
  await db
    .update(schema.checkouts)
    .set({ ...changes, version: sql`${schema.checkouts.version} + 1`, updatedAt: new Date() })
    .where(eq(schema.checkouts.id, id));
}

/** Adds quantity to a line (or makes it), in one statement. */
export async function addLine(db: Executor, checkoutId: number, variantId: number, quantity: number, isFree = false): Promise<void> {
  await db
    .insert(schema.checkoutLines)
    .values({ checkoutId, variantId, quantity, isFree })
    .onConflictDoUpdate({
      target: [schema.checkoutLines.checkoutId, schema.checkoutLines.variantId, schema.checkoutLines.isFree],
      set: { quantity: isFree ? quantity : sql`${schema.checkoutLines.quantity} + excluded.quantity` },
    });
}

/**
 * Adds quantities to several paid lines (or makes them) in one statement, whatever their number. A variant
 * given twice is added once with both quantities (one statement may not update a row twice).
 */
export async function addLines(db: Executor, checkoutId: number, lines: ReadonlyArray<{ variantId: number; quantity: number }>): Promise<void> {
  const merged = quantitiesByVariant(lines);
  if (!merged.size) return;
  await db
    .insert(schema.checkoutLines)
    .values([...merged].map(([variantId, quantity]) => ({ checkoutId, variantId, quantity, isFree: false })))
    .onConflictDoUpdate({
      target: [schema.checkoutLines.checkoutId, schema.checkoutLines.variantId, schema.checkoutLines.isFree],
      set: { quantity: sql`${schema.checkoutLines.quantity} + excluded.quantity` },
    });
}

export async function deleteFreeLines(db: Executor, checkoutId: number): Promise<void> {
  await db.delete(schema.checkoutLines).where(and(eq(schema.checkoutLines.checkoutId, checkoutId), eq(schema.checkoutLines.isFree, true)));
}

export type PromoRow = typeof schema.promos.$inferSelect;

export async function findPromo(db: Executor, code: string): Promise<PromoRow | null> {
  const [row] = await db.select().from(schema.promos).where(sql`upper(${schema.promos.code}) = upper(${code})`);
  return row ?? null;
}

export async function promoFreeVariants(db: Executor, promoId: number): Promise<Array<{ variantId: number; quantity: number }>> {
  return db
    .select({ variantId: schema.promoFreeVariants.variantId, quantity: schema.promoFreeVariants.quantity })
    .from(schema.promoFreeVariants)
    .where(eq(schema.promoFreeVariants.promoId, promoId));
}
