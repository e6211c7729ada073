import type { CatalogueGroup, Market } from '../catalogue/catalogue.ts';
import type { PaymentMethod } from './payment-method.ts';

/** Spec §3 consent acknowledgements a checkout may require before the order is placed. */
export const ATTESTATIONS = [
  'ACKNOWLEDGE_AMBASSADOR_THIRD_PARTY', 'LICENSED', 'PAYMENT_AUTHORIZATION', 'PROBE_ONLY', 'RENEWAL', 'RENTAL_PAYMENT', 'TERMS_AND_CONDITIONS',
] as const;
export type Attestation = (typeof ATTESTATIONS)[number];

/**
 * What a bundle / checkout type allows (spec §3: "about 90 values"; these are the ones this store sells).
 * - groups: the catalogue groups its lines may come from (accessories and warranties ride along where listed);
 * - market: the market its lines must belong to (null: any);
 * - attestations: what the buyer must acknowledge before placing the order;
 * - methods: the payment methods it may be paid with (further narrowed by country and total);
 * - needsOrganization: only a signed-in member of an organization may use it.
 */
export interface CheckoutTypeRule {
  groups: readonly CatalogueGroup[];
  market: Market | null;
  attestations: readonly Attestation[];
  methods: 'ALL' | readonly PaymentMethod[];
  needsOrganization: boolean;
}

const ADD_ONS: CatalogueGroup[] = ['ACCESSORIES', 'WARRANTY_2Y', 'WARRANTY_3Y'];
const DEVICE_AND_PLAN: CatalogueGroup[] = ['IQ_DEVICE', 'IQ3_DEVICE', 'INDIVIDUAL', 'PRO', 'CORE', ...ADD_ONS];
const BUY: readonly Attestation[] = ['TERMS_AND_CONDITIONS', 'LICENSED'];
const CARD_ONLY: readonly PaymentMethod[] = ['CREDIT_CARD'];
const RECURRING: readonly PaymentMethod[] = ['CREDIT_CARD', 'SEPA', 'ACH', 'ACSS', 'ELECTRONIC_QUOTE'];

export const CHECKOUT_TYPES = {
  INDIVIDUAL_CHECKOUT: { groups: DEVICE_AND_PLAN, market: 'HUMAN', attestations: BUY, methods: 'ALL', needsOrganization: false },
  INDIVIDUAL_CHECKOUT_VET: { groups: DEVICE_AND_PLAN, market: 'VETERINARY', attestations: BUY, methods: 'ALL', needsOrganization: false },
  ALL_IN_BUNDLE_CHECKOUT: { groups: ['BUNDLE', ...ADD_ONS], market: 'HUMAN', attestations: BUY, methods: 'ALL', needsOrganization: false },
  ALL_IN_BUNDLE_CHECKOUT_VET: { groups: ['BUNDLE', ...ADD_ONS], market: 'VETERINARY', attestations: BUY, methods: 'ALL', needsOrganization: false },
  PRO_CUSTOM_CHECKOUT: { groups: ['PRO_CUSTOM', 'PRO_CUSTOM_ADDON', 'IQ_DEVICE', 'IQ3_DEVICE', ...ADD_ONS], market: 'HUMAN', attestations: BUY, methods: RECURRING, needsOrganization: false },
  CLINIC_CHECKOUT: { groups: ['CLINIC', 'IQ_DEVICE', 'IQ3_DEVICE', ...ADD_ONS], market: 'HUMAN', attestations: BUY, methods: RECURRING, needsOrganization: false },
  CLINIC_CHECKOUT_VET: { groups: ['CLINIC', 'IQ_DEVICE', 'IQ3_DEVICE', ...ADD_ONS], market: 'VETERINARY', attestations: BUY, methods: RECURRING, needsOrganization: false },
  TEAM_CHECKOUT: { groups: ['TEAM', 'IQ_DEVICE', 'IQ3_DEVICE', ...ADD_ONS], market: 'HUMAN', attestations: BUY, methods: RECURRING, needsOrganization: true },
  TEAM_CHECKOUT_VET: { groups: ['TEAM', 'IQ_DEVICE', 'IQ3_DEVICE', ...ADD_ONS], market: 'VETERINARY', attestations: BUY, methods: RECURRING, needsOrganization: true },
  RENTAL_CHECKOUT: { groups: ['RENTAL', 'ACCESSORIES'], market: null, attestations: ['TERMS_AND_CONDITIONS', 'RENTAL_PAYMENT'], methods: CARD_ONLY, needsOrganization: false },
  FREE_TRIAL_CHECKOUT: { groups: ['INDIVIDUAL', 'PRO'], market: null, attestations: ['TERMS_AND_CONDITIONS', 'PAYMENT_AUTHORIZATION'], methods: CARD_ONLY, needsOrganization: false },
  ACCESSORIES_CHECKOUT: { groups: ADD_ONS, market: null, attestations: ['TERMS_AND_CONDITIONS'], methods: 'ALL', needsOrganization: false },
  RENEWAL_CHECKOUT: { groups: ['INDIVIDUAL', 'PRO', 'CORE', 'CLINIC', 'TEAM', 'PRO_CUSTOM', 'PRO_CUSTOM_ADDON'], market: null, attestations: ['TERMS_AND_CONDITIONS', 'RENEWAL'], methods: RECURRING, needsOrganization: true },
  UPGRADE_CHECKOUT: { groups: ['PRO', 'CLINIC', 'TEAM', 'PRO_CUSTOM', 'PRO_CUSTOM_ADDON'], market: null, attestations: ['TERMS_AND_CONDITIONS'], methods: RECURRING, needsOrganization: true },
  EXPANSION_CHECKOUT: { groups: ['TEAM_ADDITIONAL', 'TEAM_ADDITIONAL_10_BASED'], market: null, attestations: ['TERMS_AND_CONDITIONS'], methods: RECURRING, needsOrganization: true },
  EXTRA_PROBE_CHECKOUT: { groups: ['EXTRA_PROBE', ...ADD_ONS], market: null, attestations: ['TERMS_AND_CONDITIONS'], methods: 'ALL', needsOrganization: true },
  PROBE_ONLY_CHECKOUT: { groups: ['PROBE_ONLY', ...ADD_ONS], market: null, attestations: ['TERMS_AND_CONDITIONS', 'PROBE_ONLY'], methods: 'ALL', needsOrganization: false },
} as const satisfies Record<string, CheckoutTypeRule>;

export type CheckoutType = keyof typeof CHECKOUT_TYPES;
export const CHECKOUT_TYPE_NAMES = Object.keys(CHECKOUT_TYPES) as CheckoutType[];

export function isCheckoutType(value: string): value is CheckoutType {
  return Object.hasOwn(CHECKOUT_TYPES, value);
}

/** What the type rules need to know of a line's variant. */
export interface LineKind {
  groups: readonly string[];
  market: string;
}

/** Whether a line may be in a checkout of this type. */
export function lineAllowed(type: CheckoutType, line: LineKind): boolean {
  const rule: CheckoutTypeRule = CHECKOUT_TYPES[type];
  const inGroup = line.groups.some((g) => (rule.groups as readonly string[]).includes(g));
  const isAddOn = line.groups.every((g) => (ADD_ONS as string[]).includes(g));
  return inGroup && (rule.market === null || isAddOn || line.market === rule.market);
}

/**
 * The type of an anonymous cart, from its lines, when the page that started it named none: the first
 * line that is not an add-on decides (a bundle, a rental, a pro custom plan, a clinic plan, a device or
 * plan of a market); a cart of add-ons only is an accessories checkout.
 */
export function inferCheckoutType(lines: readonly LineKind[]): CheckoutType {
  const main = lines.find((l) => !l.groups.every((g) => (ADD_ONS as string[]).includes(g)));
  if (!main) return 'ACCESSORIES_CHECKOUT';
  const vet = main.market === 'VETERINARY';
  const has = (g: CatalogueGroup) => main.groups.includes(g);
  if (has('BUNDLE')) return vet ? 'ALL_IN_BUNDLE_CHECKOUT_VET' : 'ALL_IN_BUNDLE_CHECKOUT';
  if (has('RENTAL')) return 'RENTAL_CHECKOUT';
  if (has('PRO_CUSTOM') || has('PRO_CUSTOM_ADDON')) return 'PRO_CUSTOM_CHECKOUT';
  if (has('CLINIC')) return vet ? 'CLINIC_CHECKOUT_VET' : 'CLINIC_CHECKOUT';
  if (has('TEAM')) return vet ? 'TEAM_CHECKOUT_VET' : 'TEAM_CHECKOUT';
  if (has('TEAM_ADDITIONAL') || has('TEAM_ADDITIONAL_10_BASED')) return 'EXPANSION_CHECKOUT';
  if (has('EXTRA_PROBE')) return 'EXTRA_PROBE_CHECKOUT';
  if (has('PROBE_ONLY')) return 'PROBE_ONLY_CHECKOUT';
  return vet ? 'INDIVIDUAL_CHECKOUT_VET' : 'INDIVIDUAL_CHECKOUT';
}
