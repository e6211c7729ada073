/** Subscriptions: the organization's plan, its renewal billing, and the saved methods it is charged to. */
export { SubscriptionsService, type SubscriptionError, type SubscriptionResult } from './service.ts';
export { SubscriptionChanges, type ChangesDeps, type PaidResult } from './changes.ts';
export type { ChangeQuote, ChangeRequest, QuoteResult } from './quotes.ts';
export { SavedMethodsService, type SavedMethodError, type SavedMethodResult } from './saved-methods.ts';
export { moveSubscriptionForOrder, reversePaymentMove, settleSubscriptionCharge, type OrderForSubscription, type OrderMoveRefusal } from './order-moves.ts';
export { periodEndHandler, schedulePeriodEnd, type RenewalDeps } from './renewal.ts';
export { TOPICS as SUBSCRIPTION_TOPICS, type ChargeResumeJob, type PeriodEndJob } from './topics.ts';
export type { SubscriptionRow } from './repo.ts';
export { billingOf as billingOfOrganization } from './saved-methods-repo.ts';
export type { SavedMethodRow } from './saved-methods-repo.ts';
export {
  cancelAtPeriodEnd, cancelNow, listSubscriptions, retryRenewal, subscriptionForStaff,
  type StaffSubscriptionError, type StaffSubscriptionRow, type SubscriptionChargeRow, type SubscriptionEventRow, type SubscriptionFilter,
} from './staff-subscriptions.ts';
