import { createRequire } from 'node:module';
import type Stripe from 'stripe';

let sdk: typeof Stripe | undefined;

/**
 * Stripe's SDK, loaded the first time it is needed (a Stripe gateway is made, or the test gateway signs or
 * checks a webhook in Stripe's format), not by every server at start: it costs about 4 MB of heap and its
 * code (issue 18's memory budget).
 */
export function stripeSdk(): typeof Stripe {
  return (sdk ??= createRequire(import.meta.url)('stripe') as typeof Stripe);
}
