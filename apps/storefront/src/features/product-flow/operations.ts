import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FlowCatalogueQuery, FlowCatalogueQueryVariables, FlowVariantFragment } from '../../graphql/generated.ts';

export type FlowVariant = FlowVariantFragment;
export type FlowCatalogueFields = FlowCatalogueQuery;

/**
 * The step flows' catalogue (all-in, product flow, offers, pricing survey, Pro Custom): every group
 * they choose from, priced for the route's country and language. One document, so moving between steps
 * and flows reads the cache.
 */
export const FLOW_CATALOGUE: TypedDocumentNode<FlowCatalogueQuery, FlowCatalogueQueryVariables> = gql`
  query FlowCatalogue($country: CountryCode!, $languageCode: LanguageCodeEnum!, $voucherCode: String) {
    shop {
      programFlags { twentyImagingPresets }
      currentOffers { slug startDate endDate }
      teamConfiguration { minSeats maxSeats }
      clinicConfiguration { minSeats maxSeats }
      catalogue(country: $country, languageCode: $languageCode, voucherCode: $voucherCode) {
        currency
        displayGrossPrices
        banner { content url }
        devices: variants(group: IQ_DEVICE) { ...FlowVariant }
        individual: variants(group: INDIVIDUAL) { ...FlowVariant }
        prepaid: variants(group: PRO) { ...FlowVariant }
        core: variants(group: CORE) { ...FlowVariant }
        clinic: variants(group: CLINIC) { ...FlowVariant }
        proCustom: variants(group: PRO_CUSTOM) { ...FlowVariant }
        addons: variants(group: PRO_CUSTOM_ADDON) { ...FlowVariant }
        accessories: variants(group: ACCESSORIES) { ...FlowVariant }
        bundles: variants(group: BUNDLE) { ...FlowVariant }
        warranty2: variants(group: WARRANTY_2Y) { ...FlowVariant }
        warranty3: variants(group: WARRANTY_3Y) { ...FlowVariant }
      }
    }
  }
  fragment FlowVariant on ProductVariant {
    sku
    name
    market
    billingPeriod
    planKind
    model
    connector
    isAvailable
    product { slug name shortDescription thumbnail(size: 750) { url alt } }
    pricing {
      onSale
      price { currency net { fractionalAmount } gross { fractionalAmount } }
      priceUndiscounted { currency net { fractionalAmount } gross { fractionalAmount } }
    }
  }
`;
