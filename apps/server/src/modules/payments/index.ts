/** Payments: one gateway interface, the offline test gateway and the Stripe adapter behind it. */
export { createGateway } from './create-gateway.ts';
export type { GatewayEvent, PaymentGateway, SucceededPayment } from './gateway.ts';
export { TestGateway } from './test-gateway.ts';
export { StripeGateway } from './stripe-gateway.ts';
export { SAVED_METHOD_KINDS, type SavedMethodDetails, type SavedMethodKind, type TestSetupDetails } from './saved-method-types.ts';
export type { ChargeResult, IntentOutcome, PaymentFailureCode } from './gateway.ts';
export { chargeOfIntent } from './gateway.ts';
