import { EU_COUNTRIES } from '../markets/countries.ts';
import { CHECKOUT_TYPES, type CheckoutType, type CheckoutTypeRule } from './checkout-types.ts';
import { PAYMENT_METHODS, type PaymentMethod } from './payment-method.ts';


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
