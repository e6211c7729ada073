import type { GatewayEvent, PaymentFailureCode } from './gateway.ts';

/** Stripe's decline codes → spec §8 codes. */
const FAILURE_CODES: Record<string, PaymentFailureCode> = {
  card_declined: 'CARD_DECLINED',
  expired_card: 'EXPIRED_CARD',
  incorrect_cvc: 'INCORRECT_CVC',
  incorrect_number: 'INCORRECT_NUMBER',
  incorrect_zip: 'INCORRECT_ZIP',
  processing_error: 'PROCESSING_ERROR',
};

export function failureCodeOf(stripeCode: string | undefined | null): PaymentFailureCode {
  return (stripeCode && FAILURE_CODES[stripeCode]) || 'PAYMENT_ERROR';
}

/** A verified event in Stripe's shape (both gateways sign and send this shape). */
export function eventFromStripeShape(event: { id: string; type: string; data: { object: { id?: string; last_payment_error?: { code?: string } | null } } }): GatewayEvent {
  const intentId = event.data.object.id ?? null;
  switch (event.type) {
    case 'payment_intent.processing':
      return { id: event.id, type: 'payment.processing', intentId, failureCode: null };
    case 'payment_intent.succeeded':
      return { id: event.id, type: 'payment.succeeded', intentId, failureCode: null };
    case 'payment_intent.payment_failed':
      return { id: event.id, type: 'payment.failed', intentId, failureCode: failureCodeOf(event.data.object.last_payment_error?.code) };
    default:
      return { id: event.id, type: 'ignored', intentId, failureCode: null };
  }
}

/** Seconds of clock difference a webhook's signed timestamp may have with ours, either way (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_S = 300;

/**
 * Stripe's SDK refuses a signature older than the tolerance but accepts any timestamp in the future; a
 * signed timestamp more than the tolerance ahead of our clock is refused too, so no signed event stays
 * replayable for longer than the tolerance. Throws like the SDK does.
 */
export function assertFreshSignatureTimestamp(signatureHeader: string | undefined, nowMs = Date.now()): void {
  const t = Number(/(?:^|,)t=(\d+)/.exec(signatureHeader ?? '')?.[1]);
  if (Number.isFinite(t) && t - nowMs / 1000 > WEBHOOK_TOLERANCE_S) throw new Error('Webhook timestamp is too far in the future');
}
