import type { InvoiceFields, OrderFields } from '../checkout/operations.ts';

/**
 * What a payment confirmation page shows: paid; processing at the bank (a debit, a transfer); failed
 * (pay again); an open invoice (pay it). Paid, failed and an open invoice are final; processing is
 * polled until the payment settles.
 */
export type ConfirmationState = 'PAID' | 'PROCESSING' | 'FAILED' | 'INVOICE_OPEN';

/** The page's view of the thing paid, whichever it is (an order, an invoice). */
export interface ConfirmationView {
  state: ConfirmationState;
  orderNumber: string;
  orderToken: string;
  amount: number;
  currency: string;
  /** Where the buyer pays again (failed) or pays (an open invoice). */
  retryPath: string;
}

/** An order's payment: charged → paid; at the bank (or partly charged) → processing; an open invoice; nothing charged → failed. */
export function orderConfirmationState(order: Pick<OrderFields, 'paymentStatus' | 'invoice'>): ConfirmationState {
  if (order.paymentStatus === 'FULLY_CHARGED' || order.invoice?.status === 'PAID') return 'PAID';
  if (order.paymentStatus === 'ASYNC_PROCESSING' || order.paymentStatus === 'PARTIALLY_CHARGED') return 'PROCESSING';
  if (order.invoice) return 'INVOICE_OPEN';
  return 'FAILED';
}

export function orderConfirmationView(order: OrderFields): ConfirmationView {
  const state = orderConfirmationState(order);
  return {
    state,
    orderNumber: order.number,
    orderToken: order.token,
    amount: order.total.gross.fractionalAmount,
    currency: order.total.currency,
    retryPath: state === 'INVOICE_OPEN' && order.invoice ? `/invoice-payment/${order.invoice.token}/` : `/order-payment/${order.token}/`,
  };
}

/** An invoice is paid at once by card: paid, or still open (its payment did not go through). */
export function invoiceConfirmationView(invoice: InvoiceFields): ConfirmationView {
  return {
    state: invoice.status === 'PAID' ? 'PAID' : 'FAILED',
    orderNumber: invoice.orderNumber,
    orderToken: invoice.orderToken,
    amount: invoice.amount.fractionalAmount,
    currency: invoice.amount.currency,
    retryPath: `/invoice-payment/${invoice.token}/`,
  };
}

/**
 * Back from Stripe's Payment Element (its `redirect_status` says paid or under way) before its webhook reached
 * us: the payment is processing, not failed, and the page polls until the webhook settles it.
 */
export function afterProvider(view: ConfirmationView, redirectStatus: string | null): ConfirmationView {
  const underWay = redirectStatus === 'succeeded' || redirectStatus === 'processing';
  return underWay && (view.state === 'FAILED' || view.state === 'INVOICE_OPEN') ? { ...view, state: 'PROCESSING' } : view;
}

/** Whether the page stops polling: only a payment at the bank may still change. */
export const isFinal = (state: ConfirmationState): boolean => state !== 'PROCESSING';

/** Polling: every 2 s, for about a minute; then the page says the buyer may leave. */
export const POLL_INTERVAL_MS = 2_000;
export const POLL_LIMIT_MS = 60_000;
