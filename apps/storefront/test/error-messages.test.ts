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
});
