/** Spec §1, §3: the vocabulary of the catalogue, shared by the database, the API and the storefront. */

export const MODELS = ['IQ', 'IQ_3', 'IQ_PLUS'] as const;
export type Model = (typeof MODELS)[number];

export const CONNECTORS = ['LIGHTNING', 'USBC'] as const;
export type Connector = (typeof CONNECTORS)[number];

export const MARKETS = ['HUMAN', 'VETERINARY'] as const;
export type Market = (typeof MARKETS)[number];

export const BILLING_PERIODS = ['ONE_TIME', 'ANNUAL', 'ONE_YEAR', 'THREE_YEARS'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const PLAN_KINDS = [
  'BASIC', 'CLINIC', 'CORE', 'DEPARTMENT', 'EDUCATION', 'EMS', 'ENTERPRISE_SECURITY', 'ENTERPRISE_WORKFLOW',
  'GOVERNMENT', 'HOSPITAL', 'INDIVIDUAL', 'INDIVIDUAL_FOREVER', 'MEDICAL_SCHOOL', 'NONE', 'PRO_CUSTOM',
  'PRO_THREE_YEAR', 'PRO_TRIAL', 'RENTAL', 'RESIDENCY_PROGRAM', 'TEAM',
] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** Plan names as the catalogue, the screens and the e-mails name them (brand names, the same in every language). */
export const PLAN_NAMES: Record<PlanKind, string> = {
  BASIC: 'Basic', CLINIC: 'Clinic', CORE: 'Core', DEPARTMENT: 'Department', EDUCATION: 'Education', EMS: 'EMS',
  ENTERPRISE_SECURITY: 'Enterprise Security', ENTERPRISE_WORKFLOW: 'Enterprise Workflow', GOVERNMENT: 'Government', HOSPITAL: 'Hospital',
  INDIVIDUAL: 'Pro', INDIVIDUAL_FOREVER: 'Pro Forever', MEDICAL_SCHOOL: 'Medical School', NONE: '—', PRO_CUSTOM: 'Pro Custom',
  PRO_THREE_YEAR: 'Pro 3-Year', PRO_TRIAL: 'Pro Trial', RENTAL: 'Rental', RESIDENCY_PROGRAM: 'Residency Program', TEAM: 'Team',
};

export const STORE_TYPES = ['IQ', 'VET'] as const;
export type StoreType = (typeof STORE_TYPES)[number];

/**
 * Spec §3 Shop catalogue groups. A group holds variants of both markets; a query narrows by market.
 * TEAM, TEAM_ADDITIONAL and TEAM_ADDITIONAL_10_BASED are restricted to signed-in users (spec §6).
 */
export const CATALOGUE_GROUPS = [
  'IQ_DEVICE', 'IQ3_DEVICE', 'EXTRA_PROBE', 'PROBE_ONLY',
  'INDIVIDUAL', 'PRO', 'CORE', 'CLINIC', 'TEAM', 'TEAM_ADDITIONAL', 'TEAM_ADDITIONAL_10_BASED',
  'PRO_CUSTOM', 'PRO_CUSTOM_ADDON', 'RENTAL', 'WARRANTY_2Y', 'WARRANTY_3Y', 'ACCESSORIES', 'BUNDLE',
] as const;
export type CatalogueGroup = (typeof CATALOGUE_GROUPS)[number];

export const RESTRICTED_GROUPS: readonly CatalogueGroup[] = ['TEAM', 'TEAM_ADDITIONAL', 'TEAM_ADDITIONAL_10_BASED'];

/**
 * Spec §6 country permissions (Country.countryPermissions, from the server): what a country lets signed-in
 * buyers buy of the restricted shop data. A store country has both unless an operator took one away.
 */
export const COUNTRY_PERMISSIONS = ['TEAM_SUBSCRIPTIONS', 'VET_VARIANTS'] as const;
export type CountryPermission = (typeof COUNTRY_PERMISSIONS)[number];

/**
 * The country permissions a variant needs where it is sold: team subscriptions, their additional seats and the
 * old 10-based seat packs need TEAM_SUBSCRIPTIONS; their veterinary variants VET_VARIANTS as well. Other
 * variants need none (they are not restricted shop data).
 */
export function countryPermissionsNeeded(variant: { groups: readonly string[]; market: string }): CountryPermission[] {
  if (!variant.groups.some((g) => (RESTRICTED_GROUPS as readonly string[]).includes(g))) return [];
  return variant.market === 'VETERINARY' ? ['TEAM_SUBSCRIPTIONS', 'VET_VARIANTS'] : ['TEAM_SUBSCRIPTIONS'];
}

/** Whether a country with these permissions sells the variant to a signed-in buyer. */
export function countryPermits(permissions: readonly string[], variant: { groups: readonly string[]; market: string }): boolean {
  return countryPermissionsNeeded(variant).every((p) => permissions.includes(p));
}

/** Spec §1: the four Pro Custom add-ons; the first chosen has one price, each further one another. */
export const PRO_CUSTOM_ADDONS = ['DIAGNOSTIC_TOOLS', 'PROCEDURAL_TOOLS', 'EDUCATION', 'COLLABORATION'] as const;
export type ProCustomAddon = (typeof PRO_CUSTOM_ADDONS)[number];

/** Spec §9: thumbnail sizes, in pixels. */
export const THUMBNAIL_SIZES = [128, 750, 80] as const;

/** Spec §9: accessory keys mapped to product slugs. */
export const ACCESSORY_SLUGS = {
  usbCCable: 'usb-c-cable',
  lightningCable: 'lightning-cable',
  usbCCableLong: 'usb-c-cable-long',
  lightningCableLong: 'lightning-cable-long',
  vetDevice: 'iq-plus-vet',
} as const;

/** The device variants whose pricing decides whether a country can be served (spec §2 redirect rule). */
export const REQUIRED_DEVICE_SKUS = { iq3: 'IQ3-USBC-HUMAN', iqPlusLightning: 'IQPLUS-LIGHTNING-HUMAN' } as const;
