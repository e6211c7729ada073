/** The order e-mails' words (English); translations.ts has the other store languages. */
export interface OrderMailMessages {
  greeting: string;
  placedSubject: string;
  /** Paid in full when placed (card, wallet). */
  placedPaid: string;
  /** A bank payment (SEPA, ACH, a redirect) still being confirmed. */
  placedProcessing: string;
  /** An electronic quote: the invoice and its due date. */
  placedInvoice: string;
  /** Not paid (a payment that did not go through). */
  placedUnpaid: string;
  items: string;
  total: string;
  view: string;
  paidSubject: string;
  paidBody: string;
  failedSubject: string;
  failedBody: string;
  payAgain: string;
  signoff: string;
  /** Under the confirmation: the invoice travels with it. */
  invoiceAttached: string;
  /** An electronic quote, placed: the quote travels with it. */
  quoteSubject: string;
  quoteAttached: string;
  payInvoice: string;
  /** An electronic quote's invoice, paid: the paid invoice travels with it. */
  invoiceSubject: string;
  invoiceBody: string;
}

export const en: OrderMailMessages = {
  greeting: 'Hello,',
  placedSubject: 'Your order {number}',
  placedPaid: 'Thank you for your order {number}. We have received your payment of {total}.',
  placedProcessing: 'Thank you for your order {number}. Your bank is confirming the payment of {total}; we will write to you when it has.',
  placedInvoice: 'Thank you for your order {number}. Your invoice of {total} is due by {date}.',
  placedUnpaid: 'Thank you for your order {number}. It is waiting for its payment of {total}.',
  items: 'Items',
  total: 'Total',
  view: 'View your order',
  paidSubject: 'Payment received for order {number}',
  paidBody: 'We have received your payment of {total} for order {number}. Thank you.',
  failedSubject: 'The payment for order {number} did not go through',
  failedBody: 'Your bank did not accept the payment of {total} for order {number}. Nothing was charged; you can pay again with another method.',
  payAgain: 'Pay for your order',
  signoff: '— Probe Store',
  invoiceAttached: 'Your invoice is attached as a PDF.',
  quoteSubject: 'Your quote {number}',
  quoteAttached: 'Your quote is attached as a PDF.',
  payInvoice: 'Pay your invoice',
  invoiceSubject: 'Your invoice for order {number}',
  invoiceBody: 'We have received your payment of {total} for order {number}. Thank you. Your invoice is attached as a PDF.',
};
