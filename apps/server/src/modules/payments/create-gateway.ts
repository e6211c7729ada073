import { join } from 'node:path';
import type { DatabaseHandle } from '@probe/db';
import type { Config } from '../../config.ts';
import type { PaymentGateway } from './gateway.ts';
import { StripeGateway } from './stripe-gateway.ts';
import { TestGateway } from './test-gateway.ts';

/**
 * Where the test gateway keeps its charges and refunds: TEST_GATEWAY_LEDGER_FILE, or on the embedded
 * database (files in DATA_DIR) beside it, so the demo's payments outlive a restart and its orders can still
 * be refunded, as a real provider's would; in memory otherwise (tests on an in-memory database, PostgreSQL
 * without the variable).
 */
function testGatewayLedgerFile(config: Pick<Config, 'TEST_GATEWAY_LEDGER_FILE'>, database?: Pick<DatabaseHandle, 'dataDir'>): string | null {
  if (config.TEST_GATEWAY_LEDGER_FILE) return config.TEST_GATEWAY_LEDGER_FILE;
  return database?.dataDir ? join(database.dataDir, 'test-gateway-ledger.jsonl') : null;
}

/** The gateway the configuration names: the offline test gateway unless Stripe is configured. */
export function createGateway(config: Config, now?: () => Date, database?: Pick<DatabaseHandle, 'dataDir'>): PaymentGateway {
  if (config.PAYMENT_GATEWAY === 'stripe') {
    if (!config.STRIPE_SECRET_KEY || !config.STRIPE_PUBLISHABLE_KEY || !config.STRIPE_WEBHOOK_SECRET) {
      throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
    }
    return new StripeGateway({ secretKey: config.STRIPE_SECRET_KEY, publishableKey: config.STRIPE_PUBLISHABLE_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET });
  }
  return new TestGateway(config.TEST_GATEWAY_WEBHOOK_SECRET, now, config.TEST_GATEWAY_SETTLE_MS, testGatewayLedgerFile(config, database));
}
