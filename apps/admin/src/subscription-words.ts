import { useMemo } from 'react';
import { useText, type MessageId } from './i18n/text.ts';

const STATUS: Record<string, MessageId> = {
  ACTIVE: 'subscriptionWords.status.active', TRIALING: 'subscriptionWords.status.trialing', PAST_DUE: 'subscriptionWords.status.pastDue', CANCELED: 'subscriptionWords.status.canceled',
};
const TERM: Record<string, MessageId> = {
  ANNUAL: 'subscriptionWords.term.annual', ONE_YEAR: 'subscriptionWords.term.oneYear', THREE_YEARS: 'subscriptionWords.term.threeYears',
  MONTHLY: 'subscriptionWords.term.monthly', FOREVER: 'subscriptionWords.term.forever',
};
const CHARGE_STATUS: Record<string, MessageId> = {
  PENDING: 'subscriptionWords.charge.pending', PROCESSING: 'subscriptionWords.charge.processing', SUCCEEDED: 'subscriptionWords.charge.succeeded',
  FAILED: 'subscriptionWords.charge.failed', REVERSED: 'subscriptionWords.charge.reversed',
};
const CHARGE_KIND: Record<string, MessageId> = {
  RENEWAL: 'subscriptionWords.kind.renewal', CHANGE: 'subscriptionWords.kind.change', RENEWAL_ORDER: 'subscriptionWords.kind.renewalOrder',
};
const FAILURE: Record<string, MessageId> = {
  CARD_DECLINED: 'subscriptionWords.failure.cardDeclined', EXPIRED_CARD: 'subscriptionWords.failure.expiredCard', PROCESSING_ERROR: 'subscriptionWords.failure.error',
  PAYMENT_ERROR: 'subscriptionWords.failure.error', PAYMENT_NOT_FOUND: 'subscriptionWords.failure.noMethod',
};
const EVENT: Record<string, MessageId> = {
  PURCHASED: 'subscriptionWords.event.purchased', RENEWED: 'subscriptionWords.event.renewed', RENEWAL_FAILED: 'subscriptionWords.event.renewalFailed',
  PERIOD_ENDED: 'subscriptionWords.event.periodEnded', AUTO_RENEWAL_SET: 'subscriptionWords.event.autoRenewal', PLAN_CHANGED: 'subscriptionWords.event.planChanged',
  SEATS_ADDED: 'subscriptionWords.event.seatsAdded', DEVICES_ADDED: 'subscriptionWords.event.devicesAdded', SCHEDULE_ADDED: 'subscriptionWords.event.scheduleAdded',
  SCHEDULE_REMOVED: 'subscriptionWords.event.scheduleRemoved', PRO_CUSTOM_CHANGED: 'subscriptionWords.event.addOns', PAYMENT_REVERSED: 'subscriptionWords.event.paymentReversed',
  STAFF_CANCEL_AT_PERIOD_END: 'subscriptionWords.event.staffCancelAtPeriodEnd', STAFF_CANCEL_NOW: 'subscriptionWords.event.staffCancelNow',
  STAFF_RETRY_DECLINED: 'subscriptionWords.event.staffRetryDeclined',
};

/** A state's pill colour (console.css .state--…): past due and cancelled must not read as running. */
export const subscriptionStateClass = (status: string) => (status === 'ACTIVE' || status === 'TRIALING' ? 'paid' : status === 'PAST_DUE' ? 'processing' : 'cancelled');

/** A subscription's codes as words in the console's language; a code the console does not know is shown as it is. */
export function useSubscriptionWords() {
  const { t } = useText();
  return useMemo(() => {
    const word = (table: Record<string, MessageId>) => (code: string) => (table[code] ? t(table[code]) : code);
    return { status: word(STATUS), term: word(TERM), chargeStatus: word(CHARGE_STATUS), chargeKind: word(CHARGE_KIND), failure: word(FAILURE), event: word(EVENT) };
  }, [t]);
}
