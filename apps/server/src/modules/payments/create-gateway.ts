import type { Config } from '../../config.ts';
import type { PaymentGateway } from './gateway.ts';
import { StripeGateway } from './stripe-gateway.ts';
import { TestGateway } from './test-gateway.ts';

/** The gateway the configuration names: the offline test gateway unless Stripe is configured. */
export function createGateway(config: Config, now?: () => Date): PaymentGateway {
  if (config.PAYMENT_GATEWAY === 'stripe') {
    if (!config.STRIPE_SECRET_KEY || !config.STRIPE_PUBLISHABLE_KEY || !config.STRIPE_WEBHOOK_SECRET) {
      throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
    }
    return new StripeGateway({ secretKey: config.STRIPE_SECRET_KEY, publishableKey: config.STRIPE_PUBLISHABLE_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET });
  }
  return new TestGateway(config.TEST_GATEWAY_WEBHOOK_SECRET, now, config.TEST_GATEWAY_SETTLE_MS, config.TEST_GATEWAY_LEDGER_FILE ?? null);
}


