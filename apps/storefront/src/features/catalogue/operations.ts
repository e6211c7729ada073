import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AuthorizedUserShopQuery, AuthorizedUserShopQueryVariables, AccessoriesStepQuery, AccessoriesStepQueryVariables, ProductOfferQuery, ProductOfferQueryVariables, CardVariantFragment, GroupCardsQuery, GroupCardsQueryVariables, HomeQuery, HomeQueryVariables, PricingQuery, PricingQueryVariables, ProductQuery, ProductQueryVariables } from '../../graphql/generated.ts';

export type ProductPageFields = ProductQuery;
export type CardVariant = CardVariantFragment;
export type HomeFields = HomeQuery;

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

/** The product screens' query: one product of the catalogue, in the route's country and language. */
export const PRODUCT: TypedDocumentNode<ProductQuery, ProductQueryVariables> = gql`
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
            planKind
            model
            connector
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

/** The home and specialization homes: devices, plans and what is on offer, in the route's country and language. */
export const HOME: TypedDocumentNode<HomeQuery, HomeQueryVariables> = gql`
  query Home($country: CountryCode!, $languageCode: LanguageCodeEnum!, $voucherCode: String, $page: String) {
    shop {
      programFlags { twentyImagingPresets }
      currentOffers { slug endDate }
      catalogue(country: $country, languageCode: $languageCode, voucherCode: $voucherCode) {
        displayGrossPrices
        banner(page: $page) { content url }
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
/**
 * AuthorizedUserShop (spec 7, network-only, with the signed-in user's token): the shop data restricted to
 * authorised users (spec 6): team plans, their additional and 10-based seats, their vet variants, as far as
 * the country's countryPermissions allow. Sent only by a signed-in browser; the server refuses it otherwise.
 */
export const AUTHORIZED_USER_SHOP: TypedDocumentNode<AuthorizedUserShopQuery, AuthorizedUserShopQueryVariables> = gql`
  query AuthorizedUserShop($country: CountryCode!, $languageCode: LanguageCodeEnum!, $voucherCode: String) {
    shop {
      catalogue(country: $country, languageCode: $languageCode, voucherCode: $voucherCode) {
        countryPermissions
        team: variants(group: TEAM) { ...CardVariant }
        teamAdditional: variants(group: TEAM_ADDITIONAL) { ...CardVariant }
        teamAdditional10: variants(group: TEAM_ADDITIONAL_10_BASED) { ...CardVariant }
      }
    }
  }
  ${CARD_VARIANT}
`;

export const PRICING: TypedDocumentNode<PricingQuery, PricingQueryVariables> = gql`
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
export const GROUP_CARDS: TypedDocumentNode<GroupCardsQuery, GroupCardsQueryVariables> = gql`
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

/** The accessories step: the accessories sold here with the connector each fits, and the probe just chosen (when given). */
export const ACCESSORIES_STEP: TypedDocumentNode<AccessoriesStepQuery, AccessoriesStepQueryVariables> = gql`
  query AccessoriesStep($country: CountryCode!, $languageCode: LanguageCodeEnum!, $voucherCode: String, $device: String!) {
    shop {
      catalogue(country: $country, languageCode: $languageCode, voucherCode: $voucherCode) {
        displayGrossPrices
        device: product(slug: $device) { name category { slug } variants { sku connector } }
        variants(group: ACCESSORIES) { ...CardVariant connector isAvailable }
      }
    }
  }
  ${CARD_VARIANT}
`;

/** The offer a product page was reached through (`?offer=<slug>`): an ended one is said so on the page. */
export const PRODUCT_OFFER: TypedDocumentNode<ProductOfferQuery, ProductOfferQueryVariables> = gql`
  query ProductOffer($slug: String!) {
    shop { offer(slug: $slug) { slug endDate hasEnded } }
  }
`;
