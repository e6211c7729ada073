import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../src/markets/countries.ts';
import { divideRounded } from '../src/pricing/money.ts';
import { applyTax, percentOf, RATE_SCALE, scaleTaxed } from '../src/pricing/tax.ts';

const amount = fc.integer({ min: 0, max: 10_000_000_00 }); // up to 10 million in major units
const rate = fc.integer({ min: 0, max: 30_000 }); // 0 % to 30 %
const currency = fc.constantFrom(...CURRENCIES);
const entered = fc.constantFrom('net' as const, 'gross' as const);

describe('tax and rounding, in every currency', () => {
  it('net + tax = gross to the minor unit, all non-negative integers', () => {
    fc.assert(
      fc.property(amount, currency, rate, entered, (a, c, r, e) => {
        const t = applyTax(a, c, r, e);
        expect(t.net + t.tax).toBe(t.gross);
        for (const part of [t.net, t.tax, t.gross]) expect(Number.isSafeInteger(part) && part >= 0).toBe(true);
        expect(t.currency).toBe(c);
      }),
      { numRuns: 5000, seed: 7 },
    );
  });

  it('keeps the entered amount exactly: gross for tax-inclusive prices, net otherwise', () => {
    fc.assert(
      fc.property(amount, currency, rate, (a, c, r) => {
        expect(applyTax(a, c, r, 'gross').gross).toBe(a);
        expect(applyTax(a, c, r, 'net').net).toBe(a);
      }),
      { numRuns: 2000, seed: 8 },
    );
  });

  it('the tax is within half a minor unit of the exact tax', () => {
    fc.assert(
      fc.property(amount, currency, rate, entered, (a, c, r, e) => {
        const t = applyTax(a, c, r, e);
        const exact = e === 'net' ? (a * r) / RATE_SCALE : a - (a * RATE_SCALE) / (RATE_SCALE + r);
        expect(Math.abs(t.tax - exact)).toBeLessThanOrEqual(0.5);
      }),
      { numRuns: 5000, seed: 9 },
    );
  });

  it('knows the usual cases', () => {
    expect(applyTax(119_00, 'eur', 19_000, 'gross')).toEqual({ currency: 'eur', net: 100_00, tax: 19_00, gross: 119_00 });
    expect(applyTax(100_00, 'cad', 14_975, 'net')).toEqual({ currency: 'cad', net: 100_00, tax: 14_98, gross: 114_98 });
    expect(applyTax(999, 'chf', 8_100, 'gross')).toEqual({ currency: 'chf', net: 924, tax: 75, gross: 999 });
    expect(applyTax(1, 'gbp', 20_000, 'net')).toEqual({ currency: 'gbp', net: 1, tax: 0, gross: 1 });
  });

  it('rounds half away from zero', () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(-5, 2)).toBe(-3);
    expect(divideRounded(7, 3)).toBe(2);
  });

  it('scaling by a quantity keeps net + tax = gross', () => {
    fc.assert(
      fc.property(amount, currency, rate, entered, fc.integer({ min: 0, max: 1000 }), (a, c, r, e, q) => {
        const t = scaleTaxed(applyTax(a, c, r, e), q);
        expect(t.net + t.tax).toBe(t.gross);
        expect(t.gross).toBe(applyTax(a, c, r, e).gross * q);
      }),
      { numRuns: 1000, seed: 10 },
    );
  });

  it('a percentage discount is never more than the amount and never negative', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 200_000 }), (a, r) => {
        const d = percentOf(a, r);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(a);
      }),
      { seed: 11 },
    );
  });

  it('refuses money that is not an integer number of minor units', () => {
    expect(() => applyTax(10.5, 'usd', 0, 'net')).toThrow(RangeError);
    expect(() => applyTax(100, 'usd', 1.5, 'net')).toThrow(RangeError);
  });
});
