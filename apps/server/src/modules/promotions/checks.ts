import { isKnownCountry } from '@probe/domain';

/** One refused field of a promotion change: the console shows the message beside that field. */
export interface FieldError { field: string | null; code: 'INVALID' | 'REQUIRED' | 'UNIQUE' | 'NOT_FOUND'; message: string }

/** The storefront pages a banner may be shown on (the `page` the storefront asks the banner for). */
export const BANNER_PAGES = ['home', 'iq', 'vet', 'product', 'pricing', 'offer', 'cart', 'checkout'] as const;

export function checkCountries(errors: FieldError[], field: string, countries: string[]): void {
  const unknown = countries.filter((c) => !isKnownCountry(c));
  if (unknown.length) errors.push({ field, code: 'INVALID', message: `Not a country code: ${unknown.join(', ')}` });
}

export function checkPages(errors: FieldError[], field: string, pages: string[]): void {
  const unknown = pages.filter((p) => !(BANNER_PAGES as readonly string[]).includes(p));
  if (unknown.length) errors.push({ field, code: 'INVALID', message: `Not a storefront page: ${unknown.join(', ')} (pages: ${BANNER_PAGES.join(', ')})` });
}

/** A banner link: a path of the store (/pricing/) or a full https:// or http:// address. */
export function checkLink(errors: FieldError[], field: string, link: string | null): void {
  if (link && !/^(\/(?!\/)\S*|https?:\/\/\S+)$/.test(link)) errors.push({ field, code: 'INVALID', message: 'A store path starting with / or an address starting with https://' });
}

export function checkPeriod(errors: FieldError[], field: string, start: Date | null, end: Date | null): void {
  if (start && end && end <= start) errors.push({ field, code: 'INVALID', message: 'It ends after it starts' });
}

export function checkText(errors: FieldError[], field: string, text: string | null, max: number, required: string | null): void {
  if (!text?.trim()) {
    if (required) errors.push({ field, code: 'REQUIRED', message: required });
  } else if (text.trim().length > max) errors.push({ field, code: 'INVALID', message: `At most ${max} characters` });
}

export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

export const clean = (text: string | null | undefined) => text?.trim() || null;
