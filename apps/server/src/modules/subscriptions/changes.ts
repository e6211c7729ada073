import { schema, type Database } from '@probe/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChargeResult, PaymentGateway } from '../payments/index.ts';
import { queueNotice } from './notices/queue.ts';
import { quoteChange, quoteRenewal, type ChangeQuote, type ChangeRequest, type QuoteResult } from './quotes.ts';
import { findSubscriptionOf, lockSubscription, writeState, type Executor, type SubscriptionRow } from './repo.ts';
import { schedulePeriodEnd } from './renewal.ts';
import { writeChargeReceipt, type Buyer } from './receipts.ts';
import { billingOf, customerOf } from './saved-methods-repo.ts';
import type { SubscriptionError } from './service.ts';
import { TOPICS, type ChargeResumeJob } from './topics.ts';

const { subscriptionCharges: charges, outbox } = schema;
type ChargeRow = typeof charges.$inferSelect;

export interface ChangesDeps {
  db: Database;
  gateway: PaymentGateway;
  now: () => Date;
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/** What a paid change or renewal order records, to finish it after a crash the same way. */
type Pending = ({ kind: 'CHANGE'; request: ChangeRequest; newPrice: number; scheduled: boolean } | { kind: 'RENEWAL_ORDER'; newPrice: number }) & {
  /** Who asked: the receipt's buyer (absent on rows written before receipts: the first admin then). */
  buyer?: Buyer | null;
};

export interface PaidResult {
  subscription: SubscriptionRow | null;
  charged: { amount: number; currency: string } | null;
  errors: SubscriptionError[];
}

const KEY = /^[A-Za-z0-9_:.-]{8,128}$/;
/** How long a paid change may stay unfinished before the resume job completes it (its process died). */
const RESUME_AFTER_MS = 5 * 60_000;
const error = (code: string, message: string, field: string | null = null): PaidResult => ({ subscription: null, charged: null, errors: [{ code: code as SubscriptionError['code'], field, message }] });

/**
 * ChangeSubscription and SubscriptionRenewal: a change paid now from the organization's primary saved
 * method. Never charged twice, never charged without the change:
 *  1. on the locked row, the quote is checked against what the buyer saw and a PENDING charge row with
 *     the caller's key and the change is written, with a job that finishes it should this process die;
 *  2. the gateway is called with that key (a retry gets the same answer, not a second charge);
 *  3. on the locked row again, the outcome is written and the change applied by the same rules; a row
 *     that moved meanwhile so the change no longer applies gets its money back (refund).
 * Only one such payment is in flight per subscription; the renewal job waits for it.
 */
export class SubscriptionChanges {
  constructor(private readonly deps: ChangesDeps) {}

  async previewChange(organizationId: string, request: ChangeRequest): Promise<QuoteResult> {
    const row = await findSubscriptionOf(this.deps.db, organizationId);
    if (!row) return { quote: null, errors: [{ code: 'NOT_FOUND', field: 'organizationId', message: 'This organization has no subscription' }] };
    return quoteChange(this.deps.db, row, request, this.deps.now());
  }

  async previewRenewal(organizationId: string): Promise<QuoteResult> {
    const row = await findSubscriptionOf(this.deps.db, organizationId);
    if (!row) return { quote: null, errors: [{ code: 'NOT_FOUND', field: 'organizationId', message: 'This organization has no subscription' }] };
    return quoteRenewal(row, this.deps.now());
  }

  /** `buyer`: the admin who asked; the receipt (an order, decision 0042) is theirs. */
  change(organizationId: string, request: ChangeRequest, key: string, expectedAmount: number | null, buyer: Buyer | null = null): Promise<PaidResult> {
    return this.pay(organizationId, key, expectedAmount, async (tx, row, at) => {
      const result = await quoteChange(tx, row, request, at);
      return result.quote ? { quote: result.quote, pending: { kind: 'CHANGE', request, newPrice: result.quote.newPrice, scheduled: result.quote.scheduled, buyer } } : { errors: result.errors };
    });
  }

  renew(organizationId: string, key: string, expectedAmount: number | null, buyer: Buyer | null = null): Promise<PaidResult> {
    return this.pay(organizationId, key, expectedAmount, async (_tx, row, at) => {
      const result = quoteRenewal(row, at);
      return result.quote ? { quote: result.quote, pending: { kind: 'RENEWAL_ORDER', newPrice: result.quote.newPrice, buyer } } : { errors: result.errors };
    });
  }

  /** The resume job: finishes a payment whose process stopped between the charge and its recording. */
  async resume(chargeId: number): Promise<void> {
    const [row] = await this.deps.db.select().from(charges).where(eq(charges.id, chargeId));
    if (row?.status === 'PENDING') await this.finish(row);
  }

  private async pay(
    organizationId: string,
    key: string,
    expectedAmount: number | null,
    quote: (tx: Executor, row: SubscriptionRow, at: Date) => Promise<{ quote: ChangeQuote; pending: Pending } | { errors: SubscriptionError[] }>,
  ): Promise<PaidResult> {
    if (!KEY.test(key)) return error('INVALID', 'A key of 8 to 128 letters, digits or -_:. is required', 'idempotencyKey');
    const begun = await this.deps.db.transaction(async (tx): Promise<ChargeRow | PaidResult> => {
      const row = await lockSubscription(tx, { organizationId });
      if (!row) return error('NOT_FOUND', 'This organization has no subscription', 'organizationId');
      const [earlier] = await tx.select().from(charges).where(eq(charges.idempotencyKey, key));
      if (earlier) return earlier.subscriptionId === row.id ? earlier : error('INVALID', 'This key was used for another subscription', 'idempotencyKey');
      const [inFlight] = await tx.select({ id: charges.id }).from(charges).where(and(eq(charges.subscriptionId, row.id), eq(charges.status, 'PENDING'))).limit(1);
      if (inFlight) return error('OPERATION_NOT_ALLOWED', 'A payment for this subscription is in progress; try again in a minute');
      const priced = await quote(tx, row, this.deps.now());
      if ('errors' in priced) return { subscription: null, charged: null, errors: priced.errors };
      if (expectedAmount !== null && expectedAmount !== priced.quote.amount) return error('PRICES_ARE_CHANGED', 'The price has changed since you saw it', 'expectedAmount');
      const { method } = await billingOf(tx, organizationId, this.deps.gateway.name);
      if (priced.quote.amount > 0 && !method) return error('PAYMENT_NOT_FOUND', 'Add a payment method first', 'paymentMethod');
      const [charge] = await tx.insert(charges).values({
        subscriptionId: row.id, kind: priced.pending.kind, periodEnd: row.periodEnd ?? this.deps.now(), attempt: 0, amount: priced.quote.amount,
        currency: row.currency, paymentMethodId: method?.id ?? null, idempotencyKey: key, change: priced.pending,
      }).returning();
      const resume: ChargeResumeJob = { chargeId: charge!.id };
      await tx.insert(outbox).values({ topic: TOPICS.chargeResume, payload: resume, runAt: new Date(this.deps.now().getTime() + RESUME_AFTER_MS) });
      return charge!;
    });
    if (!('id' in begun)) return begun;
    return this.finish(begun);
  }

  /** Steps 2 and 3 for a charge row: call the gateway (once, by key) unless it answered, then record and apply. */
  private async finish(charge: ChargeRow): Promise<PaidResult> {
    const pending = charge.change as Pending;
    if (charge.status !== 'PENDING') return this.answer(charge);
    const result = await this.callGateway(charge);
    const at = this.deps.now();
    const outcome = await this.deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(charges).where(eq(charges.id, charge.id)).for('update');
      if (!current || current.status !== 'PENDING') return { done: current ?? charge, refund: null };
      if (result.status === 'FAILED') {
        const [failed] = await tx.update(charges).set({ status: 'FAILED', failureCode: result.code, settledAt: at }).where(eq(charges.id, charge.id)).returning();
        return { done: failed!, refund: null };
      }
      const row = await lockSubscription(tx, { id: charge.subscriptionId });
      const applied = row ? await this.apply(tx, row, charge, pending, at) : null;
      if (!applied) {
        const [reversed] = await tx.update(charges).set({ status: 'REVERSED', gatewayReference: result.reference, failureCode: 'OPERATION_NOT_ALLOWED', settledAt: at }).where(eq(charges.id, charge.id)).returning();
        return { done: reversed!, refund: result.reference };
      }
      const [paid] = await tx.update(charges).set({ status: result.status, gatewayReference: result.reference, settledAt: result.status === 'SUCCEEDED' ? at : null }).where(eq(charges.id, charge.id)).returning();
      // Every charge leaves a receipt: an order with its invoice and e-mail, in this transaction (decision 0042).
      await writeChargeReceipt(tx, {
        chargeId: paid!.id, kind: pending.kind, status: result.status, amount: paid!.amount, currency: paid!.currency,
        before: row!, after: applied, buyer: pending.buyer ?? null,
      });
      return { done: paid!, refund: null };
    });
    if (outcome.refund && !outcome.refund.startsWith('free:')) {
      await this.deps.gateway.refund(outcome.refund).catch((err) => this.deps.log?.error({ err, reference: outcome.refund }, 'refund of a change that no longer applies failed'));
    }
    return this.answer(outcome.done);
  }

  private async callGateway(charge: ChargeRow): Promise<ChargeResult> {
    if (charge.amount === 0) return { status: 'SUCCEEDED', reference: `free:${charge.id}`, card: null };
    const [method] = charge.paymentMethodId
      ? await this.deps.db.select().from(schema.savedPaymentMethods).where(eq(schema.savedPaymentMethods.id, charge.paymentMethodId))
      : [];
    if (!method) return { status: 'FAILED', code: 'PAYMENT_NOT_FOUND' };
    const customerId = await customerOf(this.deps.db, method.organizationId, this.deps.gateway.name);
    return this.deps.gateway.chargeSaved({
      paymentToken: method.paymentToken, customerId, amount: charge.amount, currency: charge.currency,
      idempotencyKey: `${charge.kind.toLowerCase()}:${charge.idempotencyKey}`, description: charge.kind === 'CHANGE' ? 'Subscription change' : 'Subscription renewal',
    });
  }

  /** The change on the locked row, by the same rules as when it was quoted; null when it no longer applies. */
  private async apply(tx: Executor, row: SubscriptionRow, charge: ChargeRow, pending: Pending, at: Date): Promise<SubscriptionRow | null> {
    if (pending.kind === 'RENEWAL_ORDER') {
      const renewed = quoteRenewal(row, at);
      if (!renewed.quote) return null;
      const written = await writeState(tx, row, renewed.quote.next, { type: 'RENEWED', chargeId: charge.id }, { currentPrice: pending.newPrice, scheduledPrice: null });
      await schedulePeriodEnd(tx, written);
      await queueNotice(tx, written, { kind: 'renewed', amount: charge.amount, currency: charge.currency, date: written.periodEnd?.toISOString() }, this.deps.publicUrl);
      return written;
    }
    const changed = await quoteChange(tx, row, pending.request, at);
    if (!changed.quote) return null;
    const type = changed.quote.events.map((e) => e.type).join('+');
    const price = pending.scheduled ? { scheduledPrice: pending.newPrice } : { currentPrice: pending.newPrice };
    return writeState(tx, row, changed.quote.next, { type, chargeId: charge.id }, { ...price, maxCloudUsers: changed.quote.next.seats });
  }

  private async answer(charge: ChargeRow): Promise<PaidResult> {
    if (charge.status === 'FAILED' || charge.status === 'REVERSED') {
      return error(charge.failureCode ?? 'PAYMENT_ERROR', charge.status === 'FAILED' ? 'The payment was not accepted' : 'The subscription changed meanwhile; the payment was refunded', 'payment');
    }
    const [subscription] = await this.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.id, charge.subscriptionId));
    return { subscription: subscription ?? null, charged: charge.amount > 0 ? { amount: charge.amount, currency: charge.currency } : null, errors: [] };
  }
}
