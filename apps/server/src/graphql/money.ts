import { FRACTION_DIGITS, type Currency, type TaxedMoney as TaxedMoneyValue } from '@probe/domain';
import { builder } from './builder.ts';

interface MoneyValue {
  currency: string;
  amount: number;
}

/** Saleor's Money: currency (ISO, upper case), amount as a decimal, and the exact integer minor units. */
export const Money = builder.objectRef<MoneyValue>('Money').implement({
  fields: (t) => ({
    currency: t.string({ resolve: (m) => m.currency.toUpperCase() }),
    amount: t.float({ resolve: (m) => m.amount / 10 ** FRACTION_DIGITS[m.currency.toLowerCase() as Currency] }),
    fractionalAmount: t.int({ description: 'The amount in minor units (cents): exact.', resolve: (m) => m.amount }),
    fractionDigits: t.int({ resolve: (m) => FRACTION_DIGITS[m.currency.toLowerCase() as Currency] }),
  }),
});

/** Saleor's TaxedMoney (spec "TaxedPrice"): net + tax = gross exactly. */
export const TaxedMoney = builder.objectRef<TaxedMoneyValue>('TaxedMoney').implement({
  fields: (t) => ({
    currency: t.string({ resolve: (m) => m.currency.toUpperCase() }),
    net: t.field({ type: Money, resolve: (m) => ({ currency: m.currency, amount: m.net }) }),
    tax: t.field({ type: Money, resolve: (m) => ({ currency: m.currency, amount: m.tax }) }),
    gross: t.field({ type: Money, resolve: (m) => ({ currency: m.currency, amount: m.gross }) }),
  }),
});
