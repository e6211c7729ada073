import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { StoredAddress } from '@probe/db';
import { addressRules, matchCountryArea } from '../address/index.ts';
import { fail, type CheckoutError } from './errors.ts';

export interface AddressInput {
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  streetAddress1?: string | null;
  streetAddress2?: string | null;
  city?: string | null;
  postalCode?: string | null;
  country?: string | null;
  countryArea?: string | null;
  phone?: string | null;
}

const MAX_LENGTH = 256;

export function formatPhone(phone: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, country as never);
  return parsed?.isValid() ? parsed.formatInternational() : null;
}

/**
 * Checks an address by its country's rules (Google's i18n address data: required fields, area
 * choices, postal-code pattern) and its phone with libphonenumber. Every problem is reported, per
 * field, under `prefix` (shippingAddress.postalCode …); nothing is stored unless all pass.
 * `partial` (express checkout before the wallet shares the full address) checks only what is given.
 */
export function validateAddress(input: AddressInput, prefix: string, options: { partial?: boolean } = {}): { address: StoredAddress | null; errors: CheckoutError[] } {
  const errors: CheckoutError[] = [];
  const value = (v: string | null | undefined) => (v ?? '').trim();
  const country = value(input.country).toUpperCase();
  const rules = country ? addressRules(country, null) : null;
  if (!rules) return { address: null, errors: [fail(country ? 'INVALID' : 'REQUIRED', `${prefix}.country`, 'Country is not known')] };
  const address: StoredAddress = {
    firstName: value(input.firstName), lastName: value(input.lastName), companyName: value(input.companyName),
    streetAddress1: value(input.streetAddress1), streetAddress2: value(input.streetAddress2), city: value(input.city),
    postalCode: value(input.postalCode).toUpperCase(), country, countryArea: value(input.countryArea), phone: value(input.phone),
  };
  for (const [field, v] of Object.entries(address)) {
    if (v.length > MAX_LENGTH) errors.push(fail('INVALID', `${prefix}.${field}`, `Must be at most ${MAX_LENGTH} characters`));
  }
  const required = new Set(['firstName', 'lastName', 'streetAddress1', 'city', ...rules.requiredFields.filter((f) => f !== 'name')]);
  if (!options.partial) {
    for (const field of required) {
      if (field in address && !address[field as keyof StoredAddress]) errors.push(fail('REQUIRED', `${prefix}.${field}`, 'This field is required'));
    }
  }
  if (address.countryArea && rules.countryAreaChoices.length) {
    const match = matchCountryArea(country, address.countryArea);
    if (match) address.countryArea = match;
    else errors.push(fail('INVALID', `${prefix}.countryArea`, 'Choose one of the listed areas'));
  }
  if (address.postalCode && rules.postalCodePattern && !new RegExp(rules.postalCodePattern, 'i').test(address.postalCode)) {
    errors.push(fail('INVALID', `${prefix}.postalCode`, 'This postal code is not valid for the country'));
  }
  if (address.phone) {
    const parsed = parsePhoneNumberFromString(address.phone, country as never);
    if (parsed?.isValid()) address.phone = parsed.number;
    else errors.push(fail('INVALID', `${prefix}.phone`, 'This phone number is not valid'));
  }
  return { address: errors.length ? null : address, errors };
}
