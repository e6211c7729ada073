import { reusable, rowFromDriver, schema, type Database } from '@probe/db';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';

export type CheckoutRow = typeof schema.checkouts.$inferSelect;
export type LineRow = typeof schema.checkoutLines.$inferSelect;

export interface LoadedCheckout {
  row: CheckoutRow;
  lines: LineRow[];
}

/** A guest's checkout is anyone's who holds its token; a signed-in buyer's is theirs alone. */
export function mayUse(checkout: LoadedCheckout, userId: string | null): boolean {
  return checkout.row.userId === null || checkout.row.userId === userId;
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
  .select({ country: schema.checkouts.country, language: schema.checkouts.language, vatNumber: schema.checkouts.vatNumber, paymentIntentId: schema.checkouts.paymentIntentId })
  .from(schema.checkouts)
  .where(eq(schema.checkouts.token, sql.placeholder('token'))));

/**
 * A checkout's country, language, VAT number and payment intent only: what others are asked about (the
 * catalogue, VIES, the payment provider) before a transaction opens.
 */
export interface CheckoutLocale { country: string; language: string; vatNumber: string | null; paymentIntentId: string | null }

export async function checkoutLocale(db: Executor, token: string): Promise<CheckoutLocale | null> {
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

/** A line as a change wants it: a variant, paid or free, and its quantity. */
export interface WantedLine {
  variantId: number;
  quantity: number;
  isFree: boolean;
}

/** What a change does to a checkout: fields set, and the lines as they are to be (absent: unchanged). */
export interface CheckoutChange {
  fields?: Partial<CheckoutRow>;
  lines?: readonly WantedLine[];
  /** A write that goes with the change, in its statement (run only when the change is written; `c` is the checkout's new row). */
  also?: SQL;
}

const lineKey = (line: { variantId: number; isFree: boolean }) => `${line.variantId}:${line.isFree}`;

/** The line rows a change deletes, re-quantifies and inserts (each part of the statement only when it has rows). */
interface LinesWritten {
  gone: number[];
  set: Array<{ id: number; quantity: number }>;
  made: WantedLine[];
}

/**
 * The statement of a change of one shape (the fields it sets, which line parts it has), built once by the ORM
 * with placeholders and reused (packages/db reusable): building it per call, with every column of the
 * checkout named in its RETURNING, was a seventh of the server's time on the cart. Shapes are few (each
 * mutation sets its own fields); past SHAPES_KEPT any further one is built for its call alone.
 */
const SHAPES_KEPT = 256;
type ChangeStatement = (runner: Executor, values: Record<string, unknown>) => Promise<{ rows: Array<Record<string, unknown>> }>;
const changeStatements = new Map<string, ChangeStatement>();

function changeStatement(fields: string[], parts: { gone: boolean; set: boolean; made: boolean }, also?: SQL): ChangeStatement {
  const key = `${fields.join(',')}|${Number(parts.gone)}${Number(parts.set)}${Number(parts.made)}`;
  const kept = also ? undefined : changeStatements.get(key);
  if (kept) return kept;
  const statement = reusable<{ rows: Array<Record<string, unknown>> }>((db) => {
    const p = (name: string) => sql.placeholder(name);
    const update = db.update(schema.checkouts)
      .set({ ...Object.fromEntries(fields.map((field) => [field, p(`f_${field}`)])), version: sql`${schema.checkouts.version} + 1`, updatedAt: p('updatedAt') } as never)
      .where(and(eq(schema.checkouts.id, p('id') as never), eq(schema.checkouts.version, p('version') as never), isNull(schema.checkouts.completedOrderToken)))
      .returning();
    const with_: SQL[] = [sql`c as (${update.getSQL()})`];
    if (parts.gone) with_.push(sql`gone as (delete from ${schema.checkoutLines} where checkout_id = (select id from c) and id = any(${p('goneIds')}::int[]))`);
    if (parts.set) {
      with_.push(sql`kept as (update ${schema.checkoutLines} l set quantity = w.quantity
        from unnest(${p('setIds')}::int[], ${p('setQuantities')}::int[]) as w(id, quantity)
        where l.id = w.id and l.checkout_id = (select id from c))`);
    }
    if (parts.made) {
      with_.push(sql`made as (insert into ${schema.checkoutLines} (checkout_id, variant_id, quantity, is_free)
        select c.id, w.variant_id, w.quantity, w.is_free
          from c cross join unnest(${p('madeVariants')}::int[], ${p('madeQuantities')}::int[], ${p('madeFree')}::bool[]) as w(variant_id, quantity, is_free)
        returning id, variant_id, quantity, is_free)`);
    }
    if (also) with_.push(sql`also as (${also})`);
    const madeLines = parts.made
      ? sql`(select coalesce(json_agg(json_build_array(m.id, m.variant_id, m.quantity, m.is_free)), '[]') from made m)`
      : sql`'[]'::json`;
    return sql`with ${sql.join(with_, sql`, `)} select c.*, ${madeLines} as ${sql.identifier(NEW_LINES)} from c`;
  }) as ChangeStatement;
  if (!also && changeStatements.size < SHAPES_KEPT) changeStatements.set(key, statement);
  return statement;
}

/** What `change.lines` does to the lines read: rows deleted, quantities set, rows inserted, and the lines after it. */
function linesWritten(checkout: LoadedCheckout, wantedLines: readonly WantedLine[]): LinesWritten & { after: LineRow[] } {
  const wanted = new Map<string, WantedLine>();
  for (const line of wantedLines) {
    const key = lineKey(line);
    wanted.set(key, { ...line, quantity: (wanted.get(key)?.quantity ?? 0) + line.quantity });
  }
  const current = new Map(checkout.lines.map((line) => [lineKey(line), line]));
  return {
    gone: checkout.lines.filter((line) => !wanted.has(lineKey(line))).map((line) => line.id),
    set: checkout.lines.filter((line) => wanted.has(lineKey(line)) && wanted.get(lineKey(line))!.quantity !== line.quantity)
      .map((line) => ({ id: line.id, quantity: wanted.get(lineKey(line))!.quantity })),
    made: [...wanted.values()].filter((line) => !current.has(lineKey(line))),
    after: checkout.lines.filter((line) => wanted.has(lineKey(line))).map((line) => ({ ...line, quantity: wanted.get(lineKey(line))!.quantity })),
  };
}

/**
 * Writes a change worked out on `checkout` as it was read, in ONE statement (its own transaction): the
 * checkout's version moves and its fields are set only if it is still at the version read and not ordered,
 * and its lines then become `change.lines` (rows deleted, quantities set, rows inserted; a variant wanted
 * twice is one line of both quantities). Every write to a checkout moves its version, so the lines read
 * are the lines the statement changes. Returns the checkout as the change left it, or null when another
 * change or the order came first: nothing was written, and the caller reads again.
 */
export async function writeChange(db: Executor, checkout: LoadedCheckout, change: CheckoutChange, now: Date): Promise<LoadedCheckout | null> {
  const { row } = checkout;
  // drizzle's set() leaves out a field given as undefined: so does the statement's shape.
  const fields = Object.entries(change.fields ?? {}).filter(([, value]) => value !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
  const lines = change.lines ? linesWritten(checkout, change.lines) : null;
  const values: Record<string, unknown> = { id: row.id, version: row.version, updatedAt: now };
  for (const [field, value] of fields) values[`f_${field}`] = value;
  if (lines) {
    Object.assign(values, {
      goneIds: lines.gone, setIds: lines.set.map((line) => line.id), setQuantities: lines.set.map((line) => line.quantity),
      madeVariants: lines.made.map((line) => line.variantId), madeQuantities: lines.made.map((line) => line.quantity), madeFree: lines.made.map((line) => line.isFree),
    });
  }
  const statement = changeStatement(fields.map(([field]) => field), { gone: !!lines?.gone.length, set: !!lines?.set.length, made: !!lines?.made.length }, change.also);
  const { rows } = await statement(db, values);
  const written = rows[0];
  if (!written) return null;
  const added = loadedFromRow(written);
  return { row: added.row, lines: [...(lines?.after ?? checkout.lines), ...added.lines].sort((a, b) => a.id - b.id) };
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
