import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PromoBannersQuery, PromoBannersQueryVariables, CountryAddressValidationQuery, CountryAddressValidationQueryVariables, EnabledCountriesQuery, EnabledCountriesQueryVariables, GeolocalizationQuery, GeolocalizationQueryVariables, MaintenanceQueryQuery, MaintenanceQueryQueryVariables, ShopQuery, ShopQueryVariables, TaxedFieldsFragment } from '../graphql/generated.ts';

export type CountryFields = EnabledCountriesQuery['shop']['countries'][number];
export type MaintenanceFields = MaintenanceQueryQuery['shop'];
export type ShopFields = ShopQuery;
/** A taxed price as every catalogue screen selects it (the TaxedFields fragment). */
export type TaxedFields = TaxedFieldsFragment;

export const ENABLED_COUNTRIES: TypedDocumentNode<EnabledCountriesQuery, EnabledCountriesQueryVariables> = gql`
  query EnabledCountries($languageCode: LanguageCodeEnum) {
    shop {
      countries(languageCode: $languageCode) {
        code
        country
      }
    }
  }
`;

export const GEOLOCALIZATION: TypedDocumentNode<GeolocalizationQuery, GeolocalizationQueryVariables> = gql`
  query Geolocalization {
    shop {
      geolocalization {
        country {
          code
          country
        }
      }
    }
  }
`;

export const MAINTENANCE: TypedDocumentNode<MaintenanceQueryQuery, MaintenanceQueryQueryVariables> = gql`
  query MaintenanceQuery {
    shop {
      maintenanceMode
      maintenanceAccessAllowed
      maintenancePageHeader
      maintenancePageContent
      maintenancePageUrl
    }
  }
`;

/**
 * Shop (spec §7): the shop data the store root loads for a country and language. The screens of the
 * browsing issue add their fields here; it never selects the groups restricted to signed-in users.
 */
export const SHOP: TypedDocumentNode<ShopQuery, ShopQueryVariables> = gql`
  query Shop($country: CountryCode!, $languageCode: LanguageCodeEnum!, $voucherCode: String) {
    shop {
      storeType
      catalogue(country: $country, languageCode: $languageCode, voucherCode: $voucherCode) {
        currency
        displayGrossPrices
        isDevicePriced
      }
    }
  }
`;


/** CountryAddressValidation (spec §7): a country's address rules (required fields, areas, postal code kind), shared by checkout and the forms. */
export const COUNTRY_ADDRESS_VALIDATION: TypedDocumentNode<CountryAddressValidationQuery, CountryAddressValidationQueryVariables> = gql`
  query CountryAddressValidation($countryCode: CountryCode!, $languageCode: LanguageCodeEnum) {
    addressValidator(countryCode: $countryCode, languageCode: $languageCode) { countryCode requiredFields countryAreaChoices { raw verbose } postalCodeType countryAreaType }
  }
`;

/**
 * The running promos' banners (spec §3 Promo), loaded with the store rather than by each screen: the store layout shows
 * each on the pages it names. Its own operation, beside Shop, so the store's reads stay within their statement budgets
 * and the store never waits on it (app/shell/promo-banners.tsx); the server keeps the promos per catalogue version, so a
 * warm page costs no statement.
 */
export const PROMO_BANNERS: TypedDocumentNode<PromoBannersQuery, PromoBannersQueryVariables> = gql`
  query PromoBanners($country: CountryCode!, $languageCode: LanguageCodeEnum!) {
    shop {
      catalogue(country: $country, languageCode: $languageCode) {
        promos { code bannerMessage bannerLink bannerColor bannerVisibilityPages }
        banners { content url visibility }
      }
    }
  }
`;
