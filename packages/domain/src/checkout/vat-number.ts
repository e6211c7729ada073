import { EU_COUNTRIES } from '../markets/countries.ts';

/** The EU member state the store's seller is registered in: sales to it never reverse-charge. */
export const SELLER_VAT_COUNTRY = 'NL';

/**
 * VAT identification number formats per member state (the formats VIES accepts), without the
 * country prefix. Greece's prefix is EL.
 */
const VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/, BE: /^[01]\d{9}$/, BG: /^\d{9,10}$/, CY: /^\d{8}[A-Z]$/, CZ: /^\d{8,10}$/, DE: /^\d{9}$/, DK: /^\d{8}$/,
  EE: /^\d{9}$/, EL: /^\d{9}$/, ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/, FI: /^\d{8}$/, FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, HR: /^\d{11}$/,
  HU: /^\d{8}$/, IE: /^\d{7}[A-W][A-IW]?$|^\d[A-Z+*]\d{5}[A-W]$/, IT: /^\d{11}$/, LT: /^(\d{9}|\d{12})$/, LU: /^\d{8}$/, LV: /^\d{11}$/,
  MT: /^\d{8}$/, NL: /^\d{9}B\d{2}$/, PL: /^\d{10}$/, PT: /^\d{9}$/, RO: /^\d{2,10}$/, SE: /^\d{12}$/, SI: /^\d{8}$/, SK: /^\d{10}$/,
};

export interface VatNumberCheck {
  /** Upper case, without spaces, dots or dashes; with its prefix. */
  normalized: string;
  /** The member state it belongs to (GR for EL). */
  country: string;
}

/** Whether a checkout in this country may carry a VAT number (EU member states only). */
export function isVatNumberAvailable(country: string): boolean {
  return (EU_COUNTRIES as readonly string[]).includes(country);
}

/**
 * Checks a VAT number's format for the checkout's country: it must carry that member state's prefix and
 * match its format. Null when it does not.
 */
export function checkVatNumber(input: string, checkoutCountry: string): VatNumberCheck | null {
  const normalized = input.toUpperCase().replace(/[\s.\-]/g, '');
  const prefix = checkoutCountry === 'GR' ? 'EL' : checkoutCountry;
  if (!isVatNumberAvailable(checkoutCountry) || !normalized.startsWith(prefix)) return null;
  const format = VAT_FORMATS[prefix];
  return format?.test(normalized.slice(2)) ? { normalized, country: checkoutCountry } : null;
}

/** Reverse charge: a valid VAT number of an EU member state other than the seller's removes VAT. */
export function reverseChargeApplies(vat: VatNumberCheck | null): boolean {
  return vat !== null && vat.country !== SELLER_VAT_COUNTRY;
}
