import { gql, type TypedDocumentNode } from '@apollo/client';
import type { TaxedFields } from '../../data/shop-operations.ts';

/** The catalogue screens' operations. */
/** Shared selections: a taxed price, and a variant as product cards and plan cards show it. */
const TAXED_FIELDS = gql`
  fragment TaxedFields on TaxedMoney {
    currency
    net { fractionalAmount }
    gross { fractionalAmount }
  }
`;

const CARD_VARIANT = gql`
  fragment CardVariant on ProductVariant {
    sku
    name
    market
    billingPeriod
    product { slug name shortDescription thumbnail(size: 750) { url alt } }
    pricing { onSale price { ...TaxedFields } priceUndiscounted { ...TaxedFields } }
  }
  ${TAXED_FIELDS}
`;

export interface ProductPageFields {
  shop: {
    catalogue: {
      currency: string;
      displayGrossPrices: boolean;
      product: {
        id: string;
        slug: string;
        name: string;
        shortDescription: string;
        category: { slug: string; name: string };
        productType: { isShippingRequired: boolean };
        thumbnail: { url: string; alt: string } | null;
        variants: Array<{
          id: string;
          sku: string;
          name: string;
          billingPeriod: 'ONE_TIME' | 'ANNUAL' | 'ONE_YEAR' | 'THREE_YEARS';
          isAvailable: boolean;
          pricing: { onSale: boolean; price: TaxedFields; priceUndiscounted: TaxedFields } | null;
        }>;
      } | null;
    };
  };
}

/** The product screens' query: one product of the catalogue, in the route's country and language. */
export const PRODUCT: TypedDocumentNode<ProductPageFields, { country: string; languageCode: string; slug: string; voucherCode?: string | null }> = gql`
  query Product($country: CountryCode!, $languageCode: LanguageCodeEnum!, $slug: String!, $voucherCode: String) {
    shop {
      catalogue(country: $country, languageCode: $languageCode, voucherCode: $voucherCode) {
        currency
        displayGrossPrices
        product(slug: $slug) {
          id
          slug
          name
          shortDescription
          category { slug name }
          productType { isShippingRequired }
          thumbnail(size: 750) { url alt }
          variants {
            id
            sku
            name
            billingPeriod
            isAvailable
            pricing {
              onSale
              price { ...TaxedFields }
              priceUndiscounted { ...TaxedFields }
            }
          }
        }
      }
    }
  }
  ${TAXED_FIELDS}
`;

export interface CardVariant {
  sku: string;
  name: string;
  market: 'HUMAN' | 'VETERINARY';
  billingPeriod: 'ONE_TIME' | 'ANNUAL' | 'ONE_YEAR' | 'THREE_YEARS';
  product: { slug: string; name: string; shortDescription: string; thumbnail: { url: string; alt: string } | null };
  pricing: { onSale: boolean; price: TaxedFields; priceUndiscounted: TaxedFields } | null;
}

export interface HomeFields {
  shop: {
    programFlags: { twentyImagingPresets: boolean };
    currentOffers: Array<{ slug: string; endDate: string | null }>;
    catalogue: {
      displayGrossPrices: boolean;
      banner: { content: string; url: string | null } | null;
      promos: Array<{ code: string | null; bannerMessage: string | null; bannerLink: string | null; bannerColor: string | null; bannerVisibilityPages: string[] }>;
      devices: CardVariant[];
      plans: CardVariant[];
      proCustom: CardVariant[];
      addons: CardVariant[];
    };
  };
}

/** The home and specialization homes: devices, plans and what is on offer, in the route's country and language. */
export const HOME: TypedDocumentNode<HomeFields, { country: string; languageCode: string; voucherCode?: string | null; page: string }> = gql`
  query Home($country: CountryCode!, $languageCode: LanguageCodeEnum!, $voucherCode: String, $page: String) {
    shop {
      programFlags { twentyImagingPresets }
      currentOffers { slug endDate }
      catalogue(country: $country, languageCode: $languageCode, voucherCode: $voucherCode) {
        displayGrossPrices
        banner(page: $page) { content url }
        promos { code bannerMessage bannerLink bannerColor bannerVisibilityPages }
        devices: variants(group: IQ_DEVICE) { ...CardVariant }
        plans: variants(group: INDIVIDUAL) { ...CardVariant }
        proCustom: variants(group: PRO_CUSTOM) { ...CardVariant }
        addons: variants(group: PRO_CUSTOM_ADDON) { ...CardVariant }
      }
    }
  }
  ${CARD_VARIANT}
`;


/** The pricing page and its plan and feature comparison. */
export const PRICING: TypedDocumentNode<
  { shop: { programFlags: { twentyImagingPresets: boolean }; catalogue: { displayGrossPrices: boolean; core: CardVariant[]; pro: CardVariant[]; clinic: CardVariant[]; proCustom: CardVariant[]; addons: CardVariant[] } } },
  { country: string; languageCode: string; voucherCode?: string | null }
> = gql`
  query Pricing($country: CountryCode!, $languageCode: LanguageCodeEnum!, $voucherCode: String) {
    shop {
      programFlags { twentyImagingPresets }
      catalogue(country: $country, languageCode: $languageCode, voucherCode: $voucherCode) {
        displayGrossPrices
        core: variants(group: CORE) { ...CardVariant }
        pro: variants(group: INDIVIDUAL) { ...CardVariant }
        clinic: variants(group: CLINIC) { ...CardVariant }
        proCustom: variants(group: PRO_CUSTOM) { ...CardVariant }
        addons: variants(group: PRO_CUSTOM_ADDON) { ...CardVariant }
      }
    }
  }
  ${CARD_VARIANT}
`;

/** One catalogue group as cards (the accessories and bundles screens). */
export const GROUP_CARDS: TypedDocumentNode<
  { shop: { catalogue: { displayGrossPrices: boolean; variants: CardVariant[] } } },
  { country: string; languageCode: string; voucherCode?: string | null; group: 'ACCESSORIES' | 'BUNDLE' }
> = gql`
  query GroupCards($country: CountryCode!, $languageCode: LanguageCodeEnum!, $voucherCode: String, $group: CatalogueGroup!) {
    shop {
      catalogue(country: $country, languageCode: $languageCode, voucherCode: $voucherCode) {
        displayGrossPrices
        variants(group: $group) { ...CardVariant }
      }
    }
  }
  ${CARD_VARIANT}
`;
