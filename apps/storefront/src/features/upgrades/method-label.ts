import type { SavedMethod } from './operations.ts';

/** Card brands as their owners write them (the same in every language). */
const BRANDS: Record<string, string> = {
  visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB', unionpay: 'UnionPay',
};

/**
 * A saved method as the buyer knows it: "Visa …4242", "SEPA Direct Debit …3000", "Chase …6789".
 * `t` translates the kinds that have no brand name.
 */
export function methodLabel(method: SavedMethod, t: (id: string) => string): string {
  const digits = `…${method.lastDigits}`;
  switch (method.__typename) {
    case 'CreditCard': {
      const brand = BRANDS[method.brand.toLowerCase()] ?? method.brand.charAt(0).toUpperCase() + method.brand.slice(1);
      return `${brand} ${digits}`;
    }
    case 'SEPADirectDebit':
      return `${t('payment.methods.SEPA')} ${digits}`;
    case 'BankAccount':
      return `${method.bankName || t('payment.methods.ACH')} ${digits}`;
  }
}
