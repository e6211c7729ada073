/** Spec §8 codes a payment may fail with. */
export type PaymentFailureCode =
  | 'CARD_DECLINED' | 'EXPIRED_CARD' | 'INCORRECT_CVC' | 'INCORRECT_NUMBER' | 'INCORRECT_ZIP' | 'PROCESSING_ERROR' | 'CANNOT_ATTACH_CARD'
  | 'PAYMENT_ERROR' | 'PAYMENT_NOT_FOUND';
