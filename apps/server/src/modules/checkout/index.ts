/** The checkout: lines, addresses, vouchers and totals, always priced on the server. */
export { CheckoutService, type CheckoutPayload } from './service.ts';
export { changeBasis, RecentCheckouts } from './recent.ts';
export { isProbe, isTradeInConflict, TRADE_IN_MODELS, TRADE_IN_TAKEN, tradeInKey, tradeInOf, tradeInProgramRuns, tradeInTaken } from './trade-in.ts';
export { CHECKOUT_ERROR_CODES, CheckoutFailure, fail, type CheckoutError } from './errors.ts';
export { assertSameLocale, priceCheckout, snapshotFor, type PricedCheckout, type PricedLine } from './price.ts';
export { checkoutLocale, isUuid, loadCheckout, loadCheckoutToPlace, mayUse, writeChange, type CheckoutLocale, type Executor, type LoadedCheckout } from './repo.ts';
export { formatPhone, validateAddress, type AddressInput } from './address.ts';
export { NOT_FOR_REFERRALS } from './voucher.ts';
export { isLearnerPromo } from './learner-price.ts';
export { seatedPlanOf, seatLimits, type SeatLimits, type SeatedPlan } from './seats.ts';
export type { UnsoldLine } from './country-move.ts';
