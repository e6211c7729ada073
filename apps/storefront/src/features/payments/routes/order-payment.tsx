import { NO_CACHE } from '../../checkout/cart-session.ts';
import { ORDER_BY_TOKEN, ORDER_PAY, type OrderFields } from '../../checkout/operations.ts';
import { ORDER_PAYMENT_START } from '../pay-later-operations.ts';
import { PayByTokenPage, type Payable, type PayTarget } from '../pay-by-token-page.tsx';

const payable = (order: OrderFields): Payable => ({
  orderNumber: order.number,
  orderToken: order.token,
  amount: order.total.gross.fractionalAmount,
  currency: order.total.currency,
  paid: order.paymentStatus === 'FULLY_CHARGED',
  cancelled: order.cancelled,
  dueAt: null,
});

const ORDER: PayTarget<{ orderByToken: OrderFields | null }> = {
  param: 'orderToken',
  query: ORDER_BY_TOKEN,
  read: (data) => (data.orderByToken ? payable(data.orderByToken) : null),
  start: async (client, token) => {
    const { data } = await client.mutate({ mutation: ORDER_PAYMENT_START, variables: { token }, ...NO_CACHE });
    return data!.orderPaymentStart;
  },
  pay: async (client, token, card) => {
    const { data } = await client.mutate({ mutation: ORDER_PAY, variables: { token, card }, ...NO_CACHE });
    const order = data!.orderPay.order;
    return { errors: data!.orderPay.errors, paid: order ? payable(order) : null };
  },
  operation: 'OrderPay',
  messages: { title: 'orderPayment.title', notFound: 'confirmation.notFound', paid: 'orderPayment.paid', lead: 'orderPayment.lead', submit: 'orderPayment.pay' },
  statusTestId: 'order-payment-status',
  confirmationPath: (token) => `/order-payment-confirmation/${token}/`,
};

/** /order-payment/{orderToken}/: pay by card an order whose bank payment failed; a paid one leads to /order-payment-confirmation/{orderToken}/. */
export function Component() {
  return <PayByTokenPage target={ORDER} />;
}
