import { randomUUID } from 'node:crypto';
import { reusable, rowFromDriver, schema, type Database } from '@probe/db';
import { PAYMENT_METHODS, type ChargeStatus, type PaymentMethod } from '@probe/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { chargeOfIntent, type IntentOutcome, type PaymentGateway } from '../payments/index.ts';
import { moveSubscriptionForOrder } from '../subscriptions/index.ts';
import type { CatalogueReads } from '../catalogue/index.ts';
import {
  CheckoutFailure, fail, type CheckoutError, assertSameLocale, priceCheckout, snapshotFor, type PricedCheckout, checkoutLocale,
  type CheckoutLocale, type Executor, isTradeInConflict, loadCheckoutToPlace, mayUse, type RecentCheckouts, NOT_FOR_REFERRALS, TRADE_IN_TAKEN, tradeInKey, tradeInOf, tradeInTaken,
} from '../checkout/index.ts';
import { creditReferral, referrerById } from '../referrals/index.ts';
import { readinessErrors } from './readiness.ts';
import { faultPoint } from '../faults/index.ts';
import { savedMethodToCharge } from './saved-method-payment.ts';
import { viesRecheck } from './vies-recheck.ts';
import type { VatChecker } from '../vat/index.ts';

export type OrderRow = typeof schema.orders.$inferSelect;

export interface PlaceOrderDeps {
  db: Database;
  catalogue: CatalogueReads;
  gateway: PaymentGateway;
  now: () => Date;
  log: FastifyBaseLogger;
  userId: string | null;
  /** VIES, asked again about the checkout's VAT number before its reverse charge (decision 0047); absent: not asked. */
  vat?: VatChecker;
  /** The checkouts this process last read or wrote (checkout/recent.ts): the basis of a change; a placed one is forgotten. */
  recent?: RecentCheckouts;
}

export interface PlaceOrderInput {
  token: string;
  idempotencyKey: string;
  /** The total (gross, minor units) the buyer was shown; a different total now gives PRICES_ARE_CHANGED. */
  expectedTotal: number | null;
  card: { number: string; expMonth: number; expYear: number; cvc: string } | null;
  /** Pays with the organization's saved method (its id): the checkout's admin buyer, in one step, no card typed. */
  savedPaymentMethodId?: string | null;
}

export interface PlaceOrderResult {
  order: OrderRow | null;
  errors: CheckoutError[];
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:.-]{8,128}$/;

/**
 * CheckoutPlaceOrder. In ONE transaction, on the checkout's locked row:
 *  1. a key already used returns its order (a replay), or IDEMPOTENCY_KEY_REUSED for another checkout or
 *     another expectedTotal;
 *     a completed checkout returns its order (the client retried with a new key);
 *  2. the checkout is repriced from the database; a total other than the one the buyer saw is
 *     PRICES_ARE_CHANGED, a vanished item PRODUCTS_ARE_CHANGED, and nothing is charged;
 *  3. the order, its lines and an order.placed outbox row are written, the checkout marked completed and the
 *     stock taken, in one statement: unique keys (checkout, idempotency key) make a second order impossible;
 *     stock is taken by a conditional update (never below 0), several items' rows locked first in variant-id
 *     order (no deadlock); then the invoice, the subscription's move, the voucher's use within its limit;
 *     a loser (an item sold out, a code used up) rolls back, uncharged;
 *  4. last the gateway charges (a test card, a saved method) or the intent's outcome is taken; a decline rolls
 *     everything back, stock included.
 * The rows buyers share (stock, a voucher's use) are locked from then to the commit: a few statements. The
 * outcome of an intent the buyer paid away from us (Stripe's Payment Element, a bank) is read from the provider
 * before the transaction opens: a network call never holds the checkout's, the stock's or (on the embedded
 * database, one connection) every buyer's lock.
 * If the transaction fails after a successful charge, the charge is refunded.
 */
export async function placeOrder(deps: PlaceOrderDeps, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) return { order: null, errors: [fail('INVALID', 'idempotencyKey', 'A key of 8 to 128 letters, digits or -_:. is required')] };
  // Its country, language and VAT number as this process last saw them (decision 0050); all three are read
  // again under the lock. A copy another process made stale is a conflict there: placed once more on a read.
  const kept = deps.recent?.get(input.token)?.row;
  const placed = await placeOnce(deps, input, kept ?? null);
  if (kept && placed.errors.some((e) => e.code === 'VERSION_CONFLICT')) return placeOnce(deps, input, null);
  return placed;
}

async function placeOnce(deps: PlaceOrderDeps, input: PlaceOrderInput, kept: CheckoutLocale | null): Promise<PlaceOrderResult> {
  let chargedReference: string | null = null;
  try {
    const current = kept ?? (await checkoutLocale(deps.db, input.token));
    if (!current) return { order: null, errors: [fail('NOT_FOUND', 'token', 'Checkout not found')] };
    // Asked before the transaction, together (VIES and the payment provider are network calls): the VAT number
    // and the intent are read again with the lock below, and an answer about another one is not used.
    const [vies, snapshot, paidIntent] = await Promise.all([
      viesRecheck(deps.vat, current.vatNumber, current.country),
      snapshotFor(deps.catalogue, current.country, current.language),
      intentPaidBy(deps, input, current),
    ]);
    if (vies.length) return { order: null, errors: vies };
    const order = await deps.db.transaction(async (tx) => {
      const loaded = await loadCheckoutToPlace(tx, input.token, input.idempotencyKey);
      const checkout = loaded?.checkout;
      if (!checkout || !mayUse(checkout, deps.userId)) throw new CheckoutFailure([fail('NOT_FOUND', 'token', 'Checkout not found')]);
      // Read with the lock: a placement that committed while this one waited for it is read again.
      const byKey = loaded.byKey ? orderFromRow(loaded.byKey) : checkout.row.completedOrderToken ? (await orderByKey(tx, { key: input.idempotencyKey }))[0] : undefined;
      if (byKey) {
        if (byKey.checkoutToken !== checkout.row.token) throw new CheckoutFailure([fail('IDEMPOTENCY_KEY_REUSED', 'idempotencyKey', 'This key was used for another checkout')]);
        // A replay must ask what the first call asked (Stripe: other parameters with a used key are an
        // error): the placed order's total is the expectedTotal it was placed with.
        if (input.expectedTotal !== null && input.expectedTotal !== byKey.totalGross) {
          throw new CheckoutFailure([fail('IDEMPOTENCY_KEY_REUSED', 'idempotencyKey', 'This key was used with another total')]);
        }
        return byKey;
      }
      if (checkout.row.completedOrderToken) {
        const [done] = await tx.select().from(schema.orders).where(eq(schema.orders.token, checkout.row.completedOrderToken));
        return done!;
      }
      assertSameLocale(snapshot, checkout);
      // A VAT number put on the checkout after VIES was asked above is not placed unasked.
      if (deps.vat && checkout.row.vatNumber && checkout.row.vatNumber !== current.vatNumber) throw new CheckoutFailure([fail('VERSION_CONFLICT', 'vatNumber', 'Your VAT number changed in another window; review your order and try again')]);
      const priced = await priceCheckout(tx, snapshot, checkout, deps.now());
      const method = (PAYMENT_METHODS as readonly string[]).includes(checkout.row.paymentMethod ?? '') ? (checkout.row.paymentMethod as PaymentMethod) : null;
      if (!method) throw new CheckoutFailure([fail('PAYMENT_NOT_FOUND', 'paymentMethod', 'Choose a payment method first')]);
      const saved = input.savedPaymentMethodId ? await savedMethodToCharge(tx, checkout.row, deps.userId, deps.gateway.name, input.savedPaymentMethodId, method) : null;
      // What changed is said before the total that changed because of it: an item gone, a code used up.
      const changed = priced.problems.filter((p) => p.code === 'PRODUCTS_ARE_CHANGED' || p.code.startsWith('VOUCHER_NOT_APPLICABLE'));
      if (changed.length) throw new CheckoutFailure(changed);
      if (input.expectedTotal !== null && input.expectedTotal !== priced.totals.total.gross) {
        throw new CheckoutFailure([fail('PRICES_ARE_CHANGED', 'expectedTotal', 'Prices have changed since you reviewed your order')]);
      }
      const tradeIn = tradeInOf(checkout.row.tradeInData);
      if (tradeIn && (await tradeInTaken(tx, tradeIn))) throw new CheckoutFailure([TRADE_IN_TAKEN]);
      const notReady = readinessErrors(priced, method, checkout.row.attestations, deps.userId);
      if (notReady.length) throw new CheckoutFailure(notReady);

      const amount = priced.totals.total.gross;
      // The intent's row, locked: a webhook settling it waits for this transaction (and vice versa).
      const paymentRow = checkout.row.paymentIntentId && !saved
        ? (await tx.select().from(schema.payments).where(eq(schema.payments.id, checkout.row.paymentIntentId)).for('update'))[0]
        : undefined;
      if (paymentRow?.status === 'FAILED') {
        throw new CheckoutFailure([fail((paymentRow.failureCode ?? 'PAYMENT_ERROR') as CheckoutError['code'], 'payment', 'The payment was not accepted')]);
      }
      // Refunded by reconciliation (no order held it): whatever the provider still says of the intent, it pays for nothing.
      if (paymentRow?.status === 'REFUNDED') throw new CheckoutFailure([fail('PAYMENT_ERROR', 'payment', 'This payment was refunded; pay again')]);
      const expected: ChargeStatus = method === 'ELECTRONIC_QUOTE' ? 'NOT_CHARGED'
        : method === 'FREE' || method === 'CREDIT_CARD' || paymentRow?.status === 'SUCCEEDED' ? 'FULLY_CHARGED' : 'ASYNC_PROCESSING';
      // A referral counts for a new purchase by someone other than the referrer.
      const referrer = checkout.row.referrerMembershipId && !NOT_FOR_REFERRALS.includes(priced.bundleType) ? await referrerById(tx, checkout.row.referrerMembershipId) : null;
      const referrerMembershipId = referrer && referrer.userId !== deps.userId ? referrer.membershipId : null;
      // The order is written and the stock taken in one statement; a short item fails the order below, after
      // the checks that come before it (the subscription's).
      const stock = await lockStock(tx, priced);
      // Bought for an organization: its invoice names it (the company), unless the buyer typed another company.
      const company = checkout.row.organizationMembershipId && !checkout.row.billingAddress?.companyName
        ? await organizationNameOf(tx, checkout.row.organizationMembershipId, deps.userId) : null;
      let { order, stockTaken } = await writeOrder(tx, priced, stock, { method, chargeStatus: expected, idempotencyKey: input.idempotencyKey, userId: deps.userId, referrerMembershipId, company });
      if (referrerMembershipId) await creditReferral(tx, { orderId: order.id, referrerMembershipId });
      if (method === 'ELECTRONIC_QUOTE') {
        const due = new Date(deps.now().getTime() + 30 * 24 * 3600 * 1000);
        await tx.insert(schema.invoices).values({ orderId: order.id, amount, currency: priced.currency, dueAt: due });
      }
      const refused = await moveSubscriptionForOrder(tx, {
        organizationMembershipId: checkout.row.organizationMembershipId, userId: deps.userId, bundleType: priced.bundleType, orderToken: order.token,
        currency: priced.currency, language: checkout.row.language, at: deps.now(),
        lines: priced.priced.filter((l) => l.variant && l.totals).map((l) => ({
          groups: l.variant!.groups, planKind: l.variant!.planKind, billingPeriod: l.variant!.billingPeriod, quantity: l.row.quantity, total: l.totals!.totalPriceDiscounted.gross,
        })),
      });
      if (refused) throw new CheckoutFailure([fail(refused.code, refused.field ?? 'lines', refused.message)]);

      if (!stockTaken) throw new CheckoutFailure([fail('INSUFFICIENT_STOCK', 'lines', 'An item in your cart has just sold out')]);
      await countVoucherUse(tx, priced);
      const charge = method === 'ELECTRONIC_QUOTE' || method === 'FREE'
        ? null
        : saved
          ? await deps.gateway.chargeSaved({
            paymentToken: saved.method.paymentToken, customerId: saved.customerId, amount, currency: priced.currency,
            // One key per attempt, not per placement key: the storefront keeps its key across a refusal, and the
            // provider would answer a second card, or a retry after a refund, with the first attempt's outcome.
            // The SDK's retries within the attempt keep it; a charge an attempt lost is refunded by reconciliation.
            idempotencyKey: `order:${checkout.row.token}:${input.idempotencyKey}:${randomUUID()}`, description: `Order for checkout ${checkout.row.token}`, checkoutToken: checkout.row.token,
          })
          : paidIntent && paidIntent.id === checkout.row.paymentIntentId
            ? chargeOfIntent(paidIntent.outcome, amount, priced.currency)
            : await deps.gateway.charge({
              checkoutToken: checkout.row.token, amount, currency: priced.currency, method,
              intentId: checkout.row.paymentIntentId, card: method === 'CREDIT_CARD' ? testCard(deps, input) : null,
            });
      if (charge?.status === 'FAILED') throw new CheckoutFailure([fail(charge.code, 'payment', 'The payment was not accepted')]);
      if (charge) chargedReference = charge.reference;
      // A crash here leaves a payment without an order: the payments.reconcile job refunds it.
      if (charge?.status === 'SUCCEEDED') faultPoint('after-payment-confirmed');

      // A webhook may have settled the intent before this call: its state wins over the synchronous answer.
      const settled = paymentRow?.status === 'SUCCEEDED' || charge?.status === 'SUCCEEDED';
      const chargeStatus: ChargeStatus = method === 'ELECTRONIC_QUOTE' ? 'NOT_CHARGED' : method === 'FREE' || settled ? 'FULLY_CHARGED' : 'ASYNC_PROCESSING';
      if (chargeStatus !== expected) {
        [order] = (await tx.update(schema.orders).set({ chargeStatus }).where(eq(schema.orders.id, order.id)).returning()) as [OrderRow];
      }
      if (charge) {
        const payment = {
          orderId: order.id, status: settled ? 'SUCCEEDED' : 'PROCESSING', amount, currency: priced.currency,
          ccBrand: charge.card?.brand ?? saved?.method.brand ?? null, ccLastDigits: charge.card?.lastDigits ?? (saved?.method.kind === 'CREDIT_CARD' ? saved.method.lastDigits : null),
          ccExpMonth: charge.card?.expMonth ?? saved?.method.expMonth ?? null, ccExpYear: charge.card?.expYear ?? saved?.method.expYear ?? null,
          updatedAt: new Date(),
        };
        if (paymentRow) await tx.update(schema.payments).set(payment).where(eq(schema.payments.id, paymentRow.id));
        else await insertPayment(tx, { id: charge.reference, checkoutToken: checkout.row.token, gateway: deps.gateway.name, method, ...payment });
      }
      return order;
    });
    return { order, errors: [] };
  } catch (error) {
    if (error instanceof CheckoutFailure) return { order: null, errors: error.errors };
    if (isTradeInConflict(error)) return { order: null, errors: [TRADE_IN_TAKEN] };
    if (chargedReference) {
      deps.log.error({ err: error, reference: chargedReference }, 'order not written after a successful charge: refunding');
      await deps.gateway.refund(chargedReference).catch((refundError) => deps.log.error({ err: refundError, reference: chargedReference }, 'refund failed'));
      // A concurrent call may have written the order: answer with it rather than an error.
      const existing = await orderByKey(deps.db, { key: input.idempotencyKey });
      if (existing[0]) return { order: existing[0], errors: [] };
      return { order: null, errors: [fail('ORDER_CREATION_FAILED', null, 'The order could not be saved; you have not been charged')] };
    }
    throw error;
  } finally {
    // Placed, it changes no more; refused, its next change starts from a read (a copy gone stale elsewhere is not tried twice).
    deps.recent?.forget(input.token);
  }
}

/** The card typed into the offline test gateway's own form, charged by the server (never with Stripe). */
function testCard(deps: PlaceOrderDeps, input: PlaceOrderInput): PlaceOrderInput['card'] {
  return deps.gateway.name === 'test' ? input.card : null;
}

/**
 * The outcome of the intent a placement would be paid by, asked of the provider before the transaction;
 * none when it is paid otherwise (a saved method, a test card) or has no intent.
 */
async function intentPaidBy(deps: PlaceOrderDeps, input: PlaceOrderInput, current: CheckoutLocale): Promise<{ id: string; outcome: IntentOutcome } | null> {
  if (!current.paymentIntentId || input.savedPaymentMethodId || testCard(deps, input)) return null;
  return { id: current.paymentIntentId, outcome: await deps.gateway.intentOutcome(current.paymentIntentId, input.token) };
}

/**
 * The stock a placement takes, by variant; with several items their rows are locked first, in id order, so that
 * two orders never deadlock (the order's statement then takes them all: never below 0, see writeOrder).
 */
async function lockStock(tx: Executor, priced: PricedCheckout): Promise<{ ids: number[]; quantities: number[] }> {
  const wanted = new Map<number, number>();
  for (const line of priced.priced) {
    if (line.variant?.trackInventory) wanted.set(line.variant.id, (wanted.get(line.variant.id) ?? 0) + line.row.quantity);
  }
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  if (ids.length > 1) await lockVariants(tx, { ids });
  return { ids, quantities: ids.map((id) => wanted.get(id)!) };
}

const lockVariants = reusable((db) => db.select({ id: schema.productVariants.id }).from(schema.productVariants)
  .where(sql`${schema.productVariants.id} = any(${sql.placeholder('ids')}::int[])`).orderBy(schema.productVariants.id).for('update'));

/** Counts the voucher's use within its limit (a conditional update: the limit holds under concurrency). */
async function countVoucherUse(tx: Executor, priced: PricedCheckout): Promise<void> {
  if (!priced.promo) return;
  const counted = await tx
    .update(schema.promos)
    .set({ usedCount: sql`${schema.promos.usedCount} + 1` })
    .where(and(eq(schema.promos.id, priced.promo.id), sql`(${schema.promos.usageLimit} is null or ${schema.promos.usedCount} < ${schema.promos.usageLimit})`))
    .returning({ id: schema.promos.id });
  if (!counted.length) throw new CheckoutFailure([fail('VOUCHER_NOT_APPLICABLE', 'voucherCode', 'This code has just been used up')]);
}

/** The columns of an order written from a priced checkout (the others are the database's: id, token, number, dates). */
const ORDER_VALUES = [
  'checkoutToken', 'idempotencyKey', 'userId', 'email', 'country', 'language', 'currency', 'bundleType', 'paymentMethod', 'chargeStatus',
  'subtotalNet', 'subtotalGross', 'discount', 'shippingNet', 'shippingGross', 'totalNet', 'totalTax', 'totalGross', 'totalSavings', 'estimatedDuty',
  'shippingAddress', 'billingAddress', 'shippingMethod', 'vatNumber', 'reverseCharge', 'voucher', 'offers', 'quoteData', 'tradeIn', 'tradeInKey', 'referrerMembershipId',
] as const satisfies ReadonlyArray<keyof typeof schema.orders.$inferInsert>;
type OrderValues = { [K in (typeof ORDER_VALUES)[number]]: (typeof schema.orders.$inferInsert)[K] };
/** The columns of an order line written from a priced line (the lines' JSON array names them as the database does). */
const LINE_VALUES = [
  'variantId', 'productSku', 'productName', 'variantName', 'productTypeName', 'thumbnail', 'quantity', 'isFree',
  'unitNet', 'unitGross', 'undiscountedUnitGross', 'totalNet', 'totalGross',
] as const satisfies ReadonlyArray<keyof typeof schema.orderLines.$inferInsert>;
type LineValues = { [K in (typeof LINE_VALUES)[number]]: (typeof schema.orderLines.$inferInsert)[K] };
const LINE_COLUMNS = LINE_VALUES.map((key) => schema.orderLines[key]);

/**
 * The order, its lines, its `order.placed` outbox row, the checkout closed (completed_order_token, a new
 * version) and the stock taken: one statement, the order's insert in a WITH that the others read its id,
 * token and number from; the lines come as one JSON array and the stock as arrays, so the statement is the same for any number of them and is built
 * once (reusable). Four statements' round trips were a quarter of the server's time in bench:checkout.
 */
const insertPlacedOrder = reusable<{ rows: Array<Record<string, unknown>> }>((db) => {
  const placeholders = Object.fromEntries(ORDER_VALUES.map((key) => [key, sql.placeholder(key)]));
  const order = db.insert(schema.orders).values({ ...placeholders, number: sql<string>`nextval('order_number_seq')::text` } as never).returning();
  const name = (column: (typeof LINE_COLUMNS)[number]) => sql.identifier(column.name);
  const lines = sql`insert into ${schema.orderLines} (${sql.identifier(schema.orderLines.orderId.name)}, ${sql.join(LINE_COLUMNS.map(name), sql`, `)})
    select (select id from placed), ${sql.join(LINE_COLUMNS.map(name), sql`, `)}
      from jsonb_to_recordset(${sql.placeholder('lines')}::jsonb) as l(${sql.join(LINE_COLUMNS.map((c) => sql`${name(c)} ${sql.raw(c.getSQLType())}`), sql`, `)})`;
  const payload = sql`(select jsonb_build_object('orderToken', token, 'number', number, 'email', email, 'total', total_gross, 'currency', currency) from placed)`;
  const outbox = db.insert(schema.outbox).values({ topic: 'order.placed', payload });
  const closed = db.update(schema.checkouts)
    .set({ completedOrderToken: sql`(select token from placed)`, version: sql`${schema.checkouts.version} + 1`, updatedAt: sql.placeholder('now') as never })
    .where(eq(schema.checkouts.id, sql.placeholder('checkoutId')));
  // Each item taken only where its stock suffices: fewer rows taken than asked fails the placement.
  const taken = sql`update ${schema.productVariants} v set stock = v.stock - w.quantity
      from unnest(${sql.placeholder('stockIds')}::int[], ${sql.placeholder('stockQuantities')}::int[]) as w(id, quantity)
     where v.id = w.id and v.stock >= w.quantity returning v.id`;
  // getSQL(): a builder itself would be put in parentheses, as a subquery.
  return sql`with placed as (${order.getSQL()}), placed_lines as (${lines}), placed_job as (${outbox.getSQL()}), closed as (${closed.getSQL()}), taken as (${taken})
    select placed.*, (select count(*) from taken) as ${sql.identifier(STOCK_TAKEN)} from placed`;
});
const STOCK_TAKEN = 'stock_rows_taken';

async function writeOrder(
  tx: Executor, priced: PricedCheckout, stock: { ids: number[]; quantities: number[] },
  options: { method: PaymentMethod; chargeStatus: string; idempotencyKey: string; userId: string | null; referrerMembershipId: string | null; company?: string | null },
): Promise<{ order: OrderRow; stockTaken: boolean }> {
  const { row, totals } = priced;
  const tradeIn = totals.tradeInCredit.gross > 0 ? tradeInOf(row.tradeInData) : null;
  const order: OrderValues = {
    checkoutToken: row.token, idempotencyKey: options.idempotencyKey, userId: options.userId, email: row.email!,
    country: row.country, language: row.language, currency: priced.currency, bundleType: priced.bundleType, paymentMethod: options.method,
    chargeStatus: options.chargeStatus, subtotalNet: totals.subtotal.net, subtotalGross: totals.subtotal.gross, discount: totals.discount,
    shippingNet: totals.shipping.net, shippingGross: totals.shipping.gross, totalNet: totals.total.net, totalTax: totals.total.tax,
    totalGross: totals.total.gross, totalSavings: totals.totalSavings, estimatedDuty: totals.estimatedDuty,
    shippingAddress: priced.isShippingRequired ? row.shippingAddress : null, billingAddress: options.company ? { ...row.billingAddress!, companyName: options.company } : row.billingAddress!,
    shippingMethod: priced.isShippingRequired ? row.shippingMethod : null, vatNumber: row.vatNumber, reverseCharge: priced.reverseCharge,
    voucher: priced.promo && priced.promo.code ? { code: priced.promo.code, name: priced.promo.name, discountValue: totals.discount } : null,
    offers: priced.promo ? [{ name: priced.promo.name, discountValue: totals.discount }] : [],
    quoteData: options.method === 'ELECTRONIC_QUOTE' ? row.quoteData : null,
    tradeIn: tradeIn ? { ...tradeIn, creditNet: totals.tradeInCredit.net, credit: totals.tradeInCredit.gross } : null,
    tradeInKey: tradeIn ? tradeInKey(tradeIn) : null,
    referrerMembershipId: options.referrerMembershipId,
  };
  const lines = priced.priced.filter((l) => l.variant && l.totals).map((l) => {
    const line: LineValues = {
      variantId: l.variant!.id, productSku: l.variant!.sku, productName: l.variant!.product.name, variantName: l.variant!.name,
      productTypeName: l.variant!.product.productType.name, thumbnail: l.variant!.product.images[0]?.path ?? null, quantity: l.row.quantity, isFree: l.row.isFree,
      unitNet: l.totals!.unitPrice.net, unitGross: l.totals!.unitPrice.gross, undiscountedUnitGross: l.totals!.unitPriceUndiscounted.gross,
      totalNet: l.totals!.totalPriceDiscounted.net, totalGross: l.totals!.totalPriceDiscounted.gross,
    };
    return Object.fromEntries(LINE_VALUES.map((key) => [schema.orderLines[key].name, line[key]]));
  });
  const result = await insertPlacedOrder(tx, { ...order, lines: JSON.stringify(lines), now: new Date(), checkoutId: row.id, stockIds: stock.ids, stockQuantities: stock.quantities });
  const placed = result.rows[0]!;
  return { order: orderFromRow(placed), stockTaken: Number(placed[STOCK_TAKEN]) === stock.ids.length };
}

/** The name of the organization a buyer's membership is in (theirs only), or null. */
async function organizationNameOf(tx: Executor, membershipId: string, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await tx.select({ name: schema.organizations.name }).from(schema.organizationMemberships)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.organizationMemberships.organizationId))
    .where(and(eq(schema.organizationMemberships.id, membershipId), eq(schema.organizationMemberships.userId, userId)));
  return row?.name ?? null;
}

/** A row of `orders` as the database sent it (column names, driver values) as drizzle's select gives it. */
const orderFromRow = rowFromDriver(schema.orders);

const orderByKey = reusable((db) => db.select().from(schema.orders).where(eq(schema.orders.idempotencyKey, sql.placeholder('key'))));

const PAYMENT_VALUES = ['id', 'checkoutToken', 'gateway', 'method', 'orderId', 'status', 'amount', 'currency', 'ccBrand', 'ccLastDigits', 'ccExpMonth', 'ccExpYear', 'updatedAt'] as const;
const insertPayment = reusable((db) => db.insert(schema.payments).values(Object.fromEntries(PAYMENT_VALUES.map((key) => [key, sql.placeholder(key)])) as never));

/** The order lines, payments and invoice of orders (for the confirmation and payment pages). */
export async function orderDetails(db: Executor, orderId: number) {
  const [lines, payments, invoices] = await Promise.all([
    db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, orderId)).orderBy(schema.orderLines.id),
    db.select().from(schema.payments).where(eq(schema.payments.orderId, orderId)).orderBy(schema.payments.createdAt),
    db.select().from(schema.invoices).where(eq(schema.invoices.orderId, orderId)),
  ]);
  return { lines, payments, invoice: invoices[0] ?? null };
}

export type OrderDetails = Awaited<ReturnType<typeof orderDetails>>;

/** Rows of several orders grouped by order (every order asked for has a list, empty when it has none). */
function byOrder<R extends { orderId: number | null }>(orderIds: readonly number[], rows: R[]): Map<number, R[]> {
  const grouped = new Map<number, R[]>(orderIds.map((id) => [id, []]));
  for (const row of rows) if (row.orderId !== null) grouped.get(row.orderId)?.push(row);
  return grouped;
}

/** The lines of several orders, in one query (a list of orders shows each one's without a query per order). */
export async function orderLinesOf(db: Executor, orderIds: readonly number[]): Promise<Map<number, OrderDetails['lines']>> {
  return byOrder(orderIds, await db.select().from(schema.orderLines).where(inArray(schema.orderLines.orderId, [...orderIds])).orderBy(schema.orderLines.id));
}

/** The payments of several orders, oldest first, in one query. */
export async function orderPaymentsOf(db: Executor, orderIds: readonly number[]): Promise<Map<number, OrderDetails['payments']>> {
  return byOrder(orderIds, await db.select().from(schema.payments).where(inArray(schema.payments.orderId, [...orderIds])).orderBy(schema.payments.createdAt));
}

/** The invoices of several orders (an order has at most one), in one query. */
export async function orderInvoicesOf(db: Executor, orderIds: readonly number[]): Promise<Map<number, OrderDetails['invoice']>> {
  const grouped = byOrder(orderIds, await db.select().from(schema.invoices).where(inArray(schema.invoices.orderId, [...orderIds])));
  return new Map([...grouped].map(([id, invoices]) => [id, invoices[0] ?? null]));
}

