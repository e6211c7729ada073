import type { PaymentMethod, Wallet } from '@probe/domain';
import type { PaymentFailureCode } from './failure-code.ts';
import type { SavedChargeRequest, Setup, SetupRequest, SetupResult, TestSetupDetails } from './saved-method-types.ts';

export type { PaymentFailureCode };

interface CardDetails {
  brand: string;
  lastDigits: string;
  expMonth: number;
  expYear: number;
}

export type ChargeResult =
  | { status: 'SUCCEEDED' | 'PROCESSING'; reference: string; card: CardDetails | null }
  | { status: 'FAILED'; code: PaymentFailureCode };

/**
 * What the provider says of an intent the buyer completed away from our server (Stripe's Payment Element, a
 * bank page), with the amount it was made for: a read, which moves no money however often it is asked.
 */
export type IntentOutcome =
  | { status: 'SUCCEEDED' | 'PROCESSING'; reference: string; card: CardDetails | null; amount: number; currency: string }
  | { status: 'FAILED'; code: PaymentFailureCode };

/** An intent's outcome as the charge of `amount` in `currency`: an intent made for another sum is refused. */
export function chargeOfIntent(outcome: IntentOutcome, amount: number, currency: string): ChargeResult {
  if (outcome.status === 'FAILED') return outcome;
  if (outcome.amount !== amount || outcome.currency !== currency) return { status: 'FAILED', code: 'PAYMENT_ERROR' };
  return { status: outcome.status, reference: outcome.reference, card: outcome.card };
}

export interface IntentRequest {
  checkoutToken: string;
  amount: number;
  currency: string;
  method: PaymentMethod;
  /** Where the buyer comes back to after paying away from our page (path on our origin). */
  returnPath: string;
  /**
   * What the intent pays when it is not the checkout's own payment (`invoice:{token}`, `order:{token}`): the
   * provider keeps one intent per payable and amount, as it keeps one per checkout, method and amount.
   */
  payable?: string;
  /** The checkout's intent this one takes the place of (refunded by reconciliation): a new intent, not that one again. */
  replaces?: string;
}

export interface Intent {
  id: string;
  /** For a browser element that confirms the payment (Stripe's Payment Element). */
  clientSecret: string | null;
  /** Where the buyer pays away from our page (the test gateway's page, a bank). */
  redirectUrl: string | null;
}

export interface ChargeRequest {
  checkoutToken: string;
  amount: number;
  currency: string;
  method: PaymentMethod;
  /** The intent made before the order (asynchronous methods, every Stripe payment). */
  intentId: string | null;
  /** Card details, for the offline test gateway's own form only. Never stored, never logged. */
  card: { number: string; expMonth: number; expYear: number; cvc: string } | null;
}

export interface SucceededPayment {
  reference: string;
  checkoutToken: string;
  amount: number;
  currency: string;
  refundedAmount: number;
  createdAt: Date;
}

/** A verified webhook event, reduced to what changes our state. */
export interface GatewayEvent {
  id: string;
  type: 'payment.processing' | 'payment.succeeded' | 'payment.failed' | 'ignored';
  intentId: string | null;
  failureCode: PaymentFailureCode | null;
}

/**
 * What the store needs of a payment service provider. Two implementations: the offline test gateway
 * (default) and Stripe. Nothing outside this folder knows which one is in use.
 */
export interface PaymentGateway {
  readonly name: 'test' | 'stripe';
  /** What the browser needs (Stripe's publishable key), as JSON. */
  clientConfig(): Record<string, string>;
  /** The wallets (express checkout) this provider offers buyers in a country. */
  expressWallets(country: string): readonly Wallet[];
  /** Makes the intent an asynchronous method (or, with Stripe, every method) is paid through. */
  createIntent(request: IntentRequest): Promise<Intent>;
  /** Charges (test card) or reads the outcome of the intent the buyer completed. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * The outcome of an intent made for a checkout (another checkout's intent is not found). Asked before the
   * order's transaction opens, so that the provider's answer, a network call, never holds a lock.
   */
  intentOutcome(intentId: string, checkoutToken: string): Promise<IntentOutcome>;
  /**
   * Gives money back on a charge: all that is left of it, or `amount`; retried with the same key, it
   * refunds once. Used when an order could not be written after a successful charge, and by staff.
   */
  refund(reference: string, options?: { amount?: number; idempotencyKey?: string }): Promise<void>;
  /** Starts saving a payment method for later charges without the buyer (renewals). */
  createSetup(request: SetupRequest): Promise<Setup>;
  /**
   * The saved method a confirmed setup made (the test gateway takes its own form's details here); a setup
   * started for another organization is not found (a setup id is not a key to someone else's method).
   */
  completeSetup(setupId: string, organizationId: string, details: TestSetupDetails | null): Promise<SetupResult>;
  /** Charges a saved method off-session; retried with the same key, it charges once. SEPA and ACH answer PROCESSING and settle later. */
  chargeSaved(request: SavedChargeRequest): Promise<ChargeResult>;
  /** Forgets a saved method at the gateway. */
  detach(paymentToken: string): Promise<void>;
  /**
   * Checkout payments that succeeded at the provider since `since`, with what was refunded of each: the
   * provider's truth, which reconciliation compares with our orders (a payment may outlive a crash that
   * lost its order).
   */
  succeededPayments(since: Date): Promise<SucceededPayment[]>;
  /** Verifies a webhook's signature on its raw body; throws when it is forged or stale. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): GatewayEvent;
}
