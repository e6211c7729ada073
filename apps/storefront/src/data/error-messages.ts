import type { IntlShape } from 'react-intl';

/** Spec §8 client messages, as the transport raises them (kept verbatim for reports and tests). */
export const CLIENT_MESSAGES = {
  statusCode: (status: number) => `Response not successful: Received status code ${status}`,
  missingResponse: 'Server response was missing for query',
  unsupportedPatch: 'Unsupported patch content type: application/json is required.',
  notFound: 'Error message not found.',
} as const;

export interface BusinessError {
  field?: string | null;
  code: string;
}

/**
 * One table from {operation, field, code} to a catalogue message id. The most specific entry wins:
 * operation + field + code, then operation + code, then field + code, then code; otherwise the
 * translated fallback 'Error message not found.'. Screens add their rows as they are built.
 */
const TABLE: Record<string, string> = {
  'CheckoutPlaceOrder::PRICES_ARE_CHANGED': 'errors.pricesChanged',
  '::PRICES_ARE_CHANGED': 'errors.pricesChanged',
  '::PRODUCTS_ARE_CHANGED': 'errors.productsChanged',
  '::CARD_DECLINED': 'errors.cardDeclined',
  '::EXPIRED_CARD': 'errors.expiredCard',
  '::INCORRECT_CVC': 'errors.incorrectCvc',
  '::INCORRECT_NUMBER': 'errors.incorrectNumber',
  '::INCORRECT_ZIP': 'errors.incorrectZip',
  '::PROCESSING_ERROR': 'errors.processingError',
  '::COUNTRY_NOT_AVAILABLE': 'errors.countryNotAvailable',
  '::VOUCHER_NOT_APPLICABLE': 'errors.voucherNotApplicable',
  ':postalCode:INVALID': 'errors.postalCodeInvalid',
  '::INVALID': 'errors.invalid',
  '::REQUIRED': 'errors.required',
};

export function messageIdFor(operation: string | undefined, error: BusinessError): string {
  const field = error.field ?? '';
  const op = operation ?? '';
  return (
    TABLE[`${op}:${field}:${error.code}`] ??
    TABLE[`${op}::${error.code}`] ??
    TABLE[`:${field}:${error.code}`] ??
    TABLE[`::${error.code}`] ??
    'errors.notFound'
  );
}

export function errorMessage(intl: IntlShape, operation: string | undefined, error: BusinessError): string {
  return intl.formatMessage({ id: messageIdFor(operation, error) });
}
