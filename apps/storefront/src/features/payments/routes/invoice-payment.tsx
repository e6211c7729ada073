import { NO_CACHE } from '../../checkout/cart-session.ts';
import { INVOICE_BY_TOKEN, INVOICE_PAY, type InvoiceFields } from '../../checkout/operations.ts';
import { INVOICE_PAYMENT_START } from '../pay-later-operations.ts';
import { PayByTokenPage, type Payable, type PayTarget } from '../pay-by-token-page.tsx';

const payable = (invoice: InvoiceFields): Payable => ({
  orderNumber: invoice.orderNumber,
  orderToken: invoice.orderToken,
  amount: invoice.amount.fractionalAmount,
  currency: invoice.amount.currency,
  paid: invoice.status === 'PAID',
  cancelled: invoice.orderCancelled,
  dueAt: invoice.dueAt,
});

const INVOICE: PayTarget<{ invoiceByToken: InvoiceFields | null }> = {
  param: 'invoiceToken',
  query: INVOICE_BY_TOKEN,
  read: (data) => (data.invoiceByToken ? payable(data.invoiceByToken) : null),
  start: async (client, token) => {
    const { data } = await client.mutate({ mutation: INVOICE_PAYMENT_START, variables: { token }, ...NO_CACHE });
    return data!.invoicePaymentStart;
  },
  pay: async (client, token, card) => {
    const { data } = await client.mutate({ mutation: INVOICE_PAY, variables: { token, card }, ...NO_CACHE });
    const invoice = data!.invoicePay.invoice;
    return { errors: data!.invoicePay.errors, paid: invoice ? payable(invoice) : null };
  },
  operation: 'InvoicePay',
  messages: { title: 'invoice.title', notFound: 'invoice.notFound', paid: 'invoice.paid', lead: 'invoice.due', submit: 'invoice.pay' },
  statusTestId: 'invoice-status',
  confirmationPath: (token) => `/invoice-payment-confirmation/${token}/`,
};

/** /invoice-payment/{invoiceToken}/: pay an order placed on an electronic quote; a paid one leads to /invoice-payment-confirmation/{invoiceToken}/. */
export function Component() {
  return <PayByTokenPage target={INVOICE} />;
}
