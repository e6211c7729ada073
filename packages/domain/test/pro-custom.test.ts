import { describe, expect, it } from 'vitest';
import { proCustomQuote, readProCustomAddons } from '../src/catalogue/pro-custom.ts';

const prices = { base: 300_00, firstAddon: 120_00, furtherAddon: 60_00 };

describe('Pro Custom price (spec §1: the first add-on one price, each further add-on another)', () => {
  it('adds the first add-on at its price and each further one at the other', () => {
    expect(proCustomQuote(prices, 0, 1).perSeat).toBe(300_00);
    expect(proCustomQuote(prices, 1, 1).perSeat).toBe(420_00);
    expect(proCustomQuote(prices, 2, 1).perSeat).toBe(480_00);
    expect(proCustomQuote(prices, 4, 1).perSeat).toBe(600_00);
  });

  it('multiplies by seats and counts the catalogue lines', () => {
    expect(proCustomQuote(prices, 3, 4)).toEqual({ perSeat: 540_00, total: 2160_00, lines: { base: 4, firstAddon: 4, furtherAddon: 8 } });
  });

  it('refuses impossible counts', () => {
    expect(() => proCustomQuote(prices, 5, 1)).toThrow(RangeError);
    expect(() => proCustomQuote(prices, 1, 0)).toThrow(RangeError);
    expect(() => proCustomQuote(prices, 1.5, 1)).toThrow(RangeError);
  });

  it('reads the add-ons of a link: known ones, once, in the spec order', () => {
    expect(readProCustomAddons(['EDUCATION', 'DIAGNOSTIC_TOOLS,EDUCATION', 'X'])).toEqual(['DIAGNOSTIC_TOOLS', 'EDUCATION']);
    expect(readProCustomAddons([])).toEqual([]);
  });
});
