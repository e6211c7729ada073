import { PRO_CUSTOM_ADDONS, type ProCustomAddon } from './catalogue.ts';

/** One price (net or gross, in minor units) of each Pro Custom catalogue line. */
export interface ProCustomPrices {
  base: number;
  firstAddon: number;
  furtherAddon: number;
}

export interface ProCustomQuote {
  /** Per seat and year: the base plan, the first add-on, each further one. */
  perSeat: number;
  /** All seats, per year. */
  total: number;
  /** How many of each catalogue line the order holds (per seat times seats). */
  lines: { base: number; firstAddon: number; furtherAddon: number };
}

/**
 * Spec §1: Pro Custom is Pro with the add-ons the buyer picks from four; the first add-on has one
 * price and each further add-on another. Prices are per seat and year; minor units in, minor units out.
 */
export function proCustomQuote(prices: ProCustomPrices, addonCount: number, seats: number): ProCustomQuote {
  if (!Number.isInteger(addonCount) || addonCount < 0 || addonCount > PRO_CUSTOM_ADDONS.length) throw new RangeError(`add-on count must be 0–${PRO_CUSTOM_ADDONS.length}`);
  if (!Number.isInteger(seats) || seats < 1) throw new RangeError('seats must be a positive integer');
  const first = addonCount > 0 ? 1 : 0;
  const further = Math.max(0, addonCount - 1);
  const perSeat = prices.base + first * prices.firstAddon + further * prices.furtherAddon;
  return { perSeat, total: perSeat * seats, lines: { base: seats, firstAddon: first * seats, furtherAddon: further * seats } };
}

/** The add-ons a link names (comma- or repeat-separated), known ones only, each once, in the spec's order. */
export function readProCustomAddons(values: readonly string[]): ProCustomAddon[] {
  const named = new Set(values.flatMap((v) => v.split(',')));
  return PRO_CUSTOM_ADDONS.filter((addon) => named.has(addon));
}
