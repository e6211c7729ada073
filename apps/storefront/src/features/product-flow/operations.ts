import { gql, type TypedDocumentNode } from '@apollo/client';
import type { TaxedFields } from '../../data/shop-operations.ts';

/** A catalogue variant as the step flows show and choose it. */
export interface FlowVariant {
  sku: string;
  name: string;
  market: 'HUMAN' | 'VETERINARY';
  billingPeriod: 'ONE_TIME' | 'ANNUAL' | 'ONE_YEAR' | 'THREE_YEARS';
  planKind: string;
  model: 'IQ' | 'IQ_3' | 'IQ_PLUS' | null;
  connector: 'LIGHTNING' | 'USBC' | null;
  isAvailable: boolean;
  product: { slug: string; name: string; shortDescription: string; thumbnail: { url: string; alt: string } | null };
  pricing: { onSale: boolean; price: TaxedFields; priceUndiscounted: TaxedFields } | null;
}

export interface FlowCatalogueFields {
  shop: {
    programFlags: { twentyImagingPresets: boolean; studentPromo: boolean; vetStudentPromo: boolean };
    currentOffers: Array<{ slug: string; startDate: string; endDate: string | null }>;
    teamConfiguration: { minSeats: number; maxSeats: number };
    clinicConfiguration: { minSeats: number; maxSeats: number };
    catalogue: {
      currency: string;
      displayGrossPrices: boolean;
      banner: { content: string; url: string | null } | null;
      devices: FlowVariant[];
      individual: FlowVariant[];
      prepaid: FlowVariant[];
      core: FlowVariant[];
      clinic: FlowVariant[];
      proCustom: FlowVariant[];
      addons: FlowVariant[];
      accessories: FlowVariant[];
      bundles: FlowVariant[];
      warranty2: FlowVariant[];
      warranty3: FlowVariant[];
    };
  };
}

/**
 * The step flows' catalogue (all-in, product flow, offers, pricing survey, Pro Custom): every group
 * they choose from, priced for the route's country and language. One document, so moving between steps
 * and flows reads the cache.
 */
export const FLOW_CATALOGUE: TypedDocumentNode<FlowCatalogueFields, { country: string; languageCode: string; voucherCode?: string | null }> = gql`
  query FlowCatalogue($country: CountryCode!, $languageCode: LanguageCodeEnum!, $voucherCode: String) {
    shop {
      programFlags { twentyImagingPresets studentPromo vetStudentPromo }
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
