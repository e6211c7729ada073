import type { Database } from '@probe/db';
import { SEATED_PLANS, transition, type SubscriptionErrorCode, type SubscriptionEvent } from '@probe/domain';
import type { PaymentFailureCode } from '../payments/index.ts';
import { findSubscriptionOf, lockSubscription, planListPrice, seatConfigurations, stateOf, subscriptionsOf, writeState, type SubscriptionRow } from './repo.ts';

export interface SubscriptionError {
  /** The rules' codes, and those of paying for a change (a gateway's failure codes among them). */
  code: SubscriptionErrorCode | 'NOT_FOUND' | 'INVALID' | 'PAYMENT_NOT_FOUND' | 'PRICES_ARE_CHANGED' | PaymentFailureCode;
  field: string | null;
  message: string;
}
export type SubscriptionResult = { subscription: SubscriptionRow | null; errors: SubscriptionError[] };

/**
 * Subscriptions as the API changes them (schedules, auto-renewal); renewals and orders move them
 * elsewhere through the same rules. Callers have checked that the user is an admin of the organization.
 */
export class SubscriptionsService {
  constructor(private readonly db: Database) {}

  forOrganizations(ids: readonly string[]): Promise<Map<string, SubscriptionRow>> {
    return subscriptionsOf(this.db, ids);
  }

  /** SubscriptionScheduleAdd: the plan the next renewal moves to, at its list price in the organization's country. */
  async scheduleAdd(organizationId: string, event: Extract<SubscriptionEvent, { type: 'SCHEDULE_ADDED' }>): Promise<SubscriptionResult> {
    const [perSeat, current] = await Promise.all([planListPrice(this.db, event.plan, organizationId), findSubscriptionOf(this.db, organizationId)]);
    // A seated plan renews for the seats the organization has (at least the plan's minimum).
    const seats = SEATED_PLANS.includes(event.plan) ? Math.max(current?.seats ?? 1, (await seatConfigurations(this.db))(event.plan).minSeats) : 1;
    const price = perSeat === null ? null : perSeat * seats;
    if (price === null) return { subscription: null, errors: [{ code: 'OPERATION_NOT_ALLOWED', field: 'plan', message: 'This plan is not sold in your country' }] };
    return this.apply(organizationId, event, { scheduledPrice: price });
  }

  scheduleRemove(organizationId: string): Promise<SubscriptionResult> {
    return this.apply(organizationId, { type: 'SCHEDULE_REMOVED' }, { scheduledPrice: null });
  }

  setAutoRenewal(organizationId: string, on: boolean): Promise<SubscriptionResult> {
    return this.apply(organizationId, { type: 'AUTO_RENEWAL_SET', on });
  }

  /** One event on the locked row: written with its history, or rejected with nothing changed. */
  private apply(organizationId: string, event: SubscriptionEvent, extra: Partial<Pick<SubscriptionRow, 'scheduledPrice'>> = {}): Promise<SubscriptionResult> {
    return this.db.transaction(async (tx) => {
      const row = await lockSubscription(tx, { organizationId });
      if (!row) return { subscription: null, errors: [{ code: 'NOT_FOUND', field: 'organization', message: 'This organization has no subscription' }] };
      const result = transition(stateOf(row), event);
      if (!result.ok) return { subscription: null, errors: [{ code: result.code, field: null, message: result.reason }] };
      return { subscription: await writeState(tx, row, result.state, { type: event.type }, extra), errors: [] };
    });
  }
}
