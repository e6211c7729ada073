/**
 * The store's landing pages (devices, plans, programs), as paths after /{countryCode}/{language}/: those of
 * apps/storefront/src/features/catalogue/landing (a storefront test checks that both lists agree).
 */
export const LANDING_PAGE_PATHS: readonly string[] = [
  'iq-3/', 'iq-plus/', 'vet/iq-plus/', 'probe/', 'vet/probe/', 'device-iq/', 'vet/device/',
  'pro-membership/', 'vet/pro-membership/', 'vet/pro/1-year/', 'vet/pro/2-year/', 'vet/pro/3-year/', 'vet/rental/',
  'trade-in/', 'pricing/cable/',
];

/**
 * The store's public pages that exist in every market, as paths after /{countryCode}/{language}/: what
 * sitemap.xml gives search engines, beside one page per product sold in the market (`product/{slug}/`).
 * Pages for one buyer (cart, checkout, account, orders, payments, referral links) are not here.
 */
export const PUBLIC_STORE_PATHS: readonly string[] = [
  '', 'iq/', 'vet/', 'iq/bundle/', 'vet/bundle/', 'accessories/', 'pricing/', 'supported-countries/', 'contact/', 'site-map/',
  'solutions/', 'offer/', 'product/iq3/all-in/', 'all-in/', 'product-flow/', 'pricing-survey/', 'pro-custom/',
  ...LANDING_PAGE_PATHS,
  'terms/',
];

/** A product's page, after the base path. */
export const productStorePath = (slug: string) => `product/${encodeURIComponent(slug)}/`;
