import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { messageIdFor } from '../src/data/error-messages.ts';
import en from '../src/i18n/messages/en.json';
import screensEn from '../src/i18n/messages/screens/en.json';
import { methodName } from '../src/features/subscriptions/method-label.ts';
import { paymentState } from '../src/features/subscriptions/payment-state.ts';
import { canSchedule, canSwitchAutoRenewal, defaultMembershipId, methodErrorField, scheduleChoices, upgradeLinks } from '../src/features/subscriptions/rules.ts';
import { statusMessageId } from '../src/features/subscriptions/status-notice.tsx';

const messages: Record<string, string> = { ...en, ...screensEn };

describe('subscription management rules', () => {
  it('offers the store plans other than the current one, Pro named for INDIVIDUAL', () => {
    expect(scheduleChoices('CLINIC')).toEqual(['INDIVIDUAL', 'TEAM']);
    expect(scheduleChoices('INDIVIDUAL')).toEqual(['TEAM', 'CLINIC']);
    expect(scheduleChoices('PRO_CUSTOM')).toEqual(['INDIVIDUAL', 'TEAM', 'CLINIC']);
  });

  it('shows first the first organization the user administers', () => {
    expect(defaultMembershipId([{ id: 'a', isOrganizationAdmin: false }, { id: 'b', isOrganizationAdmin: true }, { id: 'c', isOrganizationAdmin: true }])).toBe('b');
    expect(defaultMembershipId([{ id: 'a', isOrganizationAdmin: false }])).toBe('a');
    expect(defaultMembershipId([])).toBeNull();
  });

  it('links an ended or unpaid subscription to renewing only; seats only for team and clinic plans', () => {
    expect(upgradeLinks('INDIVIDUAL', 'CANCELED')).toEqual([{ key: 'renew', path: '/upgrade/expired/' }]);
    expect(upgradeLinks('CLINIC', 'PAST_DUE')).toEqual([{ key: 'renew', path: '/upgrade/expired/' }]);
    expect(upgradeLinks('CLINIC', 'ACTIVE').map((l) => l.path)).toEqual(['/upgrade/', '/upgrade/license/', '/upgrade/add-iq/']);
    expect(upgradeLinks('INDIVIDUAL', 'TRIALING').map((l) => l.path)).toEqual(['/upgrade/', '/upgrade/add-iq/']);
  });

  it('offers scheduling and the renewal switch only where the server allows them', () => {
    expect(canSchedule('ACTIVE', 'ANNUAL')).toBe(true);
    expect(canSchedule('TRIALING', 'ONE_YEAR')).toBe(true);
    expect(canSchedule('PAST_DUE', 'ANNUAL')).toBe(false);
    expect(canSchedule('ACTIVE', 'FOREVER')).toBe(false);
    expect(canSchedule('ACTIVE', 'MONTHLY')).toBe(false);
    expect(canSwitchAutoRenewal('PAST_DUE', 'ANNUAL')).toBe(true);
    expect(canSwitchAutoRenewal('CANCELED', 'ANNUAL')).toBe(false);
    expect(canSwitchAutoRenewal('ACTIVE', 'FOREVER')).toBe(false);
  });

  it('says what each state means, in a message every language has', () => {
    const running = { term: 'ANNUAL' as const, currentPeriodEnd: '2027-03-01T00:00:00.000Z' };
    expect(statusMessageId('ACTIVE', running, true)).toBe('subscription.meaning.ACTIVE.renews');
    expect(statusMessageId('ACTIVE', running, false)).toBe('subscription.meaning.ACTIVE.ends');
    expect(statusMessageId('TRIALING', running, true)).toBe('subscription.meaning.TRIALING.renews');
    expect(statusMessageId('PAST_DUE', running, true)).toBe('subscription.meaning.PAST_DUE');
    expect(statusMessageId('CANCELED', running, false)).toBe('subscription.meaning.CANCELED');
    expect(statusMessageId('ACTIVE', { term: 'FOREVER', currentPeriodEnd: null }, false)).toBe('subscription.meaning.FOREVER');
    expect(statusMessageId(null, running, false)).toBeNull();
    for (const status of ['ACTIVE', 'TRIALING'] as const) for (const on of [true, false]) expect(messages[statusMessageId(status, running, on)!]).toBeTruthy();
  });
});

describe('saved payment methods', () => {
  it('puts what the gateway refused under the field that was wrong', () => {
    expect(methodErrorField('SEPA_DIRECT_DEBIT', 'INCORRECT_NUMBER', 'details')).toBe('iban');
    expect(methodErrorField('BANK_ACCOUNT', 'INCORRECT_NUMBER', 'details')).toBe('accountNumber');
    expect(methodErrorField('CREDIT_CARD', 'CARD_DECLINED', 'details')).toBe('card.number');
    expect(methodErrorField('CREDIT_CARD', 'EXPIRED_CARD', 'details')).toBe('card.expiry');
    expect(methodErrorField('CREDIT_CARD', 'INCORRECT_CVC', 'details')).toBe('card.cvc');
    expect(methodErrorField('CREDIT_CARD', 'PAYMENT_NOT_FOUND', 'details')).toBeNull();
    expect(methodErrorField('CREDIT_CARD', 'INVALID', 'name')).toBe('name');
  });

  it('translates their errors with their own messages, not the checkout\'s', () => {
    expect(messageIdFor('PaymentMethodCreate', { field: 'iban', code: 'INCORRECT_NUMBER' })).toBe('savedMethods.error.iban');
    expect(messageIdFor('PaymentMethodCreate', { field: 'card.number', code: 'CARD_DECLINED' })).toBe('errors.cardDeclined');
    expect(messageIdFor('SubscriptionScheduleAdd', { field: null, code: 'OPERATION_NOT_ALLOWED' })).toBe('subscription.error.scheduleNotAllowed');
    expect(messageIdFor('PaymentMethodDelete', { field: 'id', code: 'NOT_FOUND' })).toBe('savedMethods.error.gone');
    for (const id of ['savedMethods.error.iban', 'subscription.error.scheduleNotAllowed', 'savedMethods.error.gone']) expect(messages[id]).toBeTruthy();
  });

  it('names a method by brand or bank and its last digits', () => {
    const intl = createIntl({ locale: 'en', messages });
    expect(methodName(intl, { __typename: 'CreditCard', id: '1', isPrimary: true, brand: 'visa', lastDigits: '4242', expMonth: 12, expYear: 2030, name: null })).toBe('Visa …4242');
    expect(methodName(intl, { __typename: 'SEPADirectDebit', id: '2', isPrimary: false, lastDigits: '3000', bankCountry: 'DE' })).toBe('SEPA Direct Debit …3000');
    expect(methodName(intl, { __typename: 'BankAccount', id: '3', isPrimary: false, lastDigits: '6789', bankName: null, bankCountry: 'US' })).toBe('Bank account …6789');
  });
});

describe('payment details', () => {
  it('tells a failed payment from a quote waiting for its invoice', () => {
    expect(paymentState({ paymentStatus: 'NOT_CHARGED', invoice: null })).toBe('FAILED');
    expect(paymentState({ paymentStatus: 'NOT_CHARGED', invoice: { token: 't', status: 'OPEN', amount: { currency: 'USD', fractionalAmount: 1 }, dueAt: '' } })).toBe('INVOICE_OPEN');
    expect(paymentState({ paymentStatus: 'FULLY_CHARGED', invoice: { token: 't', status: 'PAID', amount: { currency: 'USD', fractionalAmount: 1 }, dueAt: '' } })).toBe('INVOICE_PAID');
    expect(paymentState({ paymentStatus: 'ASYNC_PROCESSING', invoice: null })).toBe('ASYNC_PROCESSING');
    expect(paymentState({ paymentStatus: 'FULLY_CHARGED', invoice: null })).toBe('FULLY_CHARGED');
  });
});
