import type { MessageId } from './i18n/text.ts';

/** An order's payment state as the server derives it (StaffOrderSummary.paymentState). */
export const PAYMENT_STATES = ['UNPAID', 'PROCESSING', 'PAID', 'PARTLY_REFUNDED', 'REFUNDED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
/** The list's payment filter: a payment state, or cancelled (whose orders the other states leave out). */
export const PAYMENT_FILTERS = [...PAYMENT_STATES, 'CANCELLED'] as const;
export const FULFILMENT_STATES = ['UNFULFILLED', 'PARTLY_SHIPPED', 'SHIPPED', 'PARTLY_RETURNED', 'RETURNED', 'NONE'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];
/** The payment methods an order may have been placed with. */
export const METHODS = ['CREDIT_CARD', 'SEPA', 'ACH', 'ACSS', 'IDEAL', 'BANCONTACT', 'EPS', 'PRZELEWY24', 'KLARNA', 'AFFIRM', 'PAYPAL_ONE_TIME', 'ELECTRONIC_QUOTE', 'FREE'] as const;

/** Each state and method in the console's words. */
export const PAYMENT_WORDS: Record<(typeof PAYMENT_FILTERS)[number], MessageId> = {
  UNPAID: 'state.payment.UNPAID', PROCESSING: 'state.payment.PROCESSING', PAID: 'state.payment.PAID',
  PARTLY_REFUNDED: 'state.payment.PARTLY_REFUNDED', REFUNDED: 'state.payment.REFUNDED', CANCELLED: 'state.payment.CANCELLED',
};
export const FULFILMENT_WORDS: Record<FulfilmentState, MessageId> = {
  UNFULFILLED: 'state.fulfilment.UNFULFILLED', PARTLY_SHIPPED: 'state.fulfilment.PARTLY_SHIPPED', SHIPPED: 'state.fulfilment.SHIPPED',
  PARTLY_RETURNED: 'state.fulfilment.PARTLY_RETURNED', RETURNED: 'state.fulfilment.RETURNED', NONE: 'state.fulfilment.NONE',
};
/** What an order's returns wait for (StaffOrderSummary.returnAction): a refund to give, or goods still on their way back. */
export type ReturnAction = 'AWAITING_GOODS' | 'AWAITING_REFUND';
export const RETURN_ACTION_WORDS: Record<ReturnAction, MessageId> = { AWAITING_GOODS: 'state.return.AWAITING_GOODS', AWAITING_REFUND: 'state.return.AWAITING_REFUND' };
/** A return's state (StaffReturn.state) and reason (returnReasons), in words; a code the console does not know yet is shown as the server names it. */
const RETURN_STATE_WORDS: Record<string, MessageId> = { OPEN: 'return.state.OPEN', RECEIVED: 'return.state.RECEIVED', REFUNDED: 'return.state.REFUNDED' };
const RETURN_REASON_WORDS: Record<string, MessageId> = {
  DAMAGED: 'return.reason.DAMAGED', WRONG_ITEM: 'return.reason.WRONG_ITEM', NOT_AS_DESCRIBED: 'return.reason.NOT_AS_DESCRIBED',
  NOT_NEEDED: 'return.reason.NOT_NEEDED', WARRANTY: 'return.reason.WARRANTY', OTHER: 'return.reason.OTHER',
};
export const returnStateWords = (t: (id: MessageId) => string, state: string) => (Object.hasOwn(RETURN_STATE_WORDS, state) ? t(RETURN_STATE_WORDS[state]!) : state);
export const returnReasonWords = (t: (id: MessageId) => string, reason: string) => (Object.hasOwn(RETURN_REASON_WORDS, reason) ? t(RETURN_REASON_WORDS[reason]!) : reason);
const METHOD_WORDS: Record<(typeof METHODS)[number], MessageId> = {
  CREDIT_CARD: 'method.CREDIT_CARD', SEPA: 'method.SEPA', ACH: 'method.ACH', ACSS: 'method.ACSS', IDEAL: 'method.IDEAL', BANCONTACT: 'method.BANCONTACT', EPS: 'method.EPS',
  PRZELEWY24: 'method.PRZELEWY24', KLARNA: 'method.KLARNA', AFFIRM: 'method.AFFIRM', PAYPAL_ONE_TIME: 'method.PAYPAL_ONE_TIME', ELECTRONIC_QUOTE: 'method.ELECTRONIC_QUOTE', FREE: 'method.FREE',
};
const TRANSACTION_WORDS: Record<string, MessageId> = {
  PENDING: 'transaction.PENDING', PROCESSING: 'transaction.PROCESSING', SUCCEEDED: 'transaction.SUCCEEDED', FAILED: 'transaction.FAILED', REFUNDED: 'transaction.REFUNDED',
};
/** A payment's or a refund's status in words (pending, at the bank, done, failed, refunded); another is shown as the server names it. */
export const transactionWords = (t: (id: MessageId) => string, status: string) => (Object.hasOwn(TRANSACTION_WORDS, status) ? t(TRANSACTION_WORDS[status]!) : status);
/** A method's words; a method the console does not know yet is shown as the server names it. */
export const methodWords = (t: (id: MessageId) => string, method: string) => (Object.hasOwn(METHOD_WORDS, method) ? t(METHOD_WORDS[method as keyof typeof METHOD_WORDS]) : method);
/** The payment state to show: cancelled first (a cancelled order is neither paid nor owed). */
export const shownPayment = (o: { cancelled: boolean; paymentState: PaymentState }) => PAYMENT_WORDS[o.cancelled ? 'CANCELLED' : o.paymentState];

const SHIPPING_WORDS: Record<string, MessageId> = { STANDARD: 'shippingMethod.STANDARD', EXPRESS: 'shippingMethod.EXPRESS' };
/** A shipping method's words (Standard, Express); another is shown as the server names it. */
export const shippingWords = (t: (id: MessageId) => string, method: string) => (Object.hasOwn(SHIPPING_WORDS, method) ? t(SHIPPING_WORDS[method]!) : method);
