import { CHECKOUT_TYPES, type PaymentMethod } from '@probe/domain';
import { fail, type CheckoutError, type PricedCheckout } from '../checkout/index.ts';

/**
 * What must hold before money is taken (CheckoutBeforePlaceOrder and CheckoutPlaceOrder check the
 * same list): items, no problems, contact, addresses, shipping, the type's organization, an offered
 * payment method, the required attestations, and quote data for an electronic quote.
 */
export function readinessErrors(checkout: PricedCheckout, method: PaymentMethod, attestations: readonly string[], userId: string | null): CheckoutError[] {
  const row = checkout.row;
  const errors: CheckoutError[] = [];
  if (!checkout.lines.length) errors.push(fail('INVALID', 'lines', 'The cart is empty'));
  errors.push(...checkout.problems);
  if (!row.email) errors.push(fail('REQUIRED', 'email', 'Enter your e-mail address'));
  if (checkout.isShippingRequired && !row.shippingAddress) errors.push(fail('SHIPPING_ADDRESS_NOT_SET', 'shippingAddress', 'Enter a shipping address'));
  if (checkout.isShippingRequired && !checkout.shippingMethods.some((m) => m.id === row.shippingMethod)) {
    errors.push(fail('SHIPPING_METHOD_NOT_SET', 'shippingMethod', 'Choose a shipping method'));
  }
  if (!row.billingAddress) errors.push(fail('BILLING_ADDRESS_NOT_SET', 'billingAddress', 'Enter a billing address'));
  if (CHECKOUT_TYPES[checkout.bundleType].needsOrganization && !userId) errors.push(fail('NO_PERMISSIONS', 'bundleType', 'Sign in to buy for your organization'));
  if (!checkout.paymentMethods.includes(method)) errors.push(fail('INVALID', 'paymentMethod', 'This payment method is not available for this order'));
  const missing = checkout.requiredAttestations.filter((a) => !attestations.includes(a));
  if (missing.length) errors.push(fail('INVALID', 'attestations', `Please confirm: ${missing.join(', ')}`));
  if (method === 'ELECTRONIC_QUOTE' && !row.quoteData) errors.push(fail('REQUIRED', 'electronicQuoteData', 'Enter the details for your quote'));
  return errors;
}
