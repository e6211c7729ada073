/** Spec §3 payment methods. */
export const PAYMENT_METHODS = [
  'ACH', 'ACSS', 'AFFIRM', 'BANCONTACT', 'CREDIT_CARD', 'ELECTRONIC_QUOTE', 'EPS', 'FREE', 'IDEAL', 'KLARNA', 'PAYPAL_ONE_TIME', 'PRZELEWY24', 'SEPA',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
