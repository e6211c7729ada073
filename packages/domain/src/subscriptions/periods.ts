import type { SubscriptionTerm } from './subscription.ts';

/**
 * Adds calendar months in UTC, keeping the day of the month where it exists and otherwise taking the
 * month's last day (a period from 31 January ends on 28 or 29 February, not in March).
 */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/** How long one period of a term lasts, in months (null: never ends). */
export function termMonths(term: SubscriptionTerm): number | null {
  switch (term) {
    case 'MONTHLY': return 1;
    case 'ANNUAL':
    case 'ONE_YEAR': return 12;
    case 'THREE_YEARS': return 36;
    case 'FOREVER': return null;
  }
}

/** The end of a period of `term` that starts at `start`. */
export function periodEndFrom(start: Date, term: SubscriptionTerm): Date | null {
  const months = termMonths(term);
  return months === null ? null : addMonths(start, months);
}

/** What a term turns into when it renews: prepaid terms go on year by year. */
export function renewalTerm(term: SubscriptionTerm): SubscriptionTerm {
  return term === 'ONE_YEAR' || term === 'THREE_YEARS' ? 'ANNUAL' : term;
}

/**
 * The first end of a `months`-long period counted from the billing anchor that falls after `after`:
 * periods stay on the anchor's day (31 January, 28 February, 31 March…) instead of drifting to the 28th.
 */
export function nextAnchoredEnd(anchor: Date, after: Date, months: number): Date {
  const elapsed = (after.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (after.getUTCMonth() - anchor.getUTCMonth());
  let k = Math.max(1, Math.floor(elapsed / months));
  while (k > 1 && addMonths(anchor, (k - 1) * months).getTime() > after.getTime()) k--;
  while (addMonths(anchor, k * months).getTime() <= after.getTime()) k++;
  return addMonths(anchor, k * months);
}
