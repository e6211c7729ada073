import type { LandingPage } from './landing-page.ts';
import { DEVICE_PAGES } from './devices.ts';
import { PLAN_PAGES } from './plans.ts';
import { PROGRAM_PAGES } from './programs.ts';

export type { LandingPage } from './landing-page.ts';

export const SECTION_LABEL: Record<LandingPage['section'], string> = { iq: 'nav.human', vet: 'nav.vet', pricing: 'nav.pricing' };

export const POINTS_PER_SET = 3;

export const LANDING_PAGES: readonly LandingPage[] = [...DEVICE_PAGES, ...PLAN_PAGES, ...PROGRAM_PAGES];

/** The page shown at a store path (the part after /{countryCode}/{language}/), if any. */
export function landingPageAt(pathAfterBase: string): LandingPage | undefined {
  const path = pathAfterBase.replace(/^\/+/, '').replace(/\/*$/, '/');
  return LANDING_PAGES.find((page) => page.path === path);
}

export function landingPage(key: string): LandingPage {
  const page = LANDING_PAGES.find((p) => p.key === key);
  if (!page) throw new Error(`No landing page ${key}`);
  return page;
}

/** The path (after the base path) of the landing page that sells a whole product, if one does. */
export function productPagePath(slug: string): string | undefined {
  return LANDING_PAGES.find((page) => page.layout === 'single' && page.products.length === 1 && page.products[0]!.slug === slug && !page.products[0]!.skus)?.path;
}

/** The part of a store pathname after /{countryCode}/{language}/. */
export const pathAfterBase = (pathname: string) => pathname.split('/').slice(3).join('/');

/**
 * How a variant's price reads on a landing page: a yearly-billed plan or rental as its monthly
 * amount (spec §9: the amount divided by 12, "mo"), with the yearly amount beside it; anything paid
 * once or prepaid for a term as its full amount.
 */
export function priceStyle(billingPeriod: 'ONE_TIME' | 'ANNUAL' | 'ONE_YEAR' | 'THREE_YEARS'): { perMonth: boolean; suffix: 'mo' | null; billedYearly: boolean } {
  return billingPeriod === 'ANNUAL' ? { perMonth: true, suffix: 'mo', billedYearly: true } : { perMonth: false, suffix: null, billedYearly: false };
}
