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

/**
 * A taxed price's three amounts as Money, made once per price: a catalogue's prices are computed once per
 * snapshot and asked for by every request (a list of 20 products allocated a fifth of its memory here).
 */
const parts = new WeakMap<TaxedMoneyValue, { net: MoneyValue; tax: MoneyValue; gross: MoneyValue }>();
function partsOf(m: TaxedMoneyValue) {
  let found = parts.get(m);
  if (!found) parts.set(m, (found = { net: { currency: m.currency, amount: m.net }, tax: { currency: m.currency, amount: m.tax }, gross: { currency: m.currency, amount: m.gross } }));
  return found;
}

/** Saleor's TaxedMoney (spec "TaxedPrice"): net + tax = gross exactly. */
export const TaxedMoney = builder.objectRef<TaxedMoneyValue>('TaxedMoney').implement({
  fields: (t) => ({
    currency: t.string({ resolve: (m) => m.currency.toUpperCase() }),
    net: t.field({ type: Money, resolve: (m) => partsOf(m).net }),
    tax: t.field({ type: Money, resolve: (m) => partsOf(m).tax }),
    gross: t.field({ type: Money, resolve: (m) => partsOf(m).gross }),
  }),
});
