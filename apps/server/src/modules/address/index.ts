/** Address rules per country (Google's i18n address metadata): required fields, areas, postal codes. */
export { addressLines, addressRules, matchCountryArea, REGION_CODES, type AddressRules, type PrintableAddress } from './metadata.ts';
