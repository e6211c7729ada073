import type { SubscriptionState } from './subscription.ts';

/**
 * Days between a declined renewal charge and the next try: the first charge at period end, then three
 * more; the fourth decline is the last, and the subscription goes PAST_DUE (an e-mail at each step).
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;
export const RENEWAL_ATTEMPTS = RENEWAL_RETRY_DAYS.length + 1;

const DAY_MS = 86_400_000;

/** When to try again after the `failures`-th decline at `at`; null when that decline was the last. */
export function nextRenewalAttempt(failures: number, at: Date): Date | null {
  const days = RENEWAL_RETRY_DAYS[failures - 1];
  return days === undefined ? null : new Date(at.getTime() + days * DAY_MS);
}

/** What is due for a subscription at `at`: charge the renewal, end it, or nothing (yet). */
export type PeriodEndAction = 'CHARGE' | 'EXPIRE' | 'NONE';

export function periodEndAction(state: SubscriptionState, at: Date): PeriodEndAction {
  if (state.status === 'CANCELED' || state.status === 'PAST_DUE' || state.periodEnd === null) return 'NONE';
  if (state.periodEnd.getTime() > at.getTime()) return 'NONE';
  // A rental's committed months are paid whatever the auto-renewal switch says.
  const committed = state.term === 'MONTHLY' && state.commitmentEnd !== null && state.periodEnd.getTime() < state.commitmentEnd.getTime();
  return state.autoRenew || committed ? 'CHARGE' : 'EXPIRE';
}
