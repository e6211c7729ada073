import { schema, type Database } from '@probe/db';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { CheckoutService, type AddressInput, type CheckoutError } from '../checkout/index.ts';
import { audit, type Actor } from '../staff/index.ts';
import { draftNumber, summarize, type DraftDeps, type DraftRow, type DraftSummary } from './summary.ts';

export type { DraftDeps } from './summary.ts';

export interface DraftInput {
  email: string;
  country: string;
  language: string;
  lines: Array<{ variantId?: number | null; sku?: string | null; quantity: number }>;
  shippingAddress: AddressInput;
  /** The shipping address when absent. */
  billingAddress?: AddressInput | null;
  /** A company's EU VAT number: checked as the storefront's checkout checks it (format, then VIES); reverse charge follows from it. */
  vatNumber?: string | null;
  note?: string | null;
}

export interface DraftError { field: string | null; code: string; message: string }

const NOTE_MAX = 1000;

class Refusal extends Error {
  constructor(readonly errors: DraftError[]) { super(errors[0]?.message); }
}

/**
 * A checkout of its own, written as the storefront's checkout writes one (lines priced for the market, the
 * addresses checked by their country's rules, the standard shipping): its id, or the errors, with nothing
 * kept (a checkout half written is deleted).
 */
async function writeCheckout(deps: DraftDeps, input: DraftInput): Promise<{ id: number; token: string } | DraftError[]> {
  // Said together with an empty order, not after it (the checkout checks the e-mail fully when it is written).
  const early: DraftError[] = [];
  if (!input.lines.length) early.push({ field: 'lines', code: 'REQUIRED', message: 'Add at least one item.' });
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim())) early.push({ field: 'email', code: 'INVALID', message: 'Enter a valid e-mail address' });
  if (early.length) return early;
  const service = new CheckoutService({ db: deps.db, catalogue: deps.catalogue, now: deps.now, userId: null, ...(deps.vat ? { vat: deps.vat } : {}) });
  const created = await service.create({
    country: input.country, language: input.language, email: input.email,
    lines: input.lines.map((l) => ({ variantId: l.variantId ?? null, sku: l.sku ?? null, quantity: l.quantity })),
  });
  if (!created.checkout) return created.errors.length ? created.errors : [{ field: 'country', code: 'COUNTRY_NOT_AVAILABLE', message: 'The store does not sell in this country' }];
  const { id, token } = created.checkout.row;
  const addressed = await service.expressAddressesAdd(token, { ...input.shippingAddress, country: input.country }, input.billingAddress ?? null, input.email);
  // The storefront's CheckoutVatNumberUpdateMutation, on the draft's own checkout: its format for the country, then VIES.
  const vatNumber = input.vatNumber?.trim() || null;
  const taxed = vatNumber && !addressed.errors.length ? await service.vatNumberUpdate(token, vatNumber) : { errors: [] };
  const errors: CheckoutError[] = [...created.errors, ...addressed.errors, ...taxed.errors];
  if (errors.length) {
    await deps.db.delete(schema.checkouts).where(eq(schema.checkouts.id, id));
    return errors;
  }
  return { id, token };
}

function checkNote(note: string | null | undefined): string | null {
  const trimmed = note?.trim() || null;
  if (trimmed && trimmed.length > NOTE_MAX) throw new Refusal([{ field: 'note', code: 'INVALID', message: `A note is at most ${NOTE_MAX} characters.` }]);
  return trimmed;
}

async function answer(deps: DraftDeps, id: number): Promise<DraftSummary | null> {
  const [row] = await deps.db.select().from(schema.draftOrders).where(eq(schema.draftOrders.id, id));
  return row ? summarize(deps, row) : null;
}

async function refusing<T>(work: () => Promise<T>): Promise<{ value: T | null; errors: DraftError[] }> {
  try {
    return { value: await work(), errors: [] };
  } catch (error) {
    if (error instanceof Refusal) return { value: null, errors: error.errors };
    throw error;
  }
}

/** Writes a draft order: its checkout, then the draft and its audit entry in one transaction. */
export async function createDraft(deps: DraftDeps, actor: Actor, input: DraftInput): Promise<{ draft: DraftSummary | null; errors: DraftError[] }> {
  const { value, errors } = await refusing(async () => {
    const note = checkNote(input.note);
    const checkout = await writeCheckout(deps, input);
    if (Array.isArray(checkout)) throw new Refusal(checkout);
    return deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(schema.draftOrders).values({ checkoutId: checkout.id, note, createdBy: actor.id }).returning();
      await audit(tx, actor, 'draft_order.create', `draft-order:${draftNumber(row!.id)}`, null, auditView(input, note));
      return row!.id;
    });
  });
  return { draft: value === null ? null : await answer(deps, value), errors };
}

/**
 * Rewrites a draft that is not paid or cancelled: a new checkout with the new content takes the old one's
 * place, in one transaction on the locked draft and old checkout (a payment that got there first wins: the
 * change is refused). A pay link already sent shows the new content (a buyer who saw the old total is told the
 * prices changed).
 */
export async function updateDraft(deps: DraftDeps, actor: Actor, id: number, input: DraftInput): Promise<{ draft: DraftSummary | null; errors: DraftError[] }> {
  const { errors } = await refusing(async () => {
    const note = checkNote(input.note);
    const [existing] = await deps.db.select().from(schema.draftOrders).where(eq(schema.draftOrders.id, id));
    if (!existing) throw new Refusal([{ field: 'id', code: 'NOT_FOUND', message: 'No such draft order.' }]);
    const checkout = await writeCheckout(deps, input);
    if (Array.isArray(checkout)) throw new Refusal(checkout);
    try {
      await deps.db.transaction(async (tx) => {
        const { draft, old } = await lockOpen(tx, id);
        if (draft.status === 'CANCELLED') throw new Refusal([{ field: 'id', code: 'OPERATION_NOT_ALLOWED', message: 'A cancelled draft cannot be changed.' }]);
        await tx.update(schema.draftOrders).set({ checkoutId: checkout.id, note, updatedAt: sql`now()` }).where(eq(schema.draftOrders.id, id));
        await tx.delete(schema.checkouts).where(eq(schema.checkouts.id, old.id));
        await audit(tx, actor, 'draft_order.update', `draft-order:${draftNumber(id)}`, { note: draft.note, email: old.email, country: old.country }, auditView(input, note));
      });
    } catch (error) {
      await deps.db.delete(schema.checkouts).where(eq(schema.checkouts.id, checkout.id));
      throw error;
    }
  });
  return { draft: errors.length ? null : await answer(deps, id), errors };
}

/** Deletes a draft that was never sent (its checkout goes with it). A sent one is cancelled instead: its link must say so. */
export async function deleteDraft(deps: DraftDeps, actor: Actor, id: number): Promise<{ errors: DraftError[] }> {
  const { errors } = await refusing(() => deps.db.transaction(async (tx) => {
    const { draft, old } = await lockOpen(tx, id);
    if (draft.status !== 'DRAFT') throw new Refusal([{ field: 'id', code: 'OPERATION_NOT_ALLOWED', message: 'Its pay link was sent: cancel it instead, so the link says it is cancelled.' }]);
    await tx.delete(schema.checkouts).where(eq(schema.checkouts.id, old.id));
    await audit(tx, actor, 'draft_order.delete', `draft-order:${draftNumber(id)}`, { email: old.email, country: old.country, note: draft.note }, null);
  }));
  return { errors };
}

/**
 * Cancels a draft not yet paid: its pay link then says it was cancelled. Its checkout is taken out of the
 * anonymous buyer's reach in the same transaction (owned by the member of staff who cancelled it), so a
 * payment already under way finds no checkout to place (placeOrder refuses another owner's checkout, on the
 * locked row) and charges nothing.
 */
export async function cancelDraft(deps: DraftDeps, actor: Actor, id: number): Promise<{ draft: DraftSummary | null; errors: DraftError[] }> {
  const { errors } = await refusing(() => deps.db.transaction(async (tx) => {
    const { draft, old } = await lockOpen(tx, id);
    if (draft.status === 'CANCELLED') return;
    await tx.update(schema.draftOrders).set({ status: 'CANCELLED', cancelledAt: deps.now(), updatedAt: sql`now()` }).where(eq(schema.draftOrders.id, id));
    await tx.update(schema.checkouts).set({ userId: actor.id, version: sql`${schema.checkouts.version} + 1` }).where(eq(schema.checkouts.id, old.id));
    await audit(tx, actor, 'draft_order.cancel', `draft-order:${draftNumber(id)}`, { status: draft.status }, { status: 'CANCELLED' });
  }));
  return { draft: errors.length ? null : await answer(deps, id), errors };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The draft and its checkout, locked (draft first, as every writer takes them); refused when gone or paid. */
export async function lockOpen(tx: Tx, id: number): Promise<{ draft: DraftRow; old: typeof schema.checkouts.$inferSelect }> {
  const [draft] = await tx.select().from(schema.draftOrders).where(eq(schema.draftOrders.id, id)).for('update');
  if (!draft) throw new Refusal([{ field: 'id', code: 'NOT_FOUND', message: 'No such draft order.' }]);
  const [old] = await tx.select().from(schema.checkouts).where(eq(schema.checkouts.id, draft.checkoutId)).for('update');
  if (old!.completedOrderToken) throw new Refusal([{ field: 'id', code: 'OPERATION_NOT_ALLOWED', message: 'This draft has been paid: it is an order now.' }]);
  return { draft, old: old! };
}

export { Refusal as DraftRefusal };

/** Drafts newest first (at most 100), each as the console lists it. */
export async function listDrafts(deps: DraftDeps, options: { states?: string[] | null } = {}): Promise<DraftSummary[]> {
  const rows = await deps.db.select().from(schema.draftOrders).orderBy(desc(schema.draftOrders.id)).limit(100);
  const all = (await Promise.all(rows.map((r) => summarize(deps, r)))).filter((s): s is DraftSummary => s !== null);
  return options.states?.length ? all.filter((s) => options.states!.includes(s.state)) : all;
}

export async function draftById(deps: DraftDeps, id: number): Promise<DraftSummary | null> {
  return answer(deps, id);
}

export async function draftsByIds(db: Database, ids: number[]): Promise<DraftRow[]> {
  return ids.length ? db.select().from(schema.draftOrders).where(inArray(schema.draftOrders.id, ids)) : [];
}

function auditView(input: DraftInput, note: string | null) {
  return { email: input.email, country: input.country, language: input.language, vatNumber: input.vatNumber?.trim() || null, lines: input.lines.map((l) => ({ variantId: l.variantId ?? null, sku: l.sku ?? null, quantity: l.quantity })), note };
}
