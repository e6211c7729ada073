import { schema, type Database } from '@probe/db';
import { canChangeCharge, canChangeInvoice, isAsyncMethod, type ChargeStatus, type PaymentMethod } from '@probe/domain';
import { eq, sql } from 'drizzle-orm';
import type { GatewayEvent, PaymentGateway } from '../payments/index.ts';
import { reversePaymentMove, settleSubscriptionCharge } from '../subscriptions/index.ts';
import { changeBasis, CheckoutFailure, mayUse, fail, type CheckoutError, priceCheckout, snapshotFor, isUuid, writeChange, type LoadedCheckout } from '../checkout/index.ts';
import type { OrderRow, PlaceOrderDeps } from './place-order.ts';
import { savedMethodToCharge } from './saved-method-payment.ts';
import { readinessErrors } from './readiness.ts';
import { viesRecheck } from './vies-recheck.ts';

type Card = { number: string; expMonth: number; expYear: number; cvc: string } | null;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A placement's preparation read, worked out and written again at most this many times when other changes of the checkout keep coming first. */
const MAX_ATTEMPTS = 5;
interface Due { order: OrderRow; amount: number; currency: string; invoice: { id: number; token: string } | null }

/** Payment status moves a webhook may make. */
const PAYMENT_TRANSITIONS: Record<string, readonly string[]> = {
  PENDING: ['PROCESSING', 'SUCCEEDED', 'FAILED'],
  PROCESSING: ['SUCCEEDED', 'FAILED'],
  SUCCEEDED: ['REFUNDED'],
  FAILED: [],
  REFUNDED: [],
};

/**
 * CheckoutBeforePlaceOrderMutation: checks everything placing the order needs (attestations of the
 * checkout's type included), stores the chosen method and attestations, and for a method paid away from
 * our page (or any method with Stripe) creates the payment intent: its client secret or redirect URL
 * goes back to the browser.
 */
export async function beforePlaceOrder(
  deps: PlaceOrderDeps,
  input: { token: string; paymentMethod: PaymentMethod; attestations: string[]; savedPaymentMethodId?: string | null },
): Promise<{ errors: CheckoutError[]; intent: { clientSecret: string | null; redirectUrl: string | null } | null; checkout: LoadedCheckout | null }> {
  const notFound = { errors: [fail('NOT_FOUND', 'token', 'Checkout not found')], intent: null, checkout: null };
  // As every checkout change (CheckoutService.mutate): worked out on the checkout this process kept or a
  // read, written only on that version; read again when another change came first, and before a refusal
  // is answered. An intent made for a lost race is never confirmed.
  let fresh = false;
  for (let attempt = 1; ; attempt++) {
    const { checkout, kept } = await changeBasis(deps.db, deps.recent, input.token, { fresh });
    fresh = true;
    // A refusal is answered only from a fresh read (a kept copy may be stale), as in CheckoutService.mutate.
    if (!checkout || !mayUse(checkout, deps.userId)) {
      if (kept) continue;
      return notFound;
    }
    if (checkout.row.completedOrderToken) {
      if (kept) continue;
      return { errors: [fail('OPERATION_NOT_ALLOWED', 'token', 'This checkout has already been ordered')], intent: null, checkout };
    }
    try {
      const snapshot = await snapshotFor(deps.catalogue, checkout.row.country, checkout.row.language);
      const priced = await priceCheckout(deps.db, snapshot, checkout, deps.now());
      const errors = readinessErrors(priced, input.paymentMethod, input.attestations, deps.userId);
      if (!errors.length) errors.push(...(await viesRecheck(deps.vat, checkout.row.vatNumber, checkout.row.country)));
      if (errors.length && kept) continue;
      if (errors.length) return { errors, intent: null, checkout };
      // Paid with the organization's saved method: charged at placement, no intent for the buyer to confirm.
      if (input.savedPaymentMethodId) await savedMethodToCharge(deps.db, checkout.row, deps.userId, deps.gateway.name, input.savedPaymentMethodId, input.paymentMethod);
      const needsIntent = !input.savedPaymentMethodId && input.paymentMethod !== 'ELECTRONIC_QUOTE' && input.paymentMethod !== 'FREE'
        && (isAsyncMethod(input.paymentMethod) || deps.gateway.name === 'stripe');
      const made = needsIntent
        ? await deps.gateway.createIntent({
          checkoutToken: checkout.row.token, amount: priced.totals.total.gross, currency: priced.currency, method: input.paymentMethod,
          returnPath: `/${checkout.row.country.toLowerCase()}/${checkout.row.language}/checkout/payment/${checkout.row.token}/`,
          ...(await refundedIntent(deps.db, checkout.row.paymentIntentId)),
        })
        : null;
      // The intent's payment row is written with the change, in its statement.
      const payment = made && sql`insert into ${schema.payments} (id, checkout_token, gateway, method, amount, currency, status)
        select ${made.id}, c.token, ${deps.gateway.name}, ${input.paymentMethod}, ${priced.totals.total.gross}, ${priced.currency}, 'PENDING' from c
        on conflict do nothing`;
      const written = await writeChange(deps.db, checkout, {
        fields: { paymentMethod: input.paymentMethod, attestations: input.attestations, paymentIntentId: made?.id ?? null },
        ...(payment ? { also: payment } : {}),
      }, new Date());
      if (written) {
        deps.recent?.remember(written);
        return { errors: [], intent: made && { clientSecret: made.clientSecret, redirectUrl: made.redirectUrl }, checkout: written };
      }
      if (attempt === MAX_ATTEMPTS) return { errors: [fail('VERSION_CONFLICT', 'token', 'The checkout changed in another window; try again')], intent: null, checkout: null };
    } catch (error) {
      if (!(error instanceof CheckoutFailure)) throw error;
      if (!kept) return { errors: error.errors, intent: null, checkout };
    }
  }
}

/**
 * The checkout's last intent was paid, never placed, and refunded by reconciliation: the provider would answer
 * its key (checkout, method, amount) with that refunded intent for a day, so the next one replaces it. Only a
 * checkout that has an intent already costs the read.
 */
async function refundedIntent(db: Database, intentId: string | null): Promise<{ replaces?: string }> {
  if (!intentId) return {};
  const [row] = await db.select({ status: schema.payments.status }).from(schema.payments).where(eq(schema.payments.id, intentId));
  return row?.status === 'REFUNDED' ? { replaces: intentId } : {};
}

/**
 * Applies a verified webhook event once: its id is recorded in the same transaction as its effect, so a
 * replay (or a concurrent duplicate) finds the id and changes nothing. Moves that are not legal any more
 * (an out-of-order "processing" after "succeeded") are ignored.
 */
/** `publicUrl`: the store's address, for the links in the e-mails a returned debit sends. */
export async function applyGatewayEvent(db: Database, gateway: PaymentGateway, event: GatewayEvent, publicUrl: string): Promise<'applied' | 'duplicate' | 'ignored'> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(schema.webhookEvents)
      .values({ eventId: event.id, gateway: gateway.name, type: event.type, paymentId: event.intentId })
      .onConflictDoNothing()
      .returning({ id: schema.webhookEvents.eventId });
    if (!inserted.length) return 'duplicate';
    if (event.type === 'ignored' || !event.intentId) return 'ignored';
    const [payment] = await tx.select().from(schema.payments).where(eq(schema.payments.id, event.intentId)).for('update');
    if (!payment) {
      // A debit charged to a saved method (a subscription's renewal or change) settles on its charge row.
      if (event.type === 'payment.processing') return 'ignored';
      const settled = await settleSubscriptionCharge(tx, event.intentId, event.type === 'payment.succeeded' ? 'SUCCEEDED' : 'FAILED', event.failureCode, new Date(), publicUrl);
      return settled ? 'applied' : 'ignored';
    }
    const next = event.type === 'payment.succeeded' ? 'SUCCEEDED' : event.type === 'payment.failed' ? 'FAILED' : 'PROCESSING';
    if (!PAYMENT_TRANSITIONS[payment.status]!.includes(next)) return 'ignored';
    await tx.update(schema.payments).set({ status: next, failureCode: event.failureCode, updatedAt: new Date() }).where(eq(schema.payments.id, payment.id));
    if (payment.orderId) {
      const [order] = await tx.select().from(schema.orders).where(eq(schema.orders.id, payment.orderId)).for('update');
      const target: ChargeStatus | null = next === 'SUCCEEDED' ? 'FULLY_CHARGED' : next === 'FAILED' ? 'NOT_CHARGED' : null;
      if (order && target && canChangeCharge(order.chargeStatus as ChargeStatus, target)) {
        await tx.update(schema.orders).set({ chargeStatus: target }).where(eq(schema.orders.id, order.id));
        // An invoice paid through Stripe (startInvoicePayment) gets the paid invoice's e-mail, as one paid by card does.
        const [invoice] = payment.invoiceId && target === 'FULLY_CHARGED' ? await tx.select({ token: schema.invoices.token }).from(schema.invoices).where(eq(schema.invoices.id, payment.invoiceId)) : [];
        const topic = target === 'FULLY_CHARGED' ? (invoice ? 'invoice.paid' : 'order.paid') : 'order.payment_failed';
        await tx.insert(schema.outbox).values({ topic, payload: { orderToken: order.token, number: order.number, ...(invoice ? { invoiceToken: invoice.token } : {}) } });
        // The bank refused the debit after the order moved the subscription: the move is undone.
        if (target === 'NOT_CHARGED') await reversePaymentMove(tx, { orderToken: order.token }, { amount: order.totalGross, currency: order.currency }, publicUrl);
      }
    }
    if (payment.invoiceId && next === 'SUCCEEDED') await markInvoicePaid(tx, payment.invoiceId);
    return 'applied';
  });
}

export async function markInvoicePaid(tx: Tx, invoiceId: number): Promise<void> {
  const [invoice] = await tx.select().from(schema.invoices).where(eq(schema.invoices.id, invoiceId)).for('update');
  if (!invoice || !canChangeInvoice(invoice.status as 'OPEN', 'PAID')) return;
  await tx.update(schema.invoices).set({ status: 'PAID', paidAt: new Date() }).where(eq(schema.invoices.id, invoice.id));
  const [order] = await tx.select().from(schema.orders).where(eq(schema.orders.id, invoice.orderId)).for('update');
  if (order && canChangeCharge(order.chargeStatus as ChargeStatus, 'FULLY_CHARGED')) {
    await tx.update(schema.orders).set({ chargeStatus: 'FULLY_CHARGED' }).where(eq(schema.orders.id, order.id));
  }
}

/**
 * Pays what is due on an existing order by card, in one transaction: `due` locks the row that decides
 * the amount (an invoice, the order) and refuses what cannot be paid; the card is charged, the payment
 * recorded and `settled` applies the paid state. A charge whose record cannot be written is refunded.
 */
async function payByCard(
  deps: PlaceOrderDeps,
  card: Card,
  due: (tx: Tx) => Promise<Due>,
  settled: (tx: Tx, due: Due) => Promise<void>,
): Promise<{ errors: CheckoutError[] }> {
  // With Stripe a card is typed in its Payment Element only (startPayment): a number sent here is not used.
  if (deps.gateway.name !== 'test') return { errors: [fail('PAYMENT_NOT_FOUND', 'payment', 'Pay in the payment form')] };
  let reference: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const owed = await due(tx);
      const { order, amount, currency } = owed;
      const charge = await deps.gateway.charge({ checkoutToken: order.checkoutToken, amount, currency, method: 'CREDIT_CARD', intentId: null, card });
      if (charge.status === 'FAILED') throw new CheckoutFailure([fail(charge.code, 'payment', 'The payment was not accepted')]);
      reference = charge.reference;
      await tx.insert(schema.payments).values({
        id: charge.reference, checkoutToken: order.checkoutToken, orderId: order.id, invoiceId: owed.invoice?.id ?? null, gateway: deps.gateway.name, method: 'CREDIT_CARD',
        amount, currency, status: 'SUCCEEDED', ccBrand: charge.card?.brand ?? null, ccLastDigits: charge.card?.lastDigits ?? null,
        ccExpMonth: charge.card?.expMonth ?? null, ccExpYear: charge.card?.expYear ?? null,
      });
      await settled(tx, owed);
    });
    return { errors: [] };
  } catch (error) {
    if (error instanceof CheckoutFailure) return { errors: error.errors };
    if (reference) await deps.gateway.refund(reference).catch(() => undefined);
    throw error;
  }
}

/** What an open invoice (an order placed on an electronic quote) asks, on its locked row: a paid invoice answers OPERATION_NOT_ALLOWED. */
function invoiceDue(token: string) {
  return async (tx: Tx): Promise<Due> => {
    // Tokens are UUIDs: anything else names no invoice (and is never sent to the uuid column, which would throw).
    const [invoice] = isUuid(token) ? await tx.select().from(schema.invoices).where(eq(schema.invoices.token, token)).for('update') : [];
    if (!invoice) throw new CheckoutFailure([fail('NOT_FOUND', 'token', 'Invoice not found')]);
    if (invoice.status === 'PAID') throw new CheckoutFailure([fail('OPERATION_NOT_ALLOWED', 'token', 'This invoice has already been paid')]);
    const [order] = await tx.select().from(schema.orders).where(eq(schema.orders.id, invoice.orderId));
    if (order!.cancelledAt) throw new CheckoutFailure([fail('OPERATION_NOT_ALLOWED', 'token', 'This order has been cancelled')]);
    return { order: order!, amount: invoice.amount, currency: invoice.currency, invoice: { id: invoice.id, token: invoice.token } };
  };
}

/** What an order whose asynchronous payment failed (NOT_CHARGED, no invoice) asks, on its locked row. */
function orderDue(token: string) {
  return async (tx: Tx): Promise<Due> => {
    const [order] = isUuid(token) ? await tx.select().from(schema.orders).where(eq(schema.orders.token, token)).for('update') : [];
    if (!order) throw new CheckoutFailure([fail('NOT_FOUND', 'token', 'Order not found')]);
    const [invoice] = await tx.select({ id: schema.invoices.id }).from(schema.invoices).where(eq(schema.invoices.orderId, order.id));
    if (order.cancelledAt) throw new CheckoutFailure([fail('OPERATION_NOT_ALLOWED', 'token', 'This order has been cancelled')]);
    if (order.chargeStatus !== 'NOT_CHARGED' || invoice) throw new CheckoutFailure([fail('OPERATION_NOT_ALLOWED', 'token', 'This order has nothing to pay here')]);
    return { order, amount: order.totalGross, currency: order.currency, invoice: null };
  };
}

/**
 * Pays an open invoice by card (the test gateway's form). The invoice row is locked, so two payments of one
 * invoice cannot both charge.
 */
export function payInvoice(deps: PlaceOrderDeps, input: { token: string; card: Card }): Promise<{ errors: CheckoutError[] }> {
  return payByCard(deps, input.card, invoiceDue(input.token), async (tx, { order, invoice }) => {
    await markInvoicePaid(tx, invoice!.id);
    await tx.insert(schema.outbox).values({ topic: 'invoice.paid', payload: { invoiceToken: invoice!.token, orderToken: order.token } });
  });
}

/**
 * Pays an order whose asynchronous payment failed by card (the test gateway's form), at
 * /order-payment/{orderToken}/. The order row is locked, so two payments cannot both charge.
 */
export function payOrder(deps: PlaceOrderDeps, input: { token: string; card: Card }): Promise<{ errors: CheckoutError[] }> {
  return payByCard(deps, input.card, orderDue(input.token), async (tx, { order }) => {
    await tx.update(schema.orders).set({ chargeStatus: 'FULLY_CHARGED', paymentMethod: 'CREDIT_CARD' }).where(eq(schema.orders.id, order.id));
    await tx.insert(schema.outbox).values({ topic: 'order.paid', payload: { orderToken: order.token, number: order.number } });
  });
}

export interface PaymentStart { clientSecret: string | null; errors: CheckoutError[] }

/**
 * Paying later with Stripe (an open invoice, a failed order): an intent for what is due, confirmed by the buyer
 * in Stripe's Payment Element (no card number on our page or server), its payment row naming the order and
 * invoice it pays; the signed webhook settles them (applyGatewayEvent). One intent per thing and amount,
 * however often the page is opened. The test gateway answers no intent: its own card form pays (payByCard).
 */
async function startPayment(deps: PlaceOrderDeps, due: (tx: Tx) => Promise<Due>, payable: string): Promise<PaymentStart> {
  let owed: Due;
  try {
    owed = await deps.db.transaction(due);
  } catch (error) {
    if (error instanceof CheckoutFailure) return { clientSecret: null, errors: error.errors };
    throw error;
  }
  if (deps.gateway.name !== 'stripe') return { clientSecret: null, errors: [] };
  const { order, amount, currency, invoice } = owed;
  const intent = await deps.gateway.createIntent({
    checkoutToken: order.checkoutToken, amount, currency, method: 'CREDIT_CARD', returnPath: '/', payable,
  });
  await deps.db.insert(schema.payments).values({
    id: intent.id, checkoutToken: order.checkoutToken, orderId: order.id, invoiceId: invoice?.id ?? null, gateway: deps.gateway.name, method: 'CREDIT_CARD', amount, currency, status: 'PENDING',
  }).onConflictDoNothing();
  return { clientSecret: intent.clientSecret, errors: [] };
}

export function startInvoicePayment(deps: PlaceOrderDeps, token: string): Promise<PaymentStart> {
  return startPayment(deps, invoiceDue(token), `invoice:${token}`);
}

export function startOrderPayment(deps: PlaceOrderDeps, token: string): Promise<PaymentStart> {
  return startPayment(deps, orderDue(token), `order:${token}`);
}
