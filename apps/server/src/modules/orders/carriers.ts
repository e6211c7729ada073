/**
 * The carriers staff ship with: the tracking page of each (the buyer's link is built here from the number,
 * never typed by staff) and the shape of its tracking numbers, checked before a shipment is recorded.
 * OTHER takes any plain number and has no link.
 */
export const CARRIERS = {
  DHL: { name: 'DHL', track: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=', number: /^[0-9A-Z]{10,39}$/ },
  DPD: { name: 'DPD', track: 'https://tracking.dpd.de/status/en_US/parcel/', number: /^[0-9A-Z]{14}$/ },
  GLS: { name: 'GLS', track: 'https://gls-group.com/GROUP/en/parcel-tracking?match=', number: /^[0-9A-Z]{8,20}$/ },
  UPS: { name: 'UPS', track: 'https://www.ups.com/track?tracknum=', number: /^1Z[0-9A-Z]{16}$/ },
  FEDEX: { name: 'FedEx', track: 'https://www.fedex.com/fedextrack/?trknbr=', number: /^[0-9]{12,22}$/ },
  USPS: { name: 'USPS', track: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=', number: /^[0-9A-Z]{13,34}$/ },
  POSTNL: { name: 'PostNL', track: 'https://jouw.postnl.nl/track-and-trace/', number: /^[0-9A-Z]{9,20}$/ },
  OTHER: { name: null, track: null, number: /^[0-9A-Za-z-]{4,40}$/ },
} as const satisfies Record<string, { name: string | null; track: string | null; number: RegExp }>;

export type CarrierCode = keyof typeof CARRIERS;
export const CARRIER_CODES = Object.keys(CARRIERS) as CarrierCode[];

export const isCarrier = (code: string): code is CarrierCode => Object.hasOwn(CARRIERS, code);

/** A tracking number as carriers print it, without the spaces staff paste with it; OTHER keeps its case. */
export function normalTrackingNumber(carrier: CarrierCode, number: string): string {
  const plain = number.replace(/\s+/g, '');
  return carrier === 'OTHER' ? plain : plain.toUpperCase();
}

/** The carrier's tracking page for a number (null for OTHER). */
export function trackingUrl(carrier: CarrierCode, number: string): string | null {
  const { track } = CARRIERS[carrier];
  return track ? `${track}${encodeURIComponent(number)}` : null;
}
