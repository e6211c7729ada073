import type { BillingPeriod, CatalogueGroup, Connector, Market, Model, PlanKind } from '@probe/domain';

/** The demo catalogue, in English; translations/<language>.json holds the 13 other catalogue languages (en-US uses English). */

export interface VariantDef {
  sku: string;
  /** Key into the label translations: the variant's name is its label. */
  label: string;
  model?: Model;
  connector?: Connector;
  market: Market;
  billingPeriod: BillingPeriod;
  planKind: PlanKind;
  groups: CatalogueGroup[];
  /** List price in US cents; the price of every other country derives from it. */
  usd: number;
  /** The price before a running sale, when there is one. */
  usdUndiscounted?: number;
  /** Stock-tracked physical goods start with this many units. */
  stock?: number;
  /** Countries where this variant is not sold. */
  notSoldIn?: string[];
}

export interface ProductDef {
  slug: string;
  type: 'probe' | 'subscription' | 'accessory' | 'warranty' | 'bundle' | 'rental';
  category: 'probes' | 'memberships' | 'accessories' | 'warranties' | 'bundles';
  name: string;
  shortDescription: string;
  image: string;
  variants: VariantDef[];
}

/** Countries among the further usd countries where the store sells no devices (so they redirect). */
export const NO_DEVICE_COUNTRIES = ['MX', 'OM'];

const device = (model: Model, connector: Connector, market: Market, groups: CatalogueGroup[], usd: number, extra: Partial<VariantDef> = {}): VariantDef => ({
  sku: `${model === 'IQ_3' ? 'IQ3' : 'IQPLUS'}-${connector}-${market === 'HUMAN' ? 'HUMAN' : 'VET'}`,
  label: connector === 'USBC' ? 'usbc' : 'lightning',
  model, connector, market, billingPeriod: 'ONE_TIME', planKind: 'NONE', groups, usd, stock: 500, notSoldIn: NO_DEVICE_COUNTRIES, ...extra,
});

const plan = (sku: string, label: string, market: Market, billingPeriod: BillingPeriod, planKind: PlanKind, groups: CatalogueGroup[], usd: number, extra: Partial<VariantDef> = {}): VariantDef => ({
  sku, label, market, billingPeriod, planKind, groups, usd, ...extra,
});

export const PRODUCTS: ProductDef[] = [
  {
    slug: 'iq3', type: 'probe', category: 'probes', image: 'iq3.svg',
    name: 'IQ3 Probe',
    shortDescription: 'Our sharpest whole-body probe: single-probe imaging from superficial to deep, with 3D-ready acquisition.',
    variants: [device('IQ_3', 'USBC', 'HUMAN', ['IQ3_DEVICE', 'IQ_DEVICE'], 3899_00), device('IQ_3', 'LIGHTNING', 'HUMAN', ['IQ3_DEVICE', 'IQ_DEVICE'], 3899_00)],
  },
  {
    slug: 'iq3-vet', type: 'probe', category: 'probes', image: 'iq3-vet.svg',
    name: 'IQ3 Vet Probe',
    shortDescription: 'The IQ3 with veterinary presets for small and large animals, from abdomen to tendon.',
    variants: [device('IQ_3', 'USBC', 'VETERINARY', ['IQ3_DEVICE', 'IQ_DEVICE'], 3999_00), device('IQ_3', 'LIGHTNING', 'VETERINARY', ['IQ3_DEVICE', 'IQ_DEVICE'], 3999_00)],
  },
  {
    slug: 'iq-plus', type: 'probe', category: 'probes', image: 'iq-plus.svg',
    name: 'IQ+ Probe',
    shortDescription: 'The proven whole-body probe that connects to your phone or tablet.',
    variants: [
      device('IQ_PLUS', 'LIGHTNING', 'HUMAN', ['IQ_DEVICE'], 2399_00, { usdUndiscounted: 2699_00 }),
      device('IQ_PLUS', 'USBC', 'HUMAN', ['IQ_DEVICE'], 2399_00, { usdUndiscounted: 2699_00 }),
    ],
  },
  {
    slug: 'iq-plus-vet', type: 'probe', category: 'probes', image: 'iq-plus-vet.svg',
    name: 'IQ+ Vet Probe',
    shortDescription: 'Whole-animal imaging in your pocket, with presets tuned for veterinary practice.',
    variants: [device('IQ_PLUS', 'LIGHTNING', 'VETERINARY', ['IQ_DEVICE'], 2799_00), device('IQ_PLUS', 'USBC', 'VETERINARY', ['IQ_DEVICE'], 2799_00)],
  },
  {
    slug: 'extra-probe', type: 'probe', category: 'probes', image: 'iq3.svg',
    name: 'Extra Probe',
    shortDescription: 'An additional probe for a member of an existing team or clinic plan.',
    variants: [
      { ...device('IQ_3', 'USBC', 'HUMAN', ['EXTRA_PROBE'], 3499_00), sku: 'IQ3-USBC-HUMAN-EXTRA', label: 'iq3Usbc' },
      { ...device('IQ_PLUS', 'LIGHTNING', 'HUMAN', ['EXTRA_PROBE'], 2199_00), sku: 'IQPLUS-LIGHTNING-HUMAN-EXTRA', label: 'iqPlusLightning' },
      { ...device('IQ_3', 'USBC', 'VETERINARY', ['EXTRA_PROBE'], 3599_00), sku: 'IQ3-USBC-VET-EXTRA', label: 'iq3UsbcVet' },
    ],
  },
  {
    slug: 'probe-only', type: 'probe', category: 'probes', image: 'iq-plus.svg',
    name: 'Probe Only',
    shortDescription: 'The probe without a new membership, for members whose plan already covers their scanning.',
    variants: [
      { ...device('IQ_3', 'USBC', 'HUMAN', ['PROBE_ONLY'], 3699_00), sku: 'IQ3-USBC-HUMAN-PROBE-ONLY', label: 'iq3Usbc' },
      { ...device('IQ_PLUS', 'LIGHTNING', 'HUMAN', ['PROBE_ONLY'], 2499_00), sku: 'IQPLUS-LIGHTNING-HUMAN-PROBE-ONLY', label: 'iqPlusLightning' },
      { ...device('IQ_PLUS', 'USBC', 'VETERINARY', ['PROBE_ONLY'], 2599_00), sku: 'IQPLUS-USBC-VET-PROBE-ONLY', label: 'iqPlusUsbcVet' },
    ],
  },
  {
    slug: 'pro-membership', type: 'subscription', category: 'memberships', image: 'membership-pro.svg',
    name: 'Pro Membership',
    shortDescription: 'Unlimited scanning, capture, storage and sharing with all imaging modes.',
    variants: [
      plan('PRO-ANNUAL-HUMAN', 'annual', 'HUMAN', 'ANNUAL', 'INDIVIDUAL', ['INDIVIDUAL'], 420_00),
      plan('PRO-1Y-HUMAN', 'oneYear', 'HUMAN', 'ONE_YEAR', 'INDIVIDUAL', ['PRO'], 420_00),
      plan('PRO-3Y-HUMAN', 'threeYears', 'HUMAN', 'THREE_YEARS', 'PRO_THREE_YEAR', ['PRO'], 1080_00, { usdUndiscounted: 1260_00 }),
    ],
  },
  {
    slug: 'pro-membership-vet', type: 'subscription', category: 'memberships', image: 'membership-vet.svg',
    name: 'Pro Membership Vet',
    shortDescription: 'Everything in Pro, with veterinary presets, annotations and case sharing.',
    variants: [
      plan('PRO-ANNUAL-VET', 'annual', 'VETERINARY', 'ANNUAL', 'INDIVIDUAL', ['INDIVIDUAL'], 450_00),
      plan('PRO-1Y-VET', 'oneYear', 'VETERINARY', 'ONE_YEAR', 'INDIVIDUAL', ['PRO'], 450_00),
      plan('PRO-3Y-VET', 'threeYears', 'VETERINARY', 'THREE_YEARS', 'PRO_THREE_YEAR', ['PRO'], 1140_00, { usdUndiscounted: 1350_00 }),
    ],
  },
  {
    slug: 'individual-forever', type: 'subscription', category: 'memberships', image: 'membership-forever.svg',
    name: 'Forever Membership',
    shortDescription: 'One payment for lifetime cloud access on a single probe.',
    variants: [
      plan('FOREVER-HUMAN', 'forever', 'HUMAN', 'ONE_TIME', 'INDIVIDUAL_FOREVER', ['INDIVIDUAL'], 1399_00),
      plan('FOREVER-VET', 'foreverVet', 'VETERINARY', 'ONE_TIME', 'INDIVIDUAL_FOREVER', ['INDIVIDUAL'], 1499_00),
    ],
  },
  {
    slug: 'core-membership', type: 'subscription', category: 'memberships', image: 'membership-core.svg',
    name: 'Core Membership',
    shortDescription: 'Essential imaging modes and local storage for getting started.',
    variants: [
      plan('CORE-ANNUAL-HUMAN', 'annual', 'HUMAN', 'ANNUAL', 'CORE', ['CORE'], 199_00),
      plan('CORE-ANNUAL-VET', 'annualVet', 'VETERINARY', 'ANNUAL', 'CORE', ['CORE'], 199_00),
    ],
  },
  {
    slug: 'team-membership', type: 'subscription', category: 'memberships', image: 'membership-team.svg',
    name: 'Team Membership',
    shortDescription: 'Everything in Pro plus multiple user licenses and worksheets.',
    variants: [
      plan('TEAM-ANNUAL-HUMAN', 'perSeatAnnual', 'HUMAN', 'ANNUAL', 'TEAM', ['TEAM'], 360_00),
      plan('TEAM-ANNUAL-VET', 'perSeatAnnualVet', 'VETERINARY', 'ANNUAL', 'TEAM', ['TEAM'], 380_00),
      plan('TEAM-ADDITIONAL-HUMAN', 'additionalSeat', 'HUMAN', 'ANNUAL', 'TEAM', ['TEAM_ADDITIONAL'], 360_00),
      plan('TEAM-ADDITIONAL-VET', 'additionalSeatVet', 'VETERINARY', 'ANNUAL', 'TEAM', ['TEAM_ADDITIONAL'], 380_00),
      plan('TEAM-ADDITIONAL-10-HUMAN', 'tenSeats', 'HUMAN', 'ANNUAL', 'TEAM', ['TEAM_ADDITIONAL_10_BASED'], 3240_00),
    ],
  },
  {
    slug: 'clinic-membership', type: 'subscription', category: 'memberships', image: 'membership-clinic.svg',
    name: 'Clinic Membership',
    shortDescription: 'For practices and departments: seats, shared worklists, QA review and admin controls.',
    variants: [
      plan('CLINIC-ANNUAL-HUMAN', 'perSeatAnnual', 'HUMAN', 'ANNUAL', 'CLINIC', ['CLINIC'], 480_00),
      plan('CLINIC-ANNUAL-VET', 'perSeatAnnualVet', 'VETERINARY', 'ANNUAL', 'CLINIC', ['CLINIC'], 480_00),
    ],
  },
  {
    slug: 'pro-custom', type: 'subscription', category: 'memberships', image: 'membership-custom.svg',
    name: 'Pro Custom',
    shortDescription: 'Pro with the add-ons you choose: Diagnostic Tools, Procedural Tools, Education and Collaboration.',
    variants: [
      plan('PRO-CUSTOM-BASE', 'annual', 'HUMAN', 'ANNUAL', 'PRO_CUSTOM', ['PRO_CUSTOM'], 300_00),
      plan('PRO-CUSTOM-ADDON-FIRST', 'firstAddon', 'HUMAN', 'ANNUAL', 'PRO_CUSTOM', ['PRO_CUSTOM_ADDON'], 120_00),
      plan('PRO-CUSTOM-ADDON-FURTHER', 'furtherAddon', 'HUMAN', 'ANNUAL', 'PRO_CUSTOM', ['PRO_CUSTOM_ADDON'], 60_00),
    ],
  },
  {
    slug: 'probe-rental', type: 'rental', category: 'memberships', image: 'iq-plus-vet.svg',
    name: 'Probe Rental',
    shortDescription: 'A probe and Pro membership for a monthly fee, with a 12-month commitment.',
    variants: [
      { ...plan('RENTAL-IQPLUS-VET', 'rentalVet', 'VETERINARY', 'ANNUAL', 'RENTAL', ['RENTAL'], 1788_00), model: 'IQ_PLUS', connector: 'USBC', notSoldIn: NO_DEVICE_COUNTRIES },
      { ...plan('RENTAL-IQ3-HUMAN', 'rental', 'HUMAN', 'ANNUAL', 'RENTAL', ['RENTAL'], 2388_00), model: 'IQ_3', connector: 'USBC', notSoldIn: NO_DEVICE_COUNTRIES },
    ],
  },
  {
    slug: 'extended-warranty-2-years', type: 'warranty', category: 'warranties', image: 'warranty.svg',
    name: '2-Year Extended Warranty',
    shortDescription: 'Two more years of cover against defects, with advance replacement.',
    variants: [
      plan('WARRANTY-2Y-HUMAN', 'human', 'HUMAN', 'ONE_TIME', 'NONE', ['WARRANTY_2Y'], 399_00),
      plan('WARRANTY-2Y-VET', 'vet', 'VETERINARY', 'ONE_TIME', 'NONE', ['WARRANTY_2Y'], 449_00),
    ],
  },
  {
    slug: 'extended-warranty-3-years', type: 'warranty', category: 'warranties', image: 'warranty.svg',
    name: '3-Year Extended Warranty',
    shortDescription: 'Three more years of cover against defects, with advance replacement.',
    variants: [
      plan('WARRANTY-3Y-HUMAN', 'human', 'HUMAN', 'ONE_TIME', 'NONE', ['WARRANTY_3Y'], 599_00),
      plan('WARRANTY-3Y-VET', 'vet', 'VETERINARY', 'ONE_TIME', 'NONE', ['WARRANTY_3Y'], 649_00),
    ],
  },
  {
    slug: 'all-in-bundle', type: 'bundle', category: 'bundles', image: 'bundle.svg',
    name: 'All-in Bundle',
    shortDescription: 'IQ3 probe, three years of Pro membership and a 3-year extended warranty, at one price.',
    variants: [
      { ...plan('ALLIN-IQ3-HUMAN', 'human', 'HUMAN', 'THREE_YEARS', 'PRO_THREE_YEAR', ['BUNDLE'], 4999_00, { usdUndiscounted: 5578_00, stock: 200 }), model: 'IQ_3', connector: 'USBC', notSoldIn: NO_DEVICE_COUNTRIES },
      { ...plan('ALLIN-IQ3-VET', 'vet', 'VETERINARY', 'THREE_YEARS', 'PRO_THREE_YEAR', ['BUNDLE'], 5199_00, { usdUndiscounted: 5788_00, stock: 100 }), model: 'IQ_3', connector: 'USBC', notSoldIn: NO_DEVICE_COUNTRIES },
    ],
  },
  ...(
    [
      ['usb-c-cable', 'USB-C Cable', 'A 1 m braided USB-C cable for IQ3 and IQ+ USB-C probes.', 'cable-usbc.svg', 'ACC-USBC-1M', 'USBC', 39_00],
      ['usb-c-cable-long', 'USB-C Cable, Long', 'A 3 m braided USB-C cable for bedside and procedural use.', 'cable-usbc.svg', 'ACC-USBC-3M', 'USBC', 49_00],
      ['lightning-cable', 'Lightning Cable', 'A 1 m braided Lightning cable for IQ+ Lightning probes.', 'cable-lightning.svg', 'ACC-LIGHTNING-1M', 'LIGHTNING', 39_00],
      ['lightning-cable-long', 'Lightning Cable, Long', 'A 3 m braided Lightning cable for bedside and procedural use.', 'cable-lightning.svg', 'ACC-LIGHTNING-3M', 'LIGHTNING', 49_00],
    ] as const
  ).map(([slug, name, shortDescription, image, sku, connector, usd]): ProductDef => ({
    slug, type: 'accessory', category: 'accessories', image, name, shortDescription,
    // A cable's connector is the probe's it fits (the accessories step offers the ones that fit the chosen probe).
    variants: [{ sku, label: 'standard', market: 'HUMAN', connector, billingPeriod: 'ONE_TIME', planKind: 'NONE', groups: ['ACCESSORIES'], usd, stock: 2000 }],
  })),
];

/** English variant labels; each translations/<language>.json has the same keys. */
export const LABELS: Record<string, string> = {
  usbc: 'USB-C', lightning: 'Lightning', iq3Usbc: 'IQ3, USB-C', iqPlusLightning: 'IQ+, Lightning', iq3UsbcVet: 'IQ3 Vet, USB-C',
  iqPlusUsbcVet: 'IQ+ Vet, USB-C', annual: 'Billed yearly', annualVet: 'Veterinary, billed yearly', oneYear: '1 year, prepaid',
  threeYears: '3 years, prepaid', forever: 'Lifetime', foreverVet: 'Veterinary, lifetime', perSeatAnnual: 'Per seat, billed yearly',
  perSeatAnnualVet: 'Veterinary, per seat, billed yearly', additionalSeat: 'Additional seat', additionalSeatVet: 'Veterinary, additional seat',
  tenSeats: 'Pack of 10 additional seats', firstAddon: 'First add-on', furtherAddon: 'Each further add-on', rental: 'IQ3, 12 months',
  rentalVet: 'IQ+ Vet, 12 months', human: 'Human medicine', vet: 'Veterinary', standard: 'Standard',
};

export const CATEGORIES: Record<ProductDef['category'], string> = {
  probes: 'Probes', memberships: 'Memberships', accessories: 'Accessories', warranties: 'Warranties', bundles: 'Bundles',
};

export const PRODUCT_TYPES: Record<ProductDef['type'], { name: string; isShippingRequired: boolean; taxClass: 'STANDARD' | 'DIGITAL' }> = {
  probe: { name: 'Probe', isShippingRequired: true, taxClass: 'STANDARD' },
  subscription: { name: 'Subscription', isShippingRequired: false, taxClass: 'DIGITAL' },
  accessory: { name: 'Accessory', isShippingRequired: true, taxClass: 'STANDARD' },
  warranty: { name: 'Extended warranty', isShippingRequired: false, taxClass: 'STANDARD' },
  bundle: { name: 'Bundle', isShippingRequired: true, taxClass: 'STANDARD' },
  rental: { name: 'Rental', isShippingRequired: true, taxClass: 'STANDARD' },
};
