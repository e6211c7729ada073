import { EXPORT_COUNTRIES } from '@probe/domain';

/**
 * Demo tax rates (standard rates of late 2026, in 0.001 % units), for illustration, not tax advice.
 * STANDARD covers devices, accessories and warranties; DIGITAL covers cloud subscriptions.
 */
export interface TaxRateRow {
  country: string;
  area: string;
  taxClass: 'STANDARD' | 'DIGITAL';
  rate: number;
  name: string;
}

/** EU VAT per member state. */
const EU_VAT: Record<string, number> = {
  AT: 20_000, BE: 21_000, BG: 20_000, HR: 25_000, CY: 19_000, CZ: 21_000, DK: 25_000, EE: 24_000, FI: 25_500,
  FR: 20_000, DE: 19_000, GR: 24_000, HU: 27_000, IE: 23_000, IT: 22_000, LV: 21_000, LT: 21_000, LU: 17_000,
  MT: 18_000, NL: 21_000, PL: 23_000, PT: 23_000, RO: 21_000, SK: 23_000, SI: 22_000, ES: 21_000, SE: 25_000,
};

const FLAT: Record<string, [number, string]> = {
  GB: [20_000, 'VAT'], NO: [25_000, 'MVA'], CH: [8_100, 'MWST'], AU: [10_000, 'GST'], NZ: [15_000, 'GST'],
};

/** Canada: GST 5 % everywhere; HST provinces replace it; PST/QST provinces add to it. */
const CANADA: Record<string, [number, string]> = {
  AB: [5_000, 'GST'], BC: [12_000, 'GST+PST'], MB: [12_000, 'GST+RST'], NB: [15_000, 'HST'], NL: [15_000, 'HST'],
  NS: [14_000, 'HST'], NT: [5_000, 'GST'], NU: [5_000, 'GST'], ON: [13_000, 'HST'], PE: [15_000, 'HST'],
  QC: [14_975, 'GST+QST'], SK: [11_000, 'GST+PST'], YT: [5_000, 'GST'],
};

/** US state sales tax (state-level base rate). */
const US_STATES: Record<string, number> = {
  AL: 4_000, AK: 0, AZ: 5_600, AR: 6_500, CA: 7_250, CO: 2_900, CT: 6_350, DE: 0, DC: 6_000, FL: 6_000, GA: 4_000,
  HI: 4_000, ID: 6_000, IL: 6_250, IN: 7_000, IA: 6_000, KS: 6_500, KY: 6_000, LA: 5_000, ME: 5_500, MD: 6_000,
  MA: 6_250, MI: 6_000, MN: 6_875, MS: 7_000, MO: 4_225, MT: 0, NE: 5_500, NV: 6_850, NH: 0, NJ: 6_625, NM: 4_875,
  NY: 4_000, NC: 4_750, ND: 5_000, OH: 5_750, OK: 4_500, OR: 0, PA: 6_000, RI: 7_000, SC: 6_000, SD: 4_200,
  TN: 7_000, TX: 6_250, UT: 6_100, VT: 6_000, VA: 5_300, WA: 6_500, WV: 6_000, WI: 5_000, WY: 4_000, PR: 10_500,
};

/** States that tax software as a service: the others charge no sales tax on subscriptions. */
const US_SAAS_TAXED = ['CT', 'DC', 'HI', 'IA', 'MS', 'NM', 'NY', 'OH', 'PA', 'RI', 'SD', 'TN', 'TX', 'UT', 'WA', 'WV'];

export function taxRateRows(): TaxRateRow[] {
  const rows: TaxRateRow[] = [];
  const both = (country: string, area: string, rate: number, name: string, digital = rate) => {
    rows.push({ country, area, taxClass: 'STANDARD', rate, name }, { country, area, taxClass: 'DIGITAL', rate: digital, name });
  };
  for (const [country, rate] of Object.entries(EU_VAT)) both(country, '', rate, 'VAT');
  for (const [country, [rate, name]] of Object.entries(FLAT)) both(country, '', rate, name);
  for (const [area, [rate, name]] of Object.entries(CANADA)) both('CA', area, rate, name);
  for (const [area, rate] of Object.entries(US_STATES)) both('US', area, rate, 'Sales tax', US_SAAS_TAXED.includes(area) ? rate : 0);
  // Export markets (docs/decisions/0049): goods leave the home country zero-rated, the buyer pays import
  // taxes on delivery; the store is not registered for these countries' taxes on digital services.
  for (const country of EXPORT_COUNTRIES) {
    rows.push({ country, area: '', taxClass: 'STANDARD', rate: 0, name: 'Export (zero-rated)' }, { country, area: '', taxClass: 'DIGITAL', rate: 0, name: 'Not registered' });
  }
  return rows;
}

/** The country-wide standard rate, used to make tax-inclusive demo prices. */
export function standardRate(country: string): number {
  return EU_VAT[country] ?? FLAT[country]?.[0] ?? 0;
}
