/** Spec §8 checkout and order codes, with the contract's additions (REQUIRED, INSUFFICIENT_STOCK, VERSION_CONFLICT …). */
export const CHECKOUT_ERROR_CODES = [
  'INVALID', 'REQUIRED', 'NOT_FOUND', 'NO_PERMISSIONS', 'OPERATION_NOT_ALLOWED', 'COUNTRY_NOT_AVAILABLE', 'BUNDLE_NOT_FOUND',
  'ENTERPRISE_CODE_REQUIRED', 'BILLING_ADDRESS_NOT_SET', 'SHIPPING_ADDRESS_NOT_SET', 'SHIPPING_METHOD_NOT_SET', 'INSUFFICIENT_STOCK',
  'QUANTITY_GREATER_THAN_LIMIT', 'ZERO_QUANTITY', 'PRICES_ARE_CHANGED', 'PRODUCTS_ARE_CHANGED', 'CANT_EDIT_WITH_CREDITS',
  'BAD_PROOF_OF_ENROLLMENT', 'BANNED_EMAIL_ADDRESS', 'ORDER_CREATION_FAILED', 'VOUCHER_NOT_APPLICABLE', 'VOUCHER_NOT_APPLICABLE_AFFILIATE',
  'VOUCHER_NOT_APPLICABLE_COUNTRY', 'VOUCHER_NOT_APPLICABLE_REFERRAL', 'VOUCHER_NOT_APPLICABLE_SALE', 'PAYMENT_ERROR', 'PAYMENT_NOT_FOUND',
  'PROCESSING_ERROR', 'CANNOT_ATTACH_CARD', 'CARD_DECLINED', 'EXPIRED_CARD', 'INCORRECT_CVC', 'INCORRECT_NUMBER', 'INCORRECT_ZIP',
  'CHECKOUT_LOCKED', 'VERSION_CONFLICT', 'IDEMPOTENCY_KEY_REUSED',
] as const;
export type CheckoutErrorCode = (typeof CHECKOUT_ERROR_CODES)[number];

/** A business error in a mutation payload: which field, what went wrong (English, for logs), its code. */
export interface CheckoutError {
  field: string | null;
  message: string;
  code: CheckoutErrorCode;
}

export function fail(code: CheckoutErrorCode, field: string | null, message: string): CheckoutError {
  return { field, message, code };
}

/** Thrown inside a transaction to roll it back and answer with these errors. */
export class CheckoutFailure extends Error {
  constructor(readonly errors: CheckoutError[]) {
    super(errors.map((e) => e.message).join('; '));
  }
}
