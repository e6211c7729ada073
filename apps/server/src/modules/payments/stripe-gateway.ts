import Stripe from 'stripe';
import type { PaymentMethod } from '@probe/domain';
import type { ChargeRequest, ChargeResult, GatewayEvent, Intent, IntentRequest, PaymentGateway } from './gateway.ts';
import { eventFromStripeShape, failureCodeOf } from './events.ts';

/** Our payment methods → Stripe's payment method types. */
const STRIPE_TYPES: Record<Exclude<PaymentMethod, 'ELECTRONIC_QUOTE' | 'FREE'>, string> = {
  CREDIT_CARD: 'card', SEPA: 'sepa_debit', ACH: 'us_bank_account', ACSS: 'acss_debit', IDEAL: 'ideal', BANCONTACT: 'bancontact',
  EPS: 'eps', PRZELEWY24: 'p24', KLARNA: 'klarna', AFFIRM: 'affirm', PAYPAL_ONE_TIME: 'paypal',
};

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

  constructor(private readonly options: StripeGatewayOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(options.host ? { host: options.host, port: options.port, protocol: options.protocol ?? 'https' } : {}),
    });
  }

  clientConfig(): Record<string, string> {
    return { gateway: 'stripe', publishableKey: this.options.publishableKey };
  }

  async createIntent(request: IntentRequest): Promise<Intent> {
    const type = STRIPE_TYPES[request.method as keyof typeof STRIPE_TYPES];
    const intent = await this.stripe.paymentIntents.create(
      { amount: request.amount, currency: request.currency, allowed_payment_method_types: [type as never], metadata: { checkoutToken: request.checkoutToken } },
      // The same checkout, method and amount always map to the same intent, however often the call is retried.
      { idempotencyKey: `intent:${request.checkoutToken}:${request.method}:${request.amount}:${request.currency}` },
    );
    return { id: intent.id, clientSecret: intent.client_secret, redirectUrl: null };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (!request.intentId) return { status: 'FAILED', code: 'PAYMENT_NOT_FOUND' };
    const intent = await this.stripe.paymentIntents.retrieve(request.intentId, { expand: ['latest_charge'] });
    if (intent.metadata.checkoutToken !== request.checkoutToken) return { status: 'FAILED', code: 'PAYMENT_NOT_FOUND' };
    if (intent.amount !== request.amount || intent.currency !== request.currency) return { status: 'FAILED', code: 'PAYMENT_ERROR' };
    if (intent.status === 'succeeded' || intent.status === 'processing') {
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const card = charge?.payment_method_details?.card;
      return {
        status: intent.status === 'succeeded' ? 'SUCCEEDED' : 'PROCESSING',
        reference: intent.id,
        card: card ? { brand: card.brand ?? 'unknown', lastDigits: card.last4 ?? '', expMonth: card.exp_month ?? 0, expYear: card.exp_year ?? 0 } : null,
      };
    }
    return { status: 'FAILED', code: failureCodeOf(intent.last_payment_error?.code) };
  }

  async refund(reference: string): Promise<void> {
    await this.stripe.refunds.create({ payment_intent: reference }, { idempotencyKey: `refund:${reference}` });
  }

  verifyWebhook(rawBody: string, signatureHeader: string | undefined): GatewayEvent {
    const event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', this.options.webhookSecret, 300);
    return eventFromStripeShape(event as unknown as Parameters<typeof eventFromStripeShape>[0]);
  }
}
