import type { Currency } from '../markets/countries.ts';

/** Shipping zones: the buyer's country decides the zone, the zone its methods. */
const ZONE_BY_COUNTRY: Record<string, Zone> = {
  US: 'US', CA: 'CA', GB: 'GB', AU: 'APAC', NZ: 'APAC', HK: 'APAC', SG: 'APAC', CH: 'EUROPE_NON_EU', NO: 'EUROPE_NON_EU',
  DE: 'EU', FR: 'EU', IT: 'EU', ES: 'EU', NL: 'EU', BE: 'EU', PT: 'EU', AT: 'EU', PL: 'EU', DK: 'EU', FI: 'EU', SE: 'EU', IE: 'EU',
};
export type Zone = 'US' | 'CA' | 'GB' | 'EU' | 'EUROPE_NON_EU' | 'APAC' | 'WORLD';

export interface ShippingMethodDef {
  id: 'STANDARD' | 'EXPRESS';
  /** Price as entered for the country (net or gross, as its catalogue prices), minor units per currency. */
  prices: Partial<Record<Currency, number>>;
  /** Business days from order to delivery. */
  days: [number, number];
}

const STANDARD_FREE: Partial<Record<Currency, number>> = { usd: 0, cad: 0, gbp: 0, eur: 0, aud: 0, nzd: 0, pln: 0, sek: 0, dkk: 0, nok: 0, chf: 0 };

export const SHIPPING_METHODS: Record<Zone, ShippingMethodDef[]> = {
  US: [{ id: 'STANDARD', prices: STANDARD_FREE, days: [2, 4] }, { id: 'EXPRESS', prices: { usd: 29_00 }, days: [1, 1] }],
  CA: [{ id: 'STANDARD', prices: STANDARD_FREE, days: [3, 5] }, { id: 'EXPRESS', prices: { cad: 39_00 }, days: [1, 2] }],
  GB: [{ id: 'STANDARD', prices: STANDARD_FREE, days: [2, 4] }, { id: 'EXPRESS', prices: { gbp: 24_00 }, days: [1, 1] }],
  EU: [{ id: 'STANDARD', prices: STANDARD_FREE, days: [3, 5] }, { id: 'EXPRESS', prices: { eur: 27_00, pln: 119_00, sek: 299_00, dkk: 199_00 }, days: [1, 2] }],
  EUROPE_NON_EU: [{ id: 'STANDARD', prices: STANDARD_FREE, days: [4, 7] }, { id: 'EXPRESS', prices: { chf: 35_00, nok: 349_00 }, days: [2, 3] }],
  APAC: [{ id: 'STANDARD', prices: { aud: 0, nzd: 0, usd: 0 }, days: [5, 8] }, { id: 'EXPRESS', prices: { aud: 45_00, nzd: 49_00, usd: 39_00 }, days: [2, 4] }],
  WORLD: [{ id: 'STANDARD', prices: { usd: 49_00 }, days: [7, 12] }, { id: 'EXPRESS', prices: { usd: 99_00 }, days: [3, 5] }],
};

export function shippingZone(country: string): Zone {
  return ZONE_BY_COUNTRY[country] ?? 'WORLD';
}

/** The methods that ship to a country in its currency, with their price there. */
export function shippingMethodsFor(country: string, currency: Currency): Array<{ id: ShippingMethodDef['id']; price: number; days: [number, number] }> {
  return SHIPPING_METHODS[shippingZone(country)].flatMap((m) => {
    const price = m.prices[currency];
    return price === undefined ? [] : [{ id: m.id, price, days: m.days }];
  });
}

/**
 * Import duty the buyer pays the carrier on delivery, estimated on the goods' net value (0.001 % units).
 * Shown, never charged by us: the EU, GB, US, CA, AU and NZ have none on these medical devices.
 */
export const DUTY_RATES: Record<string, number> = {
  CH: 0, NO: 0, TR: 5_000, IL: 4_000, IN: 10_000, ZA: 5_000, AR: 10_000, CL: 6_000, CO: 5_000, KE: 10_000, PK: 8_000, AE: 5_000,
  HK: 0, SG: 0,
};

/** Adds business days (Monday–Friday) to a date, in UTC. */
export function addBusinessDays(from: Date, days: number): Date {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return date;
}
