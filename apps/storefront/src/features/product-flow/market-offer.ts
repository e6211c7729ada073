import { ACCESSORY_SLUGS } from '@probe/domain';
import { sold, type FlowShop, type Market } from './flow-catalogue.ts';
import type { FlowVariant } from './operations.ts';

const CABLES_OF = {
  USBC: [ACCESSORY_SLUGS.usbCCable, ACCESSORY_SLUGS.usbCCableLong],
  LIGHTNING: [ACCESSORY_SLUGS.lightningCable, ACCESSORY_SLUGS.lightningCableLong],
} as const;

/** What the flow offers for a market: its devices, plans (yearly, prepaid, lifetime, core), warranties. */
export function offerFor(shop: FlowShop, market: Market) {
  const c = shop.catalogue;
  const of = (list: FlowVariant[]) => sold(list).filter((v) => v.market === market);
  return {
    devices: of(c.devices),
    plans: [...of(c.individual).filter((v) => v.billingPeriod === 'ANNUAL'), ...of(c.prepaid), ...of(c.individual).filter((v) => v.billingPeriod !== 'ANNUAL'), ...of(c.core)],
    warranties: [...of(c.warranty2), ...of(c.warranty3)],
  };
}

export const cablesFor = (shop: FlowShop, device: FlowVariant | undefined) =>
  sold(shop.catalogue.accessories).filter((a) => !device?.connector || (CABLES_OF[device.connector] as readonly string[]).includes(a.product.slug));

/** What a cart needs to be a whole solution: the parts missing, each with the choices that fit. */
export interface SolutionPart {
  key: 'plan' | 'device' | 'cable' | 'warranty';
  choices: FlowVariant[];
}

/**
 * Cart-based solutions: from the SKUs in the cart, what is missing for a probe to scan, store and stay
 * covered — a membership for a probe, a probe for a membership, a cable of the probe's connector, a
 * warranty. The market (human or vet) is the cart's probe's, else its plan's.
 */
export function missingParts(shop: FlowShop, skus: readonly string[]): { market: Market | null; parts: SolutionPart[] } {
  const c = shop.catalogue;
  const has = (list: readonly FlowVariant[]) => list.filter((v) => skus.includes(v.sku));
  const device = has(c.devices)[0];
  const plan = has([...c.individual, ...c.prepaid, ...c.core, ...c.clinic, ...c.proCustom, ...c.bundles])[0];
  const market = device?.market ?? plan?.market ?? null;
  if (!market) return { market: null, parts: [] };
  const offer = offerFor(shop, market);
  const cables = device ? cablesFor(shop, device) : [];
  const parts: SolutionPart[] = [];
  if (device && !plan) parts.push({ key: 'plan', choices: offer.plans.slice(0, 3) });
  if (plan && !device) parts.push({ key: 'device', choices: offer.devices });
  if (device && !has(cables).length) parts.push({ key: 'cable', choices: cables });
  if (device && !has(offer.warranties).length) parts.push({ key: 'warranty', choices: offer.warranties });
  return { market, parts: parts.filter((p) => p.choices.length > 0) };
}
