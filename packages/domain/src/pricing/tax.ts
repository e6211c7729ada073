import type { Currency } from '../markets/countries.ts';
import { assertMinorUnits, divideRounded, type Money } from './money.ts';

/** Tax and discount rates are integers in units of 0.001 %: 19 % is 19_000, Québec's 9.975 % is 9_975. */
export const RATE_SCALE = 100_000;

/** Saleor's TaxedMoney: net + tax = gross, exactly, in minor units. */
export interface TaxedMoney {
  currency: Currency;
  net: number;
  tax: number;
  gross: number;
}

/**
 * Applies a rate to a price as entered. A gross (tax-inclusive) price keeps its gross exactly and the
 * net is derived; a net price keeps its net and the tax is added. Tax is rounded half away from zero,
 * once, so net + tax = gross always holds.
 */
export function applyTax(amount: number, currency: Currency, rate: number, entered: 'net' | 'gross'): TaxedMoney {
  assertMinorUnits(amount);
  if (!Number.isInteger(rate) || rate < 0) throw new RangeError(`tax rate must be a non-negative integer in 0.001 % units, got ${rate}`);
  if (entered === 'gross') {
    const net = divideRounded(amount * RATE_SCALE, RATE_SCALE + rate);
    return { currency, net, tax: amount - net, gross: amount };
  }
  const tax = divideRounded(amount * rate, RATE_SCALE);
  return { currency, net: amount, tax, gross: amount + tax };
}

/** Spec §3: a TaxedPrice can be scaled by a multiplier (quantity); each part scales, the sum still holds. */
export function scaleTaxed(price: TaxedMoney, multiplier: number): TaxedMoney {
  if (!Number.isInteger(multiplier) || multiplier < 0) throw new RangeError(`multiplier must be a non-negative integer, got ${multiplier}`);
  return { currency: price.currency, net: price.net * multiplier, tax: price.tax * multiplier, gross: price.gross * multiplier };
}

export function zeroTaxed(currency: Currency): TaxedMoney {
  return { currency, net: 0, tax: 0, gross: 0 };
}

/** A percentage discount (in 0.001 % units) of an amount, rounded half away from zero, never more than the amount. */
export function percentOf(amount: Money['amount'], rate: number): number {
  return Math.min(amount, divideRounded(amount * rate, RATE_SCALE));
}

/** Formats a rate for people: 19_000 → "19", 9_975 → "9.975". */
export function formatRate(rate: number): string {
  return String(rate / 1000);
}
