import type { PaymentFailureCode } from './failure-code.ts';

/** Spec §3 saved payment method kinds (CreditCard, BankAccount, SEPADirectDebit). */
export const SAVED_METHOD_KINDS = ['CREDIT_CARD', 'BANK_ACCOUNT', 'SEPA_DIRECT_DEBIT'] as const;
export type SavedMethodKind = (typeof SAVED_METHOD_KINDS)[number];

/** Saving a method starts with a setup the buyer confirms (Stripe: a SetupIntent, confirmed by its Payment Element). */
export interface SetupRequest {
  organizationId: string;
  kind: SavedMethodKind;
  /** The gateway's customer for the organization, when one was made before. */
  customerId: string | null;
}

export interface Setup {
  id: string;
  /** For the browser element that confirms it (Stripe); null for the test gateway's own form. */
  clientSecret: string | null;
  customerId: string;
}

/** What the test gateway's own form sends; Stripe confirms in its element and sends nothing of this. */
export type TestSetupDetails =
  | { kind: 'CREDIT_CARD'; number: string; expMonth: number; expYear: number; cvc: string; name: string | null }
  | { kind: 'SEPA_DIRECT_DEBIT'; iban: string; name: string | null }
  | { kind: 'BANK_ACCOUNT'; accountNumber: string; routingNumber: string; name: string | null };

/** What we keep of a saved method: the gateway's token and what may be shown, never a number. */
export interface SavedMethodDetails {
  paymentToken: string;
  kind: SavedMethodKind;
  name: string | null;
  brand: string | null;
  lastDigits: string;
  expMonth: number | null;
  expYear: number | null;
  bankCountry: string | null;
  bankName: string | null;
}

export type SetupResult = { ok: true; method: SavedMethodDetails } | { ok: false; code: PaymentFailureCode };

export interface SavedChargeRequest {
  paymentToken: string;
  customerId: string | null;
  amount: number;
  currency: string;
  /** The same key for every try of one renewal attempt: the gateway charges it at most once. */
  idempotencyKey: string;
  description: string;
  /**
   * The checkout the charge pays for, when it pays for one: the gateway lists the charge among the checkout
   * payments that reconciliation refunds when no order holds them (a renewal's charge is kept by its own row).
   */
  checkoutToken?: string;
}
