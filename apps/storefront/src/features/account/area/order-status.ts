import type { AccountOrder } from '../operations.ts';

/** A status badge's colour: done well, on its way, waiting on the buyer, went wrong, over. */
export type BadgeTone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';
export interface OrderBadge { key: string; tone: BadgeTone }

type Payable = Pick<AccountOrder, 'paymentStatus' | 'paymentState' | 'invoice' | 'cancelled'>;

/** An order whose payment failed (as the confirmation page says it): no charge and no invoice to pay instead. */
export function paymentFailed(order: Pick<AccountOrder, 'paymentStatus' | 'invoice'>): boolean {
  return order.paymentStatus === 'NOT_CHARGED' && !order.invoice;
}

/**
 * Where the money stands, from the states the server derives from payments and refunds
 * (modules/orders/order-states.ts): cancelled outranks everything, then refunds, then paid or not.
 */
export function paymentBadge(order: Payable): OrderBadge {
  if (order.cancelled) return { key: 'order.badge.cancelled', tone: 'neutral' };
  switch (order.paymentState) {
    case 'REFUNDED': return { key: 'order.badge.refunded', tone: 'neutral' };
    case 'PARTLY_REFUNDED': return { key: 'order.badge.partlyRefunded', tone: 'info' };
    case 'PAID': return { key: 'order.badge.paid', tone: 'success' };
    case 'PROCESSING': return { key: 'order.badge.processing', tone: 'info' };
    default:
      if (order.invoice?.status === 'PAID') return { key: 'order.badge.paid', tone: 'success' };
      if (order.invoice?.status === 'OPEN') return { key: 'order.badge.invoiceOpen', tone: 'warning' };
      return paymentFailed(order) ? { key: 'order.badge.paymentFailed', tone: 'danger' } : { key: 'order.badge.unpaid', tone: 'warning' };
  }
}

const FULFILMENT: Record<string, OrderBadge> = {
  SHIPPED: { key: 'order.badge.shipped', tone: 'success' },
  PARTLY_SHIPPED: { key: 'order.badge.partlyShipped', tone: 'info' },
  UNFULFILLED: { key: 'order.badge.notShipped', tone: 'neutral' },
};

/**
 * What has been sent; none for an order with nothing to ship or a cancelled one. A state this screen
 * does not know yet is named by the confirmation page's words for it, when the catalogue has them.
 */
export function fulfilmentBadge(order: Pick<AccountOrder, 'fulfilmentState' | 'cancelled'>, messages: Record<string, unknown>): OrderBadge | null {
  if (order.cancelled || order.fulfilmentState === 'NONE') return null;
  const known = FULFILMENT[order.fulfilmentState];
  if (known) return known;
  const key = `order.fulfilment.${order.fulfilmentState}`;
  return key in messages ? { key, tone: 'neutral' } : null;
}
