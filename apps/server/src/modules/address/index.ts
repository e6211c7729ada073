/** Address rules per country (Google's i18n address metadata): required fields, areas, postal codes. */
export { addressRules, REGION_CODES, type AddressRules } from './metadata.ts';
