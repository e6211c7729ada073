import { SELLER_VAT_COUNTRY, URL_LANGUAGES } from '@probe/domain';

/** Whether an address line is the name of a country (its code, or its name in English or a store language). */
function namesCountry(line: string, country: string): boolean {
  const text = line.trim().toLowerCase();
  if (text === country.toLowerCase()) return true;
  return ['en', ...URL_LANGUAGES].some((language) => new Intl.DisplayNames([language], { type: 'region' }).of(country)?.toLowerCase() === text);
}

/** Who sells: printed on every invoice and quote. */
export interface Seller {
  name: string;
  /** Postal address without the country, one entry per printed line. */
  address: string[];
  /** The seller's country (ISO code), printed in the document's language under the address. */
  country: string;
  /** The seller's VAT identification number (in SELLER_VAT_COUNTRY, the country reverse charge is judged from). */
  vatNumber: string;
  email: string;
}

/** The demo seller: a company in the Netherlands, the member state reverse charge is computed from. */
export const DEMO_SELLER: Seller = {
  name: 'Probe Store B.V.',
  address: ['Herengracht 500', '1017 CB Amsterdam'],
  country: SELLER_VAT_COUNTRY,
  vatNumber: 'NL859345678B01',
  email: 'billing@probe.store',
};

/** The seller from the SELLER_* settings (address lines separated by `;`), the demo seller's values where unset. */
export function sellerFrom(settings: { SELLER_NAME?: string | undefined; SELLER_ADDRESS?: string | undefined; SELLER_VAT_NUMBER?: string | undefined; SELLER_EMAIL?: string | undefined }): Seller {
  const vatNumber = settings.SELLER_VAT_NUMBER?.toUpperCase().replace(/[\s.-]/g, '') ?? DEMO_SELLER.vatNumber;
  if (!vatNumber.startsWith(SELLER_VAT_COUNTRY)) {
    // Reverse charge is decided against SELLER_VAT_COUNTRY (packages/domain): an invoice must not say otherwise.
    throw new Error(`SELLER_VAT_NUMBER must be a VAT number of ${SELLER_VAT_COUNTRY}, the member state the store's tax rules are computed for`);
  }
  const lines = settings.SELLER_ADDRESS ? settings.SELLER_ADDRESS.split(';').map((l) => l.trim()).filter(Boolean) : DEMO_SELLER.address;
  return {
    name: settings.SELLER_NAME ?? DEMO_SELLER.name,
    // The country is printed from its code, in each document's language: a last line naming it is left out.
    address: lines.filter((line, i) => i < lines.length - 1 || !namesCountry(line, SELLER_VAT_COUNTRY)),
    country: SELLER_VAT_COUNTRY,
    vatNumber,
    email: settings.SELLER_EMAIL ?? DEMO_SELLER.email,
  };
}
