import type { PageViewName } from '../analytics/data-layer.ts';
import { DEVICE_PAGES } from './devices.ts';
import { PLAN_PAGES } from './plans.ts';
import { PROGRAM_PAGES } from './programs.ts';

/**
 * The store's landing pages (spec §2 screens without a given path): one screen module
 * (routes/landing.tsx) shows each of them from its entry here. Prices are never written here: each
 * page names catalogue products (and, when it shows only some, their SKUs), and the screen reads
 * their prices from the catalogue of the route's country.
 */
export interface LandingPage {
  /** Stable id: the route id and the key of the page's own messages (`landing.<key>.*`). */
  key: string;
  /** Path after the base path /{countryCode}/{language}/, with its trailing slash. */
  path: string;
  /** The screen above it in the breadcrumbs, also named above the h1: /iq/, /vet/ or /pricing/. */
  section: 'iq' | 'vet' | 'pricing';
  /** The catalogue products shown, in order; `skus` narrows a product to those variants. */
  products: Array<{ slug: string; skus?: string[] }>;
  /** The h1: the first product's catalogue name, or the page's own title message (`landing.<key>.title`). */
  heading: 'product' | 'message';
  /** The lead under the h1: the first product's catalogue description, or `landing.<key>.lead`. */
  lead: 'product' | 'message';
  /** `single`: one product with its picture beside its options; `grid`: one card per product. */
  layout: 'single' | 'grid';
  /** The set of three highlights (`landing.points.<set>.1..3`). */
  points: PointSet;
  pageView: PageViewName;
  /** Whether the payment-financing snippet belongs on the page (the iq product pages). */
  financing: boolean;
  /** The call to action: add the chosen variant to the cart, or open the product's own landing page. */
  cta: { kind: 'cart' } | { kind: 'link'; label: string };
}

export const SECTION_LABEL: Record<LandingPage['section'], string> = { iq: 'nav.human', vet: 'nav.vet', pricing: 'nav.pricing' };

export type PointSet = 'probe' | 'probeOnly' | 'vetProbe' | 'pro' | 'proVet' | 'rental' | 'tradeIn' | 'cable';

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
