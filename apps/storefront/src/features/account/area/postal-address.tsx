import type { AccountOrderDetails } from '../operations.ts';

type Address = NonNullable<AccountOrderDetails['billingAddress']>;

/** Countries that write the city before the area and postal code ("San Francisco, CA 94105"). */
const CITY_FIRST = new Set(['US', 'CA', 'AU', 'GB', 'IE']);

/** An address as a letter carries it, its country named in the route's language. */
export function PostalAddress({ address, locale }: { address: Address; locale: string }) {
  const code = address.country.code;
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  const place = CITY_FIRST.has(code)
    ? [address.city, [address.countryArea, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : [[address.postalCode, address.city].filter(Boolean).join(' '), address.countryArea].filter(Boolean).join(', ');
  const lines = [address.name, address.companyName, address.streetAddress1, address.streetAddress2, place, country, address.phone].filter((l) => l && l.trim());
  // Each line isolated (a Latin address inside an Arabic page reads left to right), aligned with the page.
  return <address className="postal-address">{lines.map((line, i) => <span key={i}><bdi>{line}</bdi></span>)}</address>;
}

/** The billing address is the shipping address, field for field (the order page then prints it once). */
export function sameAddress(a: Address, b: Address | null | undefined): boolean {
  if (!b) return false;
  const fields = ['name', 'companyName', 'streetAddress1', 'streetAddress2', 'city', 'postalCode', 'countryArea', 'phone'] as const;
  return a.country.code === b.country.code && fields.every((f) => (a[f] ?? '').trim() === (b[f] ?? '').trim());
}
