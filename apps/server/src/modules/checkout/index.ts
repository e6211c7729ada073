/** The checkout: lines, addresses, vouchers and totals, always priced on the server. */
export { CheckoutService, TRADE_IN_MODELS, type CheckoutPayload } from './service.ts';
export { CHECKOUT_ERROR_CODES, CheckoutFailure, fail, type CheckoutError } from './errors.ts';
export { assertSameLocale, priceCheckout, snapshotFor, type PricedCheckout, type PricedLine } from './price.ts';
export { checkoutLocale, isUuid, loadCheckout, updateCheckout, type Executor } from './repo.ts';
export { formatPhone } from './address.ts';
