import type { Currency } from '../markets/countries.ts';

/**
 * Money is an integer number of minor units (cents, öre, grosze) everywhere: in the database, in every
 * calculation and on the wire (fractionalAmount). Floats appear only when a display amount is made.
 */
export interface Money {
  currency: Currency;
  /** Integer minor units. */
  amount: number;
}

/** Every store currency has two fraction digits. */
export const FRACTION_DIGITS: Record<Currency, number> = {
  usd: 2, cad: 2, gbp: 2, eur: 2, aud: 2, nzd: 2, pln: 2, sek: 2, dkk: 2, nok: 2, chf: 2,
};

export function assertMinorUnits(value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`money must be an integer number of minor units, got ${value}`);
}

/** Divides two non-negative integers, rounding half away from zero (commercial rounding). */
export function divideRounded(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  const q = Math.floor(n / denominator);
  const r = n - q * denominator;
  return sign * (2 * r >= denominator ? q + 1 : q);
}

/** The decimal amount of a money value, for display and for Saleor's Float `amount` field. */
export function toDecimal(money: Money): number {
  return money.amount / 10 ** FRACTION_DIGITS[money.currency];
}
