import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { errorMessage, messageIdFor } from '../src/data/error-messages.ts';
import en from '../src/i18n/messages/en.json';
import { loadMessages } from '../src/i18n/catalogues.ts';

describe('the {operation, field, code} message table (spec §8)', () => {
  it('picks the most specific entry and falls back to "Error message not found."', () => {
    expect(messageIdFor('CheckoutPlaceOrder', { code: 'PRICES_ARE_CHANGED' })).toBe('errors.pricesChanged');
    expect(messageIdFor('UpdateCheckoutShippingAddress', { field: 'postalCode', code: 'INVALID' })).toBe('errors.postalCodeInvalid');
    expect(messageIdFor('UpdateCheckoutShippingAddress', { field: 'city', code: 'INVALID' })).toBe('errors.invalid');
    expect(messageIdFor('Anything', { code: 'SOMETHING_NEW' })).toBe('errors.notFound');
    const intl = createIntl({ locale: 'en', messages: en });
    expect(errorMessage(intl, 'X', { code: 'SOMETHING_NEW' })).toBe('Error message not found.');
  });

  it('every message it can give exists in the catalogues, translated', async () => {
    const de = await loadMessages('de');
    for (const code of ['PRICES_ARE_CHANGED', 'CARD_DECLINED', 'NOPE']) {
      const id = messageIdFor(undefined, { code });
      expect(en[id as keyof typeof en]).toBeTruthy();
      expect(de[id]).not.toBe(en[id as keyof typeof en]);
    }
  });

  it('every checkout and order code of spec §8 has its own message, in every language', async () => {
    const SPEC_CODES = [
      'CANNOT_ATTACH_CARD', 'CANT_EDIT_WITH_CREDITS', 'INVALID', 'NO_PERMISSIONS', 'BAD_PROOF_OF_ENROLLMENT', 'BANNED_EMAIL_ADDRESS',
      'BILLING_ADDRESS_NOT_SET', 'SHIPPING_ADDRESS_NOT_SET', 'SHIPPING_METHOD_NOT_SET', 'BUNDLE_NOT_FOUND', 'CARD_DECLINED', 'EXPIRED_CARD',
      'INCORRECT_CVC', 'INCORRECT_NUMBER', 'INCORRECT_ZIP', 'COUNTRY_NOT_AVAILABLE', 'NOT_FOUND', 'OPERATION_NOT_ALLOWED', 'ORDER_CREATION_FAILED',
      'PAYMENT_ERROR', 'PAYMENT_NOT_FOUND', 'PROCESSING_ERROR', 'ENTERPRISE_CODE_REQUIRED', 'PRICES_ARE_CHANGED', 'PRODUCTS_ARE_CHANGED',
      'VOUCHER_NOT_APPLICABLE', 'VOUCHER_NOT_APPLICABLE_AFFILIATE', 'VOUCHER_NOT_APPLICABLE_COUNTRY', 'VOUCHER_NOT_APPLICABLE_REFERRAL',
      'VOUCHER_NOT_APPLICABLE_SALE',
    ];
    const ids = SPEC_CODES.map((code) => messageIdFor('CheckoutPlaceOrder', { code }));
    expect(ids.filter((id) => id === 'errors.notFound')).toEqual([]);
    // The five voucher variants each say something different.
    expect(new Set(ids.slice(-5)).size).toBe(5);
    for (const language of ['de', 'ar', 'pl'] as const) {
      const messages = await loadMessages(language);
      for (const id of ids) expect(messages[id], `${language} ${id}`).toBeTruthy();
    }
    // A nested field is found by its last part: shippingAddress.postalCode is a postal code.
    expect(messageIdFor('UpdateCheckoutShippingAddress', { field: 'shippingAddress.postalCode', code: 'INVALID' })).toBe('errors.postalCodeInvalid');
  });
});
