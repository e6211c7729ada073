/** Subscriptions: the organization's plan, its renewal billing, and the saved methods it is charged to. */
export { SubscriptionsService, type SubscriptionError, type SubscriptionResult } from './service.ts';
export { SavedMethodsService, type SavedMethodError, type SavedMethodResult } from './saved-methods.ts';
export { periodEndHandler, schedulePeriodEnd, type RenewalDeps } from './renewal.ts';
export { TOPICS as SUBSCRIPTION_TOPICS, type PeriodEndJob } from './topics.ts';
export type { SubscriptionRow } from './repo.ts';
export type { SavedMethodRow } from './saved-methods-repo.ts';
