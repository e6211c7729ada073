import type { OrderFields } from '../checkout/operations.ts';

export type PaymentState = 'FULLY_CHARGED' | 'ASYNC_PROCESSING' | 'PARTIALLY_CHARGED' | 'FAILED' | 'INVOICE_OPEN' | 'INVOICE_PAID';

/**
 * Where an order's payment stands, as the payment details page tells it: an order on an electronic
 * quote is paid by its invoice; otherwise an order charged nothing had its payment fail (as the
 * confirmation page and my account say it).
 */
export function paymentState(order: Pick<OrderFields, 'paymentStatus' | 'invoice'>): PaymentState {
  if (order.invoice) return order.invoice.status === 'PAID' || order.paymentStatus === 'FULLY_CHARGED' ? 'INVOICE_PAID' : 'INVOICE_OPEN';
  if (order.paymentStatus === 'NOT_CHARGED') return 'FAILED';
  return order.paymentStatus;
}
