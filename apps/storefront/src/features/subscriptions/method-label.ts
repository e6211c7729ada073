import type { IntlShape } from 'react-intl';
import type { SavedMethod } from './operations.ts';

/** Card brands as their owners write them (the gateway gives a lower-case id). */
const BRANDS: Record<string, string> = {
  visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB', unionpay: 'UnionPay',
};

export function brandName(brand: string): string | null {
  return BRANDS[brand.toLowerCase()] ?? null;
}

/** What naming a saved method needs of it (the upgrade pages' quotes carry fewer fields than my account). */
type Nameable =
  | { __typename: 'CreditCard'; brand: string; lastDigits: string }
  | { __typename: 'SEPADirectDebit'; lastDigits: string }
  | { __typename: 'BankAccount'; lastDigits: string; bankName?: string | null };

/** "Visa …4242", "SEPA Direct Debit …3000", "STRIPE TEST BANK …6789": what a saved method is called everywhere. */
export function methodName<M extends Nameable>(intl: IntlShape, method: M): string {
  const digits = method.lastDigits;
  switch (method.__typename) {
    case 'CreditCard':
      return intl.formatMessage({ id: 'savedMethods.card' }, { brand: brandName(method.brand) ?? intl.formatMessage({ id: 'savedMethods.cardUnknown' }), digits });
    case 'SEPADirectDebit':
      return intl.formatMessage({ id: 'savedMethods.sepa' }, { digits });
    case 'BankAccount':
      return intl.formatMessage({ id: 'savedMethods.bank' }, { bank: method.bankName ?? intl.formatMessage({ id: 'savedMethods.bankUnknown' }), digits });
  }
}

/** The second line of a saved method: a card's expiry, a bank account's country. */
export function methodDetail(intl: IntlShape, method: SavedMethod, locale: string): string | null {
  if (method.__typename === 'CreditCard') {
    const expiry = intl.formatDate(new Date(Date.UTC(method.expYear, method.expMonth - 1, 1)), { month: '2-digit', year: 'numeric', timeZone: 'UTC' });
    return intl.formatMessage({ id: 'savedMethods.expires' }, { date: expiry });
  }
  if (!method.bankCountry) return null;
  return new Intl.DisplayNames([locale], { type: 'region' }).of(method.bankCountry) ?? method.bankCountry;
}

export function primaryMethod<M extends { isPrimary: boolean }>(methods: readonly M[]): M | null {
  return methods.find((m) => m.isPrimary) ?? null;
}
