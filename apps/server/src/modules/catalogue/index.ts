/** The catalogue: products, variants and their prices per country, cached per catalogue version. */
export { CatalogueService, type CatalogueReads, type ShopStateRow } from './service.ts';
export type { CatalogueProduct, CatalogueSnapshot, CatalogueVariant } from './snapshot.ts';
export { localeSitemapXml, planSitemap, sitemapIndexXml, URLS_PER_SITEMAP, type SitemapPlan } from './sitemap.ts';
export { countryRate, priceVariant } from './pricing.ts';
export { findPromoByCode, type OfferRow, type PromoRow, type PublicPromoRow } from './repo.ts';
export { knownSkus, previewPriceChanges, pricesForCountry, setCountryPrices, type CountryPrice, type PriceChange, type PriceChangeError } from './staff-prices.ts';
export {
  CATALOGUE_LANGUAGES, listStaffProducts, loadStaffProduct, updateStaffProduct, updateStaffVariant,
  type ProductText, type StaffChangeError, type StaffProduct, type StaffProductSummary, type StaffVariant, type VariantChange, type VariantText,
} from './staff-products.ts';
export { setTaxRates, taxRatesOf, type StaffTaxRate, type TaxRateChange } from './staff-taxes.ts';
