import type Stripe from 'stripe';
import { stripeSdk } from './stripe-sdk.ts';
import type { PaymentMethod, Wallet } from '@probe/domain';
import { chargeOfIntent, type ChargeRequest, type ChargeResult, type GatewayEvent, type Intent, type IntentOutcome, type IntentRequest, type PaymentGateway, type SucceededPayment } from './gateway.ts';
import type { SavedChargeRequest, SavedMethodKind, Setup, SetupRequest, SetupResult } from './saved-method-types.ts';
import { assertFreshSignatureTimestamp, eventFromStripeShape, failureCodeOf, WEBHOOK_TOLERANCE_S } from './events.ts';

/** Our payment methods → Stripe's payment method types. */
const STRIPE_TYPES: Record<Exclude<PaymentMethod, 'ELECTRONIC_QUOTE' | 'FREE'>, string> = {
  CREDIT_CARD: 'card', SEPA: 'sepa_debit', ACH: 'us_bank_account', ACSS: 'acss_debit', IDEAL: 'ideal', BANCONTACT: 'bancontact',
  EPS: 'eps', PRZELEWY24: 'p24', KLARNA: 'klarna', AFFIRM: 'affirm', PAYPAL_ONE_TIME: 'paypal',
};

const SETUP_TYPES: Record<SavedMethodKind, 'card' | 'sepa_debit' | 'us_bank_account'> = { CREDIT_CARD: 'card', SEPA_DIRECT_DEBIT: 'sepa_debit', BANK_ACCOUNT: 'us_bank_account' };

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Only for tests: where the SDK sends its requests (a recorded-response fake of Stripe's API). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/**
 * Stripe, through the official SDK: every payment is a PaymentIntent confirmed in the browser by
 * Stripe's Payment Element (so no card number reaches our page's DOM, our server or our logs); the
 * order is placed once the intent is processing or succeeded; webhooks are verified by the SDK.
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly StripeSdk = stripeSdk();

  constructor(private readonly options: StripeGatewayOptions) {
    this.stripe = new this.StripeSdk(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(options.host ? { host: options.host, port: options.port, protocol: options.protocol ?? 'https' } : {}),
    });
  }

  /** Stripe's Express Checkout Element is not wired into the storefront yet: no wallet is offered with Stripe. */
  expressWallets(): readonly Wallet[] {
    return [];
  }

  clientConfig(): Record<string, string> {
    return { gateway: 'stripe', publishableKey: this.options.publishableKey };
  }

  async createIntent(request: IntentRequest): Promise<Intent> {
    const type = STRIPE_TYPES[request.method as keyof typeof STRIPE_TYPES];
    const intent = await this.stripe.paymentIntents.create(
      { amount: request.amount, currency: request.currency, allowed_payment_method_types: [type as never], metadata: { checkoutToken: request.checkoutToken } },
      // The same checkout, method and amount (or payable and amount) always map to the same intent, however often
      // the call is retried; one made after a refunded intent is keyed after it.
      { idempotencyKey: `${request.payable ? `pay-${request.payable}` : `intent:${request.checkoutToken}:${request.method}`}:${request.amount}:${request.currency}${request.replaces ? `:after:${request.replaces}` : ''}` },
    );
    return { id: intent.id, clientSecret: intent.client_secret, redirectUrl: null };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (!request.intentId) return { status: 'FAILED', code: 'PAYMENT_NOT_FOUND' };
    return chargeOfIntent(await this.intentOutcome(request.intentId, request.checkoutToken), request.amount, request.currency);
  }

  async intentOutcome(intentId: string, checkoutToken: string): Promise<IntentOutcome> {
    const intent = await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    if (intent.metadata.checkoutToken !== checkoutToken) return { status: 'FAILED', code: 'PAYMENT_NOT_FOUND' };
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    // An intent stays 'succeeded' once refunded (reconciliation refunds one no order held): it pays for nothing now.
    if (charge?.amount_refunded) return { status: 'FAILED', code: 'PAYMENT_ERROR' };
    if (intent.status === 'succeeded' || intent.status === 'processing') {
      const card = charge?.payment_method_details?.card;
      return {
        status: intent.status === 'succeeded' ? 'SUCCEEDED' : 'PROCESSING',
        reference: intent.id,
        card: card ? { brand: card.brand ?? 'unknown', lastDigits: card.last4 ?? '', expMonth: card.exp_month ?? 0, expYear: card.exp_year ?? 0 } : null,
        amount: intent.amount,
        currency: intent.currency,
      };
    }
    return { status: 'FAILED', code: failureCodeOf(intent.last_payment_error?.code) };
  }

  /** A SetupIntent for off-session use on the organization's Customer (made on the first setup). */
  async createSetup(request: SetupRequest): Promise<Setup> {
    const customerId = request.customerId ?? (await this.stripe.customers.create(
      { metadata: { organizationId: request.organizationId } },
      { idempotencyKey: `customer:${request.organizationId}` },
    )).id;
    const setup = await this.stripe.setupIntents.create({ customer: customerId, usage: 'off_session', allowed_payment_method_types: [SETUP_TYPES[request.kind]], metadata: { organizationId: request.organizationId } });
    return { id: setup.id, clientSecret: setup.client_secret, customerId };
  }

  /** Reads the SetupIntent the Payment Element confirmed; its payment method is what we keep (a token and display details). */
  async completeSetup(setupId: string, organizationId: string): Promise<SetupResult> {
    const setup = await this.stripe.setupIntents.retrieve(setupId, { expand: ['payment_method'] });
    if (setup.metadata?.organizationId !== organizationId) return { ok: false, code: 'PAYMENT_NOT_FOUND' };
    const pm = typeof setup.payment_method === 'object' ? setup.payment_method : null;
    if (setup.status !== 'succeeded' || !pm) return { ok: false, code: failureCodeOf(setup.last_setup_error?.code) };
    const name = pm.billing_details?.name ?? null;
    if (pm.card) {
      return { ok: true, method: { paymentToken: pm.id, kind: 'CREDIT_CARD', name, brand: pm.card.brand, lastDigits: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year, bankCountry: null, bankName: null } };
    }
    if (pm.sepa_debit) {
      return { ok: true, method: { paymentToken: pm.id, kind: 'SEPA_DIRECT_DEBIT', name, brand: null, lastDigits: pm.sepa_debit.last4 ?? '', expMonth: null, expYear: null, bankCountry: pm.sepa_debit.country ?? null, bankName: null } };
    }
    if (pm.us_bank_account) {
      return { ok: true, method: { paymentToken: pm.id, kind: 'BANK_ACCOUNT', name, brand: null, lastDigits: pm.us_bank_account.last4 ?? '', expMonth: null, expYear: null, bankCountry: 'US', bankName: pm.us_bank_account.bank_name ?? null } };
    }
    return { ok: false, code: 'PAYMENT_ERROR' };
  }

  /** An off-session PaymentIntent confirmed at once; Stripe's idempotency key makes a retried renewal charge once. */
  async chargeSaved(request: SavedChargeRequest): Promise<ChargeResult> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount, currency: request.currency, payment_method: request.paymentToken, off_session: true, confirm: true,
          description: request.description, ...(request.customerId ? { customer: request.customerId } : {}),
          // A checkout's charge carries its token, as a Payment Element's intent does: succeededPayments lists it.
          metadata: request.checkoutToken ? { checkoutToken: request.checkoutToken } : { renewal: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status === 'succeeded' || intent.status === 'processing') return { status: intent.status === 'succeeded' ? 'SUCCEEDED' : 'PROCESSING', reference: intent.id, card: null };
      return { status: 'FAILED', code: failureCodeOf(intent.last_payment_error?.code) };
    } catch (error) {
      if (error instanceof this.StripeSdk.errors.StripeCardError) return { status: 'FAILED', code: failureCodeOf(error.code) };
      throw error;
    }
  }

  async detach(paymentToken: string): Promise<void> {
    await this.stripe.paymentMethods.detach(paymentToken);
  }

  async refund(reference: string, options: { amount?: number; idempotencyKey?: string } = {}): Promise<void> {
    await this.stripe.refunds.create(
      { payment_intent: reference, ...(options.amount ? { amount: options.amount } : {}) },
      { idempotencyKey: options.idempotencyKey ?? `refund:${reference}` },
    );
  }

  async succeededPayments(since: Date): Promise<SucceededPayment[]> {
    const found: SucceededPayment[] = [];
    const list = this.stripe.paymentIntents.list({ created: { gte: Math.floor(since.getTime() / 1000) }, limit: 100, expand: ['data.latest_charge'] });
    for await (const intent of list) {
      const checkoutToken = intent.metadata?.checkoutToken;
      if (intent.status !== 'succeeded' || !checkoutToken) continue;
      const charge = intent.latest_charge && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      found.push({ reference: intent.id, checkoutToken, amount: intent.amount_received, currency: intent.currency.toUpperCase(), refundedAmount: charge?.amount_refunded ?? 0, createdAt: new Date(intent.created * 1000) });
    }
    return found;
  }

  verifyWebhook(rawBody: string, signatureHeader: string | undefined): GatewayEvent {
    assertFreshSignatureTimestamp(signatureHeader);
    const event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', this.options.webhookSecret, WEBHOOK_TOLERANCE_S);
    return eventFromStripeShape(event as unknown as Parameters<typeof eventFromStripeShape>[0]);
  }
}
