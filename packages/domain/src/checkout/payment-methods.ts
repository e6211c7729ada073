import { EU_COUNTRIES } from '../countries.ts';
import { CHECKOUT_TYPES, type CheckoutType, type CheckoutTypeRule } from './checkout-types.ts';

/** Spec §3 payment methods. */
export const PAYMENT_METHODS = [
  'ACH', 'ACSS', 'AFFIRM', 'BANCONTACT', 'CREDIT_CARD', 'ELECTRONIC_QUOTE', 'EPS', 'FREE', 'IDEAL', 'KLARNA', 'PAYPAL_ONE_TIME', 'PRZELEWY24', 'SEPA',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Methods the buyer completes away from our page; the payment settles later, by webhook. */
export const ASYNC_METHODS: readonly PaymentMethod[] = ['SEPA', 'ACH', 'ACSS', 'IDEAL', 'BANCONTACT', 'EPS', 'PRZELEWY24', 'KLARNA', 'AFFIRM', 'PAYPAL_ONE_TIME'];

export function isAsyncMethod(method: PaymentMethod): boolean {
  return ASYNC_METHODS.includes(method);
}

const SEPA_COUNTRIES: readonly string[] = [...EU_COUNTRIES, 'CH', 'NO', 'GB'];
const KLARNA_COUNTRIES = ['US', 'GB', 'DE', 'AT', 'NL', 'BE', 'FI', 'SE', 'DK', 'NO', 'IT', 'ES', 'FR', 'PL', 'PT', 'IE', 'CH', 'AU', 'NZ', 'CA'];
const PAYPAL_COUNTRIES = ['US', 'GB', 'DE', 'AT', 'NL', 'BE', 'FI', 'SE', 'DK', 'NO', 'IT', 'ES', 'FR', 'PL', 'PT', 'IE', 'CH', 'AU', 'NZ', 'CA'];

/** Where each method is offered, by the buyer's country (the local bank methods where their banks are). */
const COUNTRIES_BY_METHOD: Record<Exclude<PaymentMethod, 'CREDIT_CARD' | 'ELECTRONIC_QUOTE' | 'FREE'>, readonly string[]> = {
  ACH: ['US'],
  ACSS: ['CA'],
  AFFIRM: ['US', 'CA'],
  BANCONTACT: ['BE'],
  EPS: ['AT'],
  IDEAL: ['NL'],
  KLARNA: KLARNA_COUNTRIES,
  PAYPAL_ONE_TIME: PAYPAL_COUNTRIES,
  PRZELEWY24: ['PL'],
  SEPA: SEPA_COUNTRIES,
};

/**
 * The payment methods a checkout offers: FREE alone when nothing is due; otherwise card and electronic
 * quote everywhere plus the country's local methods, narrowed to what the checkout type allows.
 */
export function availablePaymentMethods(type: CheckoutType, country: string, total: number): PaymentMethod[] {
  if (total === 0) return ['FREE'];
  const rule: CheckoutTypeRule = CHECKOUT_TYPES[type];
  return PAYMENT_METHODS.filter((method) => {
    if (method === 'FREE') return false;
    if (rule.methods !== 'ALL' && !rule.methods.includes(method)) return false;
    if (method === 'CREDIT_CARD' || method === 'ELECTRONIC_QUOTE') return true;
    return COUNTRIES_BY_METHOD[method].includes(country);
  });
}
