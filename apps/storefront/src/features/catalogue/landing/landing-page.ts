import type { PageViewName } from '../../../analytics/data-layer.ts';

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

type PointSet = 'probe' | 'probeOnly' | 'vetProbe' | 'pro' | 'proVet' | 'rental' | 'tradeIn' | 'cable';

