import { currencyOf, EU_COUNTRIES, type KnownCountry } from '@probe/domain';

/**
 * How the demo catalogue's prices are made for each country from the US list price: a fixed exchange
 * rate, the country's VAT when its prices are entered gross, then a "shop" rounding (…9 for amounts of
 * 100 and more, ….99 below). Real stores set each price by hand; the result has the same shape.
 */
const RATES: Record<string, number> = {
  usd: 1, cad: 1.38, gbp: 0.79, eur: 0.92, aud: 1.52, nzd: 1.66, pln: 3.95, sek: 10.6, dkk: 6.85, nok: 10.8, chf: 0.88,
};

/** Countries whose prices are entered and shown including tax (the VAT flag). */
export const GROSS_COUNTRIES: readonly string[] = [...EU_COUNTRIES, 'GB', 'NO', 'CH', 'AU', 'NZ'];

function shopRound(majorUnits: number): number {
  if (majorUnits >= 100) return (Math.ceil(majorUnits / 10) * 10 - 1) * 100;
  return Math.ceil(majorUnits) * 100 - 1;
}

/** The price of a US list price (cents) in a country, in its currency's minor units, as entered there. */
export function countryPrice(usdCents: number, country: KnownCountry, standardRate: number): number {
  const currency = currencyOf(country);
  const gross = GROSS_COUNTRIES.includes(country) ? 1 + standardRate / 100_000 : 1;
  return shopRound((usdCents / 100) * RATES[currency]! * gross);
}
