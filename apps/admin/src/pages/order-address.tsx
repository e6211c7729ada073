import { useIntl } from 'react-intl';

/** An address as the buyer gave it at checkout (StaffAddress). */
export interface Address {
  firstName: string; lastName: string; companyName: string; streetAddress1: string; streetAddress2: string;
  city: string; postalCode: string; countryArea: string; country: string; phone: string;
}

const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * The town line(s) as the country writes them: "San Francisco, CA 94105" (US, Canada, Australia), the town
 * above the postcode (UK, Ireland), else "10117 Berlin" with the region, if any, under it.
 */
function placeLines(a: Address): string[] {
  if (['US', 'CA', 'AU'].includes(a.country)) return [`${a.city}, ${[a.countryArea, a.postalCode].filter(Boolean).join(' ')}`];
  if (['GB', 'IE'].includes(a.country)) return [a.city, a.countryArea, a.postalCode];
  return [[a.postalCode, a.city].filter(Boolean).join(' '), a.countryArea];
}

/** The lines a warehouse writes on a parcel: name, company, street, postcode and city, region, country (in the console's language), phone. */
export function addressLines(a: Address, locale: string): string[] {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
  return [`${a.firstName} ${a.lastName}`.trim(), a.companyName, a.streetAddress1, a.streetAddress2, ...placeLines(a), names.of(a.country) ?? a.country, a.phone]
    .filter((l) => l && l.trim());
}

export function AddressBlock({ id, title, address, empty }: { id: string; title: string; address: Address | null; empty: string }) {
  return (
    <section aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="h3">{title}</h2>
      {address ? <LocaleAddress address={address} /> : <p>{empty}</p>}
    </section>
  );
}

function LocaleAddress({ address }: { address: Address }) {
  const { locale } = useIntl();
  return <address>{addressLines(address, locale).join('\n')}</address>;
}
